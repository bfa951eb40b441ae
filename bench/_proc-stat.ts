/**
 * Reading a process's CPU time from Linux's /proc/PID/stat, for the benches
 * that measure a host from outside. (Named with a leading `_`: `npm run
 * bench` does not run it.)
 */

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The fields after the command name (which may hold spaces and parentheses), from field 3 (state) on. */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** User + system CPU milliseconds in a /proc/PID/stat text. */
export function cpuMsOfStat(stat: string): number {
  const fields = statFields(stat);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
