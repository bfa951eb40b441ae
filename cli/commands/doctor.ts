/**
 * `svc doctor`: checks the config dir's modes, the token files, that the
 * config parses, that the daemon answers and is the one daemon.json names,
 * the audit flags and the licence, and says what to do about each problem.
 * Exit 0 when all is well, 3 when no daemon runs, 4 when it cannot record,
 * 1 for any other problem.
 */
import type { Command } from 'commander';
import type { Health } from '../api-client.ts';
import { action, withJson, type CliContext } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';

export interface Check {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

async function modeOf(path: string): Promise<number | null> {
  const { stat } = await import('node:fs/promises');
  return stat(path).then((s) => s.mode & 0o777, () => null);
}

async function fileChecks(configDir: string): Promise<Check[]> {
  const { join } = await import('node:path');
  const checks: Check[] = [];
  const dirMode = await modeOf(configDir);
  if (dirMode === null) {
    return [{ name: 'config dir', status: 'fail', detail: `${configDir} does not exist`, fix: 'run `svc daemon start` (it creates it)' }];
  }
  checks.push(
    dirMode & 0o077
      ? { name: 'config dir', status: 'warn', detail: `${configDir} is mode ${dirMode.toString(8)}: others can read it`, fix: `chmod 700 ${configDir}` }
      : { name: 'config dir', status: 'ok', detail: `${configDir} (mode ${dirMode.toString(8)})` },
  );
  for (const token of ['daemon.token', 'dashboard.token']) {
    const mode = await modeOf(join(configDir, token));
    if (mode === null) checks.push({ name: token, status: 'warn', detail: 'missing', fix: token === 'daemon.token' ? 'start the daemon: it writes a new one' : 'absent when [server] dashboard_auth = false; otherwise restart the daemon' });
    else if (mode & 0o077) checks.push({ name: token, status: 'fail', detail: `mode ${mode.toString(8)}: other users can read the token`, fix: `chmod 600 ${join(configDir, token)}` });
    else checks.push({ name: token, status: 'ok', detail: `mode ${mode.toString(8)}` });
  }
  return checks;
}

async function configCheck(configDir: string): Promise<Check> {
  const [{ loadConfig }, { createNodeFileStore }] = await Promise.all([import('../../core/config/load-config.ts'), import('../../adapters/node/node-file-store.ts')]);
  try {
    await loadConfig(createNodeFileStore(configDir));
    return { name: 'config', status: 'ok', detail: 'config.toml and team-config.toml parse and validate' };
  } catch (error) {
    return { name: 'config', status: 'fail', detail: (error as Error).message, fix: 'fix the file named above; the daemon refuses to start with it' };
  }
}

async function daemonChecks(ctx: CliContext): Promise<{ checks: Check[]; health: Health | null }> {
  let health: Health;
  try {
    health = await ctx.client().health();
  } catch (error) {
    if (error instanceof CliError) return { checks: [{ name: 'daemon', status: 'fail', detail: error.message, fix: error.hint }], health: null };
    throw error;
  }
  const url = await ctx.client().url();
  const checks: Check[] = [{ name: 'daemon', status: 'ok', detail: `${url} answers as instance ${health.instance_id} (version ${health.version})` }];
  const bad = Object.entries(health.subsystems).filter(([, sub]) => sub.status !== 'ok');
  checks.push(
    bad.length
      ? { name: 'health', status: health.status === 'unhealthy' ? 'fail' : 'warn', detail: bad.map(([name, sub]) => `${name}: ${sub.status}${sub.message ? ` (${sub.message})` : ''}`).join('; '), fix: `see ${ctx.configDir}/daemon.log` }
      : { name: 'health', status: 'ok', detail: 'every subsystem ok' },
  );
  if (health.audit_quarantined || health.audit_read_only) {
    checks.push({
      name: 'audit',
      status: 'fail',
      detail: health.audit_quarantined ? 'audit_quarantined: the audit chain fails verification' : 'audit_read_only: a durable write failed',
      fix: health.audit_quarantined ? 'keep a copy of the audit/ dir for forensics; `svc audit verify` shows where the chain breaks' : 'free disk space or fix permissions under audit/, then `svc daemon restart`',
    });
  } else {
    checks.push({ name: 'audit', status: 'ok', detail: 'the daemon can durably record decisions' });
  }
  const licence = await ctx.client().get<{ tier: string; renewal_date?: string | null; status?: string; reason?: string }>('/api/license/status').catch(() => null);
  if (licence) {
    // `missing` is Community by choice; anything else but a valid licence deserves a look.
    const problem = licence.status !== undefined && licence.status !== 'valid' && licence.status !== 'missing';
    checks.push({
      name: 'licence',
      status: problem ? 'warn' : 'ok',
      detail: `${licence.tier}${licence.renewal_date ? `, renews ${licence.renewal_date}` : ''}${licence.reason ? ` (${licence.reason})` : ''}`,
      ...(problem ? { fix: 'replace license.json in the config dir with the one from your billing portal, then `svc daemon restart`' } : {}),
    });
  }
  return { checks, health };
}

async function doctor(ctx: CliContext): Promise<number> {
  const checks = [...(await fileChecks(ctx.configDir)), await configCheck(ctx.configDir)];
  const daemon = await daemonChecks(ctx);
  checks.push(...daemon.checks);
  const ok = checks.every((check) => check.status !== 'fail');
  ctx.out.result({ ok, config_dir: ctx.configDir, checks }, () => {
    const { c } = ctx.out;
    const mark = { ok: c.green('✓'), warn: c.yellow('!'), fail: c.red('✗') } as const;
    for (const check of checks) {
      ctx.out.line(`${mark[check.status]} ${check.name.padEnd(16)} ${check.detail}`);
      if (check.fix && check.status !== 'ok') ctx.out.line(`  ${' '.repeat(16)} ${c.dim(`fix: ${check.fix}`)}`);
    }
  });
  if (!daemon.health) return EXIT.notRunning;
  if (daemon.health.audit_quarantined || daemon.health.audit_read_only) return EXIT.notDurable;
  return ok ? EXIT.ok : EXIT.failure;
}

export default function register(program: Command): void {
  withJson(program.command('doctor'))
    .description('Check the config dir, tokens, config, daemon, audit log and licence; say what to fix')
    .action(action(doctor));
}
