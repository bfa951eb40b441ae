/**
 * Every `svc` command, by name: one line each, loaded only when that command
 * runs (so `svc --version` loads none of them).
 *
 * Adding a command:
 * 1. Create `cli/commands/<name>.ts` whose default export registers it:
 *
 *        import type { Command } from 'commander';
 *        import { action, withJson } from '../context.ts';
 *        export default function register(program: Command): void {
 *          withJson(program.command('thing').description('Show the thing'))
 *            .argument('<id>', 'which thing')
 *            .action(action(async (ctx, id: string, opts: { json?: boolean }) => {
 *              const thing = await ctx.client().get<Thing>(`/api/things/${encodeURIComponent(id)}`);
 *              ctx.out.result(thing, () => ctx.out.pairs([['id', thing.id]]));
 *            }));
 *        }
 *
 * 2. Add one line below: `thing: () => import('./commands/thing.ts'),` (an
 *    alias gets its own line pointing at the same module).
 *
 * Rules: talk to the daemon only through `ctx.client()` (discovery, tokens,
 * timeouts and error → exit code live there); print only through `ctx.out`
 * (`result` for --json, `table`, `pairs`, `note` for stderr); fail by throwing
 * `CliError(EXIT.x, 'what went wrong', 'what to do')` from errors.ts, never by
 * printing and exiting yourself. Return a number from the action for a
 * non-zero exit that is not an error (e.g. `svc proxy test` → 1 or 2).
 * Import heavy modules (core engine, prompts, `open`) with `await import()`
 * inside the action, not at the top of the file.
 */
import type { Command } from 'commander';

export interface CommandModule {
  default: (program: Command) => void;
}

export const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  audit: () => import('./commands/audit.ts'),
  canary: () => import('./commands/canary.ts'),
  config: () => import('./commands/config.ts'),
  daemon: () => import('./commands/daemon.ts'),
  digest: () => import('./commands/digest.ts'),
  doctor: () => import('./commands/doctor.ts'),
  exec: () => import('./commands/exec.ts'),
  hook: () => import('./commands/hook.ts'),
  mcp: () => import('./commands/mcp.ts'),
  pair: () => import('./commands/pair.ts'),
  dashboard: () => import('./commands/pair.ts'),
  proxy: () => import('./commands/proxy.ts'),
  setup: () => import('./commands/setup.ts'),
  status: () => import('./commands/daemon.ts'),
  sync: () => import('./commands/sync.ts'),
};
