/**
 * `svc config get [KEY]` and `svc config set KEY VALUE [--team]`, through
 * the daemon's `GET/PUT /api/config` (its validation, its scope files).
 * Keys: proxy.auto_allow_threshold, proxy.auto_deny_threshold,
 * filters.<id> (true/false), server.auto_open_dashboard (true/false).
 */
import type { Command } from 'commander';
import { action, withJson, type CliContext } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';

interface ConfigView {
  config_scope: string[];
  proxy: { auto_allow_threshold: number; auto_deny_threshold: number };
  filters: Array<{ id: string; name: string; phase: string; enabled: boolean }>;
}

const SETTABLE = 'proxy.auto_allow_threshold, proxy.auto_deny_threshold, filters.<id>, server.auto_open_dashboard';

/** The value at a dotted key of the config view (`filters.<id>` is that filter's `enabled`). */
export function lookup(view: ConfigView, key: string): unknown {
  const [head, ...rest] = key.split('.');
  const tail = rest.join('.');
  if (head === 'filters' && tail) {
    const filter = view.filters.find((f) => f.id === tail);
    if (!filter) throw new CliError(EXIT.usage, `no filter ${tail}`, `filters: ${view.filters.map((f) => f.id).join(', ')}`);
    return filter.enabled;
  }
  let value: unknown = view;
  for (const part of key.split('.')) {
    if (typeof value !== 'object' || value === null || !(part in value)) throw new CliError(EXIT.usage, `no config key ${key}`, `keys: proxy.auto_allow_threshold, proxy.auto_deny_threshold, filters.<id>`);
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function bool(key: string, text: string): boolean {
  if (text === 'true' || text === 'on') return true;
  if (text === 'false' || text === 'off') return false;
  throw new CliError(EXIT.usage, `${key} takes true or false, not ${text}`);
}

/** The PUT /api/config body for one key. */
export function updateBody(key: string, text: string, scope: 'local' | 'team'): Record<string, unknown> {
  if (key === 'proxy.auto_allow_threshold' || key === 'proxy.auto_deny_threshold') {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value)) throw new CliError(EXIT.usage, `${key} takes a number, not ${text}`);
    return { scope, proxy: { [key.slice('proxy.'.length)]: value } };
  }
  if (key.startsWith('filters.') && key.length > 'filters.'.length) return { scope, filters: [{ id: key.slice('filters.'.length), enabled: bool(key, text) }] };
  if (key === 'server.auto_open_dashboard') return { scope, server: { auto_open_dashboard: bool(key, text) } };
  throw new CliError(EXIT.usage, `${key} cannot be set from here`, `settable: ${SETTABLE}; edit config.toml for the rest`);
}

async function get(ctx: CliContext, key: string | undefined): Promise<void> {
  const view = await ctx.client().get<ConfigView>('/api/config');
  if (key !== undefined) {
    const value = lookup(view, key);
    ctx.out.result(value, () => ctx.out.line(typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value)));
    return;
  }
  ctx.out.result(view, () => {
    ctx.out.pairs([
      ['proxy.auto_allow_threshold', String(view.proxy.auto_allow_threshold)],
      ['proxy.auto_deny_threshold', String(view.proxy.auto_deny_threshold)],
    ]);
    ctx.out.line();
    ctx.out.table(
      [
        { header: 'FILTER', value: (f: ConfigView['filters'][number]) => f.id },
        { header: 'NAME', value: (f) => f.name, flex: true },
        { header: 'PHASE', value: (f) => f.phase },
        { header: 'ENABLED', value: (f) => String(f.enabled) },
      ],
      view.filters,
    );
    ctx.out.line(ctx.out.c.dim('effective values: defaults, then team-config.toml, then config.toml'));
  });
}

export default function register(program: Command): void {
  const config = program.command('config').description('Read and change the configuration through the daemon');

  withJson(config.command('get'))
    .description('The effective configuration, or one KEY (e.g. proxy.auto_deny_threshold, filters.canary)')
    .argument('[key]', 'dotted key')
    .action(action(get));

  withJson(config.command('set'))
    .description(`Write one KEY to config.toml (or team-config.toml with --team); keys: ${SETTABLE}`)
    .argument('<key>', 'dotted key')
    .argument('<value>', 'new value')
    .option('--team', 'write the team scope (team-config.toml)')
    .action(
      action(async (ctx, key: string, value: string, options: { team?: boolean }) => {
        const result = await ctx.client().put<{ status: string; scope: string; message: string }>('/api/config', { body: updateBody(key, value, options.team ? 'team' : 'local') });
        ctx.out.result(result, () => ctx.out.line(`${key} = ${value} written (${result.scope}): ${result.message}`));
      }),
    );
}
