/**
 * Commands that run another command: `sudo`, `doas`, `env`, `command`,
 * `exec`, `nice`, `nohup`, `timeout`, `ionice`, `setsid`, `stdbuf`, `time`,
 * `chrt`, `taskset`, `chroot`, `strace`, `busybox`, `xargs`, `watch`,
 * `flock`, `su -c`, `find -exec`, and the commands that run one elsewhere:
 * `docker`/`podman`/`nerdctl` `run`/`exec`, `docker compose run`/`exec`,
 * `kubectl exec … --`, `ssh HOST CMD`. `peel` takes one layer off and says
 * what runs underneath: another argv, a shell string, or a shell reading stdin.
 */

export interface Peeled {
  /** The command run underneath (argv), when there is one. */
  argv?: string[];
  /** Several commands (find with more than one -exec). */
  more?: string[][];
  /** A shell string run underneath (watch, flock -c, su -c, env -S). */
  script?: string;
  /** The wrapper starts a shell reading its standard input (sudo -s, doas -s). */
  stdinShell?: boolean;
  /** Variables the wrapper sets for the command (env NAME=VALUE). */
  assigns?: [string, string][];
  /** xargs: the replace string (-I), or '' to append the input words. */
  xargs?: string;
  /** Container bind mounts as [path inside, host path]: the command's paths are read as the host's. */
  mounts?: [string, string][];
  /** The command runs on another machine: 'remote' (ssh to a named host) or 'unknown' (a cluster's pod). */
  place?: 'remote' | 'unknown';
}

interface Spec {
  /** Options that take the next argument (short `-u`, long `--user`). */
  withArg: ReadonlySet<string>;
  /** Leading operands before the command (timeout's duration, chroot's root). */
  operands?: number;
}

const s = (...a: string[]) => new Set(a);

// A Map, not an object literal: command names come from the call, and a name
// such as `constructor` must not find an Object.prototype member.
const SPECS: ReadonlyMap<string, Spec> = new Map(Object.entries({
  sudo: { withArg: s('-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '-T', '-a', '--user', '--group', '--host', '--prompt', '--chdir', '--role', '--type', '--other-user', '--close-from') },
  doas: { withArg: s('-u', '-C', '-a') },
  command: { withArg: s() },
  exec: { withArg: s('-a') },
  nice: { withArg: s('-n', '--adjustment') },
  nohup: { withArg: s() },
  timeout: { withArg: s('-s', '-k', '--signal', '--kill-after'), operands: 1 },
  ionice: { withArg: s('-c', '-n', '-p', '-P', '-u', '--class', '--classdata') },
  setsid: { withArg: s() },
  stdbuf: { withArg: s('-i', '-o', '-e', '--input', '--output', '--error') },
  time: { withArg: s('-f', '-o', '--format', '--output') },
  chrt: { withArg: s(), operands: 1 },
  taskset: { withArg: s(), operands: 1 },
  chroot: { withArg: s('--userspec', '--groups'), operands: 1 },
  strace: { withArg: s('-o', '-e', '-p', '-s', '-u', '-E', '-a', '-b', '-I', '-O', '-S', '-P', '-X') },
  ltrace: { withArg: s('-o', '-e', '-p', '-s', '-u', '-a', '-n') },
  unbuffer: { withArg: s() },
  caffeinate: { withArg: s('-t', '-w') },
  torsocks: { withArg: s('-u', '-p', '-a', '-P') },
  proxychains: { withArg: s('-f') },
  proxychains4: { withArg: s('-f') },
  runuser: { withArg: s('-u', '-g', '-G', '--user', '--group') },
  fakeroot: { withArg: s('-l', '-s', '-i', '--lib', '--faked') },
  catchsegv: { withArg: s() },
  doppler: { withArg: s() },
} satisfies Record<string, Spec>));

/** Removes a standard binary directory so `/usr/bin/rm` reads as `rm`. */
export function commandName(word: string): string {
  // Every directory the pattern names starts with '/': most words are ruled out without the regex.
  if (word.charCodeAt(0) !== 0x2f) return word;
  const m = /^(?:\/usr\/local|\/usr|\/opt\/homebrew|)\/s?bin\/([^/]+)$/.exec(word);
  return m ? m[1]! : word;
}

/** Skips a wrapper's options and operands; returns the index of the command, or -1. */
function skipOptions(argv: string[], spec: Spec, start = 1): { at: number; flags: string[] } {
  let i = start;
  const flags: string[] = [];
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--') { i++; break; }
    if (!a.startsWith('-') || a === '-') break;
    flags.push(a);
    const eq = a.indexOf('=');
    const key = eq > 0 ? a.slice(0, eq) : a;
    if (eq < 0 && spec.withArg.has(key)) { i += 2; continue; }
    i++;
  }
  i += spec.operands ?? 0;
  return { at: i < argv.length ? i : -1, flags };
}

function peelEnv(argv: string[]): Peeled {
  const assigns: [string, string][] = [];
  let i = 1;
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--') { i++; continue; }
    if (a === '-S' || a === '--split-string') return { script: argv.slice(i + 1).join(' '), assigns };
    if (a.startsWith('--split-string=')) return { script: [a.slice(15), ...argv.slice(i + 1)].join(' '), assigns };
    if (a === '-u' || a === '--unset' || a === '-C' || a === '--chdir') { i += 2; continue; }
    if (a.startsWith('-')) { i++; continue; }
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(a);
    if (m) { assigns.push([m[1]!, m[2]!]); i++; continue; }
    break;
  }
  return i < argv.length ? { argv: argv.slice(i), assigns } : { assigns };
}

