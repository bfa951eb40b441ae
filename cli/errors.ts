/**
 * Exit codes (contracts.md, "The command-line tool") and the one error type
 * every command throws. `main.ts` is the single place that turns a thrown
 * error into the line `svc: <what went wrong> (<what to do>)` and an exit code.
 */
export const EXIT = {
  ok: 0,
  /** Also `allow` for `svc proxy test`. */
  queue: 1,
  /** A command that failed for a reason the daemon or the input gave (not a usage error). */
  failure: 1,
  deny: 2,
  /** No daemon at the address daemon.json or --url names, or it does not answer. */
  notRunning: 3,
  /** The daemon cannot durably record (`audit_quarantined` / `audit_read_only`). */
  notDurable: 4,
  /** Refused by a limit (`SESSION_LIMIT_REACHED`). */
  limit: 5,
  usage: 64,
  internal: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure a user can act on: `what` went wrong, `hint` says what to do. */
export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
    readonly hint?: string,
    /** The daemon's error code, when the daemon refused. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A command finished and wants a specific exit code without printing an error (e.g. proxy test → 2). */
export class ExitWith extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'ExitWith';
  }
}

export function usageError(message: string, hint?: string): CliError {
  return new CliError(EXIT.usage, message, hint);
}

export function notRunning(message = 'daemon not running', hint = 'start it with `svc daemon start`'): CliError {
  return new CliError(EXIT.notRunning, message, hint);
}

/** The one error line. */
export function errorLine(message: string, hint?: string): string {
  const what = message.replace(/\s+/g, ' ').trim();
  return hint ? `svc: ${what} (${hint})` : `svc: ${what}`;
}
