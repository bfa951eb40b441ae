/**
 * `svc sync pull --from URL`: fetches and verifies the team bundle and writes
 * it into the config dir (core's pullTeamBundle; no daemon needed).
 * `svc sync apply`: asks the daemon to merge the synced configs into
 * team-config.toml (`POST /api/sync/apply`, Pro).
 */
import type { Command } from 'commander';
import { action, withJson } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';

interface ApplyResult {
  status: string;
  configs_applied: number;
  team_config_path: string;
}

export default function register(program: Command): void {
  const sync = program.command('sync').description('Team data: pull the team bundle, apply synced configs');

  withJson(sync.command('pull'))
    .description('Fetch the team bundle from URL, verify it, write its configs and policies into the config dir')
    .requiredOption('--from <url>', 'the team bundle URL (credentials in the URL go out as Basic auth)')
    .action(
      action(async (ctx, options: { from: string }) => {
        const [{ mkdir }, { pullTeamBundle }, { FILTER_CATALOGUE }, { createNodeFileStore }] = await Promise.all([
          import('node:fs/promises'),
          import('../../core/sync/pull-bundle.ts'),
          import('../../core/scoring/filters/catalogue.ts'),
          import('../../adapters/node/node-file-store.ts'),
        ]);
        await mkdir(ctx.configDir, { recursive: true, mode: 0o700 });
        const result = await pullTeamBundle({
          url: options.from,
          fetch,
          files: createNodeFileStore(ctx.configDir),
          clock: { now: () => Date.now(), monotonic: () => performance.now() },
          knownFilters: new Set(FILTER_CATALOGUE.map((filter) => filter.id)),
        }).catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          throw new CliError(EXIT.failure, `sync pull failed: ${message}`, 'nothing was written; check the URL and the bundle');
        });
        ctx.out.result(result, () =>
          ctx.out.line(
            `svc sync pull: ${result.configs_written.length} config(s), ${result.policies_written.length} polic(ies) written` +
              `${result.configs_removed.length ? `, ${result.configs_removed.length} stale config(s) removed` : ''}; ` +
              'run `svc sync apply` to merge the configs into team-config.toml',
          ),
        );
      }),
    );

  withJson(sync.command('apply'))
    .description('Merge the synced configs into team-config.toml (takes effect at the next daemon start)')
    .action(
      action(async (ctx) => {
        const result = await ctx.client().post<ApplyResult>('/api/sync/apply');
        ctx.out.result(result, () =>
          ctx.out.line(`${result.configs_applied} synced config(s) merged into ${result.team_config_path}; restart the daemon (\`svc daemon restart\`) to use them`),
        );
      }),
    );
}
