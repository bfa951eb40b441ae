/**
 * The command-line operations that run beside the daemon:
 *   svc sync pull --from URL [--config-dir DIR]
 * (from a checkout: `npx tsx adapters/node/cli.ts sync pull --from URL`).
 * The fetch uses undici; verifying and writing the bundle is core's
 * `pullTeamBundle`, so this file only wires the host in.
 */
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fetch as undiciFetch } from 'undici';
import { FILTER_CATALOGUE } from '../../core/scoring/filters/catalogue.ts';
import { BundleError } from '../../core/sync/team-bundle.ts';
import { pullTeamBundle } from '../../core/sync/pull-bundle.ts';
import { createNodeFileStore } from './node-file-store.ts';

const USAGE = 'usage: svc sync pull --from URL [--config-dir DIR]';

function parseFlags(argv: readonly string[]): { from: string | null; configDir: string | null } {
  const out = { from: null as string | null, configDir: null as string | null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--from') out.from = value;
    else if (flag === '--config-dir') out.configDir = value;
    else throw new Error(`unknown flag ${flag}`);
  }
  return out;
}

async function syncPull(argv: readonly string[]): Promise<void> {
  const flags = parseFlags(argv);
  if (!flags.from) throw new Error(`--from is required\n${USAGE}`);
  const configDir = resolve(flags.configDir ?? process.env.SVC_CONFIG_DIR ?? join(homedir(), '.config', 'svc'));
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  const result = await pullTeamBundle({
    url: flags.from,
    fetch: undiciFetch as unknown as typeof fetch,
    files: createNodeFileStore(configDir),
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    knownFilters: new Set(FILTER_CATALOGUE.map((filter) => filter.id)),
  });
  process.stdout.write(
    `svc sync pull: ${result.configs_written.length} config(s), ${result.policies_written.length} polic(ies) written` +
      `${result.configs_removed.length ? `, ${result.configs_removed.length} stale config(s) removed` : ''}; ` +
      `run POST /api/sync/apply to merge the configs into team-config.toml\n`,
  );
}

async function main(argv: readonly string[]): Promise<void> {
  const [group, command, ...rest] = argv;
  if (group === 'sync' && command === 'pull') return syncPull(rest);
  throw new Error(USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof BundleError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`svc: ${message}\n`);
  process.exit(1);
});
