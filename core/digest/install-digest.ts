import type { Services } from '../services.ts';

/**
 * Plugs the digest into the daemon: files queue decisions through the
 * decision hooks, reports the `digest` health subsystem, stops its timers at
 * close, and re-arms the auto-deny timers of items left open by the last run.
 */
export function installDigest(services: Services): void {
  const { digest } = services;
  services.decisionHooks.push(digest.decisionHook);
  services.health.set('digest', () => digest.health());
  services.closers.push(() => digest.close());
  digest.start();
}
