import type { Services } from '../services.ts';
import { announceEvaluation } from './evaluation-event.ts';

/**
 * Plugs the digest into the daemon: files queue decisions through the
 * decision hooks (and, for now, announces every decision as
 * `proxy_evaluation`), reports the `digest` health subsystem, stops its timers
 * at close, and re-arms the auto-deny timers of items left open by the last run.
 */
export function installDigest(services: Services): void {
  const { digest } = services;
  services.decisionHooks.push(function digestDecisionHook(event) {
    const extra = digest.decisionHook(event);
    announceEvaluation(services, event, typeof extra?.digest_id === 'string' ? extra.digest_id : null);
    return extra;
  });
  services.health.set('digest', () => digest.health());
  services.closers.push(() => digest.close());
  digest.start();
}
