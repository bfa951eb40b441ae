/**
 * What every command action gets: the resolved config dir, the output
 * formatter (honouring --json / --no-color) and the API client, created on
 * first use. Wrap an action with `action(...)` so that its return value
 * becomes the exit code and its errors reach main.ts's single catch point.
 */
import type { Command } from 'commander';
import { createApiClient, type ApiClient } from './api-client.ts';
import { resolveConfigDir } from './config-dir.ts';
import { createOutput, type Output } from './output.ts';

export interface GlobalOptions {
  configDir?: string;
  url?: string;
  color?: boolean;
  debug?: boolean;
  json?: boolean;
}

export interface CliContext {
  readonly configDir: string;
  /** --url as given (discovery uses daemon.json when absent). */
  readonly url: string | undefined;
  readonly debug: boolean;
  readonly out: Output;
  /** The API client (discovery runs on its first request). */
  client(): ApiClient;
}

export function createContext(options: GlobalOptions): CliContext {
  const configDir = resolveConfigDir(options.configDir);
  let client: ApiClient | null = null;
  return {
    configDir,
    url: options.url,
    debug: options.debug === true,
    out: createOutput({ json: options.json === true, color: options.color !== false }),
    client: () => (client ??= createApiClient({ configDir, url: options.url })),
  };
}

/**
 * Adapts `handler(ctx, ...positionals, options)` to a commander action. A
 * returned number is the exit code.
 */
export function action<A extends unknown[]>(handler: (ctx: CliContext, ...args: A) => Promise<number | void>) {
  return async (...args: unknown[]): Promise<void> => {
    const command = args[args.length - 1] as Command;
    const ctx = createContext(command.optsWithGlobals<GlobalOptions>());
    const code = await handler(ctx, ...(args.slice(0, -1) as A));
    if (typeof code === 'number') process.exitCode = code;
  };
}

/** Adds `--json` to a command that reads something. */
export function withJson(command: Command): Command {
  return command.option('--json', 'print machine-readable JSON');
}