const XARGS_WITH_ARG = s('-n', '-P', '-L', '-l', '-d', '-a', '-E', '-s', '-e', '--max-args', '--max-procs', '--delimiter', '--arg-file', '--max-lines', '--eof', '--max-chars');

function peelXargs(argv: string[]): Peeled {
  let replace = '';
  let i = 1;
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--') { i++; break; }
    if (!a.startsWith('-')) break;
    if (a === '-I') { replace = argv[i + 1] ?? '{}'; i += 2; continue; }
    if (a.startsWith('-I')) { replace = a.slice(2); i++; continue; }
    if (a === '-i' || a.startsWith('--replace')) { replace = a.includes('=') ? a.slice(a.indexOf('=') + 1) : '{}'; i++; continue; }
    if (XARGS_WITH_ARG.has(a)) { i += 2; continue; }
    i++;
  }
  return { argv: i < argv.length ? argv.slice(i) : ['echo'], xargs: replace };
}

function peelFind(argv: string[]): Peeled {
  const starts: string[] = [];
  let i = 1;
  while (i < argv.length && !argv[i]!.startsWith('-') && argv[i] !== '(' && argv[i] !== '!') starts.push(argv[i++]!);
  let name = '';
  const cmds: string[][] = [];
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if ((a === '-name' || a === '-iname' || a === '-path') && argv[i + 1] !== undefined) { name = argv[++i]!; continue; }
    if (a === '-exec' || a === '-execdir' || a === '-ok' || a === '-okdir') {
      const cmd: string[] = [];
      for (i++; i < argv.length && argv[i] !== ';' && argv[i] !== '+'; i++) cmd.push(argv[i]!);
      const start = starts[0] ?? '.';
      const target = name && !name.includes('/') ? `${start.replace(/\/$/, '')}/${name}` : start;
      if (cmd.length > 0) cmds.push(cmd.map((w) => w.split('{}').join(target)));
    }
    if (a === '-delete' && starts.length > 0) {
      const start = starts[0]!;
      cmds.push(['rm', '-f', name && !name.includes('/') ? `${start.replace(/\/$/, '')}/${name}` : start]);
    }
  }
  if (cmds.length === 0) return {};
  return { argv: cmds[0], more: cmds.slice(1) };
}

