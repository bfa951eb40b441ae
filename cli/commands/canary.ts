/**
 * `svc canary list | add LABEL [--value V | --generate] [--durable] | rotate ID | rm ID`.
 * A generated value is made here (48 hex characters, like the daemon's) and
 * printed once: the daemon never returns a value, and a decoy is useless
 * unless the user can plant it.
 */
import type { Command } from 'commander';
import { action, withJson, type CliContext } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';

interface Canary {
  id: string;
  label: string;
  value_prefix: string;
}

async function valueOf(options: { value?: string; generate?: boolean }): Promise<{ value: string; generated: boolean }> {
  if ((options.value === undefined) === !options.generate) {
    throw new CliError(EXIT.usage, 'give exactly one of --value V or --generate');
  }
  if (options.value !== undefined) {
    if (options.value === '') throw new CliError(EXIT.usage, '--value must not be empty');
    return { value: options.value, generated: false };
  }
  const { randomBytes } = await import('node:crypto');
  return { value: randomBytes(24).toString('hex'), generated: true };
}

async function add(ctx: CliContext, label: string, options: { value?: string; generate?: boolean; durable?: boolean }): Promise<void> {
  if (label.trim() === '') throw new CliError(EXIT.usage, 'the label must not be empty');
  const { value, generated } = await valueOf(options);
  let canary: Canary | null = null;
  let file: string | null = null;
  if (options.durable) {
    const { addDurableCanary } = await import('../canary/durable-canary.ts');
    file = await addDurableCanary(ctx.configDir, label, value);
    // Also live now when a daemon runs; the file takes over at its next start.
    canary = await ctx
      .client()
      .post<Canary>('/api/canaries', { body: { label, value } })
      .catch((error: unknown) => {
        if (error instanceof CliError && error.exitCode === EXIT.notRunning) return null;
        throw error;
      });
  } else {
    canary = await ctx.client().post<Canary>('/api/canaries', { body: { label, value } });
  }
  ctx.out.result({ ...(canary ?? { id: null, label }), ...(generated ? { value } : {}), durable_file: file }, () => {
    if (canary) ctx.out.line(`canary ${canary.id} "${label}" registered${file ? '' : ' (in memory until the daemon stops; --durable keeps it)'}`);
    if (file) ctx.out.line(`written to ${file}${canary ? '' : ' (no daemon running: it takes effect at the next start)'}`);
    if (generated) ctx.out.line(`value (shown once, plant it where a leak would start): ${value}`);
  });
}

export default function register(program: Command): void {
  const canary = program.command('canary').description('Canary tokens: decoy strings that must never leave the machine');

  withJson(canary.command('list'))
    .description('Registered canaries (the value is never shown, only its first characters)')
    .action(
      action(async (ctx) => {
        const { items, total } = await ctx.client().get<{ items: Canary[]; total: number }>('/api/canaries');
        ctx.out.result({ items, total }, () => {
          if (items.length === 0) ctx.out.line('No canaries registered: add one with `svc canary add LABEL --generate`.');
          ctx.out.table<Canary>(
            [
              { header: 'ID', value: (c) => c.id },
              { header: 'LABEL', value: (c) => c.label, flex: true },
              { header: 'VALUE', value: (c) => c.value_prefix },
            ],
            items,
          );
        });
      }),
    );

  withJson(canary.command('add'))
    .description('Register a canary (--durable also writes it into {config_dir}/filters/canary.toml)')
    .argument('<label>', 'what and where the decoy is, e.g. "fake AWS key in ~/.aws/credentials"')
    .option('--value <value>', 'the decoy string')
    .option('--generate', 'make a random 48-hex-character value and print it once')
    .option('--durable', 'also keep it across restarts (filters/canary.toml)')
    .action(action(add));

  withJson(canary.command('rotate'))
    .description('Replace a canary\'s value (id and label stay)')
    .argument('<id>', 'canary id (from `svc canary list`)')
    .option('--value <value>', 'the new decoy string')
    .option('--generate', 'make a random value and print it once')
    .action(
      action(async (ctx, id: string, options: { value?: string; generate?: boolean }) => {
        const { value, generated } = await valueOf(options.value === undefined && !options.generate ? { generate: true } : options);
        const rotated = await ctx.client().post<Canary>(`/api/canaries/${encodeURIComponent(id)}/rotate`, { body: { value } });
        ctx.out.result({ ...rotated, ...(generated ? { value } : {}) }, () => {
          ctx.out.line(`canary ${rotated.id} rotated`);
          if (generated) ctx.out.line(`new value (shown once): ${value}`);
        });
      }),
    );

  withJson(canary.command('rm'))
    .alias('remove')
    .description('Remove a canary from the running registry')
    .argument('<id>', 'canary id')
    .action(
      action(async (ctx, id: string) => {
        const result = await ctx.client().delete<{ status: string; id: string }>(`/api/canaries/${encodeURIComponent(id)}`);
        ctx.out.result(result, () => ctx.out.line(`canary ${result.id} removed`));
      }),
    );
}
