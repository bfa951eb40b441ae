/**
 * Plugs the audit log into the daemon: opens it on `deps.storage` (creating
 * its tables; the whole chain is verified in the background), reports the `audit` health
 * subsystem and the `audit_quarantined` / `audit_read_only` flags, and
 * rotates cold records shortly after start and then hourly.
 */
import type { BaseServices } from '../services.ts';
import type { AuditLog } from './audit-log.ts';
import { createAuditLog } from './audit-log.ts';
import { createDefaultRedact } from './default-redact.ts';
import type { Redact } from './summarize-arguments.ts';
import { configDirRuleLoader } from '../scoring/install-scoring.ts';
import { createSecretRedactor } from '../scoring/secret-redactor.ts';

const ROTATE_EVERY_MS = 60 * 60 * 1000;
const FIRST_ROTATION_MS = 60 * 1000;

/**
 * Creates the audit log for the app. Without `redact`, summaries are masked
 * with the secret-scan filter's own credential formats, then the fallback
 * redactor, with canary detection from `services.engine`.
 */
export async function installAudit(services: BaseServices, options: { redact?: Redact } = {}): Promise<AuditLog> {
  const { deps, config } = services;
  const scoringSecrets = await createSecretRedactor(configDirRuleLoader(deps.files));
  const fallback = createDefaultRedact({ containsCanary: (text) => services.engine.canaries.scan([text]).length > 0 });
  const audit = await createAuditLog({
    storage: deps.storage,
    clock: deps.clock,
    random: deps.random,
    files: deps.files,
    redact: options.redact ?? (scoringSecrets ? (text) => fallback(scoringSecrets(text)) : fallback),
    coldAfterDays: config.audit.cold_after_days,
    log: deps.log,
    hash: deps.hash,
    chainWorker: deps.chainWorker,
    timers: deps.timers,
    // Health answers while the whole chain is checked; the audit routes wait for `ready`.
    background: true,
  });
  services.health.set('audit', () => audit.health());
  services.healthFlags.push(() => audit.healthFlags());
  let timer: unknown = null;
  let closed = false;
  const rotate = (): void => {
    timer = null;
    audit.rotateCold().then(
      (moved) => {
        if (moved > 0) deps.log.info('audit records archived', { moved });
      },
      (error: unknown) => deps.log.warn('audit cold rotation failed', { error: error instanceof Error ? error.message : String(error) }),
    ).finally(() => {
      if (!closed) timer = deps.timers.setTimeout(rotate, ROTATE_EVERY_MS);
    });
  };
  timer = deps.timers.setTimeout(rotate, FIRST_ROTATION_MS);
  services.closers.push(() => {
    closed = true;
    if (timer !== null) deps.timers.clearTimeout(timer);
    return audit.close();
  });
  return audit;
}