const CONTAINER_ENGINES = s('docker', 'podman', 'nerdctl');
/** `docker run`/`create`/`exec` and `compose run`/`exec` options that take the next argument. */
const CONTAINER_WITH_ARG = s('-v', '--volume', '-e', '--env', '--env-file', '-p', '--publish', '-w', '--workdir', '--name', '--network', '--net',
  '--entrypoint', '-u', '--user', '--mount', '-l', '--label', '--platform', '--restart', '-h', '--hostname', '--cpus', '-m', '--memory',
  '--add-host', '--dns', '--device', '--cap-add', '--cap-drop', '--security-opt', '--pid', '--ipc', '--shm-size', '--ulimit', '--tmpfs',
  '--gpus', '--log-driver', '--log-opt', '--runtime', '--userns', '--uts', '--pull', '--cidfile', '--volumes-from', '--link', '--expose',
  '--group-add', '-a', '--attach', '--detach-keys', '--index', '--health-cmd', '--stop-signal', '--memory-swap', '--cgroupns', '--ip',
  '--mac-address', '--annotation', '--label-file', '--cpuset-cpus', '--stop-timeout', '--isolation', '--profile', '-f', '--file', '--project-name', '--project-directory');

/** A bind mount's [inside, host] from `-v HOST:INSIDE[:opts]` or `--mount type=bind,source=…,target=…`. */
function mountOf(opt: string, value: string): [string, string] | null {
  if (opt === '--mount') {
    const kv = new Map(value.split(',').map((p) => { const i = p.indexOf('='); return [p.slice(0, i), p.slice(i + 1)] as [string, string]; }));
    const src = kv.get('source') ?? kv.get('src'); const dst = kv.get('target') ?? kv.get('destination') ?? kv.get('dst');
    return src && dst && (src.startsWith('/') || src.startsWith('~') || src.startsWith('.') || src.startsWith('$')) ? [dst, src] : null;
  }
  const parts = value.split(':');
  if (parts.length < 2) return null;
  const [src, dst] = parts as [string, string];
  return src.startsWith('/') || src.startsWith('~') || src.startsWith('.') || src.startsWith('$') ? [dst, src] : null;
}

/** `docker run IMAGE CMD…`, `docker exec CTR CMD…`, `docker compose run|exec SVC CMD…` (also podman, nerdctl). */
function peelContainer(argv: string[]): Peeled | null {
  let i = 1;
  while (i < argv.length && argv[i]!.startsWith('-')) i += argv[i] === '--context' || argv[i] === '-H' || argv[i] === '--host' ? 2 : 1;
  let sub = argv[i];
  if (sub === 'compose' || sub === 'container') { i++; while (i < argv.length && argv[i]!.startsWith('-')) i += CONTAINER_WITH_ARG.has(argv[i]!) ? 2 : 1; sub = argv[i]; }
  if (sub !== 'run' && sub !== 'exec') return null;
  const mounts: [string, string][] = [];
  for (i++; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') { i++; break; }
    if (!a.startsWith('-')) break;
    const eq = a.indexOf('=');
    const key = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const value = a.startsWith('--') && eq > 0 ? a.slice(eq + 1) : CONTAINER_WITH_ARG.has(a) ? argv[++i] : undefined;
    if (value !== undefined && (key === '-v' || key === '--volume' || key === '--mount')) { const m = mountOf(key, value); if (m) mounts.push(m); }
  }
  // argv[i] is the image, container or service; the command follows it.
  const cmd = argv.slice(i + 1);
  return cmd.length > 0 ? { argv: cmd, mounts } : {};
}

const SSH_WITH_ARG = s('-p', '-i', '-l', '-o', '-F', '-J', '-L', '-R', '-D', '-b', '-c', '-E', '-e', '-I', '-m', '-O', '-Q', '-S', '-W', '-w', '-B');

/** `ssh [opts] HOST CMD…`: the remote command, as the remote shell reads it (its words joined). */
function peelSsh(argv: string[]): Peeled | null {
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') { i++; break; }
    if (!a.startsWith('-')) break;
    if (SSH_WITH_ARG.has(a)) i++;
  }
  const rest = argv.slice(i + 1);
  return rest.length > 0 ? { script: rest.join(' '), place: 'remote' } : null;
}

/** `kubectl [opts] exec POD [opts] -- CMD…`: the command run in the pod. */
function peelKubectl(argv: string[]): Peeled | null {
  if (!argv.includes('exec')) return null;
  const dd = argv.indexOf('--');
  return dd > 0 && dd + 1 < argv.length ? { argv: argv.slice(dd + 1), place: 'unknown' } : null;
}

/** Fleet runners' options that take a value (pdsh, pssh/parallel-ssh, clush). */
const FANOUT_WITH_ARG: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['pdsh', s('-w', '-x', '-g', '-X', '-R', '-l', '-t', '-u', '-f', '-F', '-M')],
  ['pssh', s('-h', '-H', '-l', '-p', '-o', '-e', '-t', '-O', '-x', '-X', '-P', '--hosts', '--host', '--user', '--par', '--outdir', '--errdir', '--timeout', '--option', '--extra-args')],
  ['clush', s('-w', '-x', '-g', '-X', '-l', '-f', '-t', '-u', '-o', '-O', '-R', '--nodes', '--group', '--exclude', '--fanout', '--user', '--options')],
]);

/**
 * Commands run on a fleet: `pdsh -w HOSTS CMD…`, `pssh -h FILE -i CMD…`,
 * `clush -a CMD…`, and `ansible PATTERN [-m shell|command|raw] -a 'CMD'`
 * (the default module runs a command).
 */
function peelFanOut(name: string, argv: string[]): Peeled | null {
  if (name === 'ansible') {
    let mod = 'command';
    let args: string | undefined;
    for (let i = 1; i < argv.length; i++) {
      const a = argv[i]!;
      if ((a === '-m' || a === '--module-name') && argv[i + 1] !== undefined) mod = argv[++i]!;
      else if (a.startsWith('--module-name=')) mod = a.slice(14);
      else if ((a === '-a' || a === '--args') && argv[i + 1] !== undefined) args = argv[++i]!;
      else if (a.startsWith('--args=')) args = a.slice(7);
    }
    return args !== undefined && /^(?:ansible\.builtin\.|ansible\.windows\.)?(?:command|shell|raw|win_shell|win_command)$/.test(mod) ? { script: args, place: 'remote' } : null;
  }
  const withArg = FANOUT_WITH_ARG.get(name === 'parallel-ssh' ? 'pssh' : name);
  if (!withArg) return null;
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') { i++; break; }
    if (!a.startsWith('-')) break;
    if (withArg.has(a)) i++;
  }
  const rest = argv.slice(i);
  return rest.length > 0 ? { script: rest.join(' '), place: 'remote' } : null;
}

/** One layer of wrapping taken off `argv` (already expanded), or null when `argv[0]` wraps nothing. */
export function peel(argv: string[]): Peeled | null {
  const name = argv[0] ?? '';
  if (name === 'env') return peelEnv(argv);
  if (name === 'xargs') return peelXargs(argv);
  if (name === 'find') return peelFind(argv);
  if (CONTAINER_ENGINES.has(name) || name === 'docker-compose') return peelContainer(name === 'docker-compose' ? ['docker', 'compose', ...argv.slice(1)] : argv);
  if (name === 'ssh') return peelSsh(argv);
  if (name === 'ansible' || name === 'pdsh' || name === 'pssh' || name === 'parallel-ssh' || name === 'clush') return peelFanOut(name, argv);
  if (name === 'kubectl' || name === 'oc') return peelKubectl(argv);
  if (name === 'busybox' || name === 'toybox') return argv.length > 1 ? { argv: argv.slice(1) } : null;
  if (name === 'command' && argv.slice(1).some((a) => a === '-v' || a === '-V')) return null;
  if (name === 'watch') {
    const { at, flags } = skipOptions(argv, { withArg: s('-n', '--interval', '-d') });
    if (at < 0) return {};
    return flags.includes('-x') || flags.includes('--exec') ? { argv: argv.slice(at) } : { script: argv.slice(at).join(' ') };
  }
  if (name === 'flock') {
    const { at } = skipOptions(argv, { withArg: s('-w', '-E', '--timeout', '--conflict-exit-code') });
    if (at < 0) return {};
    const rest = argv.slice(at + 1);
    if (rest[0] === '-c' || rest[0] === '--command') return { script: rest.slice(1).join(' ') };
    return rest.length > 0 ? { argv: rest } : {};
  }
  if (name === 'su' || name === 'script' || (name === 'runuser' && argv.includes('-c'))) {
    const c = argv.findIndex((a, idx) => idx > 0 && (a === '-c' || a === '--command'));
    if (c > 0 && argv[c + 1] !== undefined) return { script: argv[c + 1]! };
    if (name === 'su') return { stdinShell: true };
    if (name === 'script') return null;
  }
  const spec = SPECS.get(name);
  if (!spec) return null;
  const { at, flags } = skipOptions(argv, spec);
  if (name === 'nice' && at < 0 && argv.length > 1) return null;
  if (at < 0) {
    if ((name === 'sudo' || name === 'doas') && flags.some((f) => /^-[a-zA-Z]*[si]/.test(f) && !f.startsWith('--'))) return { stdinShell: true };
    return {};
  }
  if (name === 'sudo' && flags.some((f) => f === '-e' || f === '--edit' || f === '-l' || f === '--list')) return null;
  return { argv: argv.slice(at) };
}

export const SHELLS: ReadonlySet<string> = s('sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'tcsh', 'csh', 'yash', 'rbash', 'busybox-sh');

/**
 * Shell text a command takes in one of its options and runs (GTFOBins'
 * "shell" and "command" functions): `tar --checkpoint-action=exec=…`,
 * `--to-command`, `--use-compress-program`, `rsync -e`, `ssh -o
 * ProxyCommand=…`, `git -c core.pager=…`, `zip -TT`, `vim -c ':!…'`,
 * `gdb -ex '!…'`, `sqlite3 -cmd '.shell …'`, `man -P`, `tcpdump -z`,
 * `mysql`/`psql` `\\!`, `make --eval`. Returns the strings, at most 8.
 */
/** Programs whose commands given in options run shell text after `!`, `:!`, `.shell`, `shell` or `\\!`. */
const BANG_PROGRAMS = s('vim', 'vi', 'nvim', 'ex', 'view', 'rvim', 'gdb', 'lldb', 'sqlite3', 'mysql', 'mariadb', 'psql', 'ftp', 'less', 'more', 'man', 'ed', 'nano', 'emacs', 'busctl', 'crash');

export function embeddedCommands(argv: readonly string[]): string[] {
  const name = argv[0] ?? '';
  const out: string[] = [];
  const ssh = name === 'ssh' || name === 'scp' || name === 'sftp';
  const bang = BANG_PROGRAMS.has(name);
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    let m: RegExpExecArray | null;
    // Each test reads the command's name before its regex: most arguments of most commands try none.
    if (a.startsWith('--') && (m = /^--(?:checkpoint-action=exec|to-command|use-compress-program|rsh|rsync-path|info-script|new-volume-script)=([\s\S]+)$/.exec(a))) addCommand(out, m[1]);
    else if ((name === 'tar' && (a === '-I' || a === '-F')) || (name === 'rsync' && a === '-e') || (name === 'zip' && a === '-TT') || (name === 'man' && a === '-P') || (name === 'tcpdump' && a === '-z')) addCommand(out, next);
    else if (ssh && (m = /^(?:proxycommand|localcommand|knownhostscommand|remotecommand)[= ]([\s\S]+)$/i.exec(a))) addCommand(out, m[1]!.replace(/^[;\s]+/, ''));
    else if (name === 'git' && a === '-c' && next !== undefined && (m = /^(?:core\.(?:pager|sshcommand|editor|fsmonitor|askpass)|sequence\.editor|diff\.external|alias\.[^=]{1,40}(?==!)|credential\.helper(?==!)|gpg\.program|uploadpack\.packobjectshook)=([\s\S]+)$/i.exec(next))) addCommand(out, m[1]!.replace(/^!/, ''));
    else if (bang && i > 1 && /^-/.test(argv[i - 1]!) && (m = /^(?::?!|\.(?:shell|system)\s|shell\s|system\s|\\!\s?)([\s\S]+)$/.exec(a))) addCommand(out, m[1]);
    else if (bang && /^\+:?!/.test(a)) addCommand(out, a.replace(/^\+:?!/, ''));
    else if (name === 'make' && (m = /^--eval=([\s\S]+)$/.exec(a))) addCommand(out, m[1]!.split('\n').filter((l) => l.startsWith('\t')).map((l) => l.replace(/^\t[-@+]{0,3}/, '')).join('\n'));
  }
  return out;
}

function addCommand(out: string[], text: string | undefined): void {
  if (text !== undefined && text.trim() !== '' && out.length < 8) out.push(text);
}
