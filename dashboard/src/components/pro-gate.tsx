import type { ApiError } from '../api/client.ts';

/**
 * What a Pro page would show, for a Community licence: the feature, what it
 * unlocks and the upgrade link the daemon named (`upgrade_url`).
 */
export function ProGate({ error, title, unlocks }: { error: ApiError; title: string; unlocks: string[] }) {
  const url = typeof error.body.upgrade_url === 'string' ? error.body.upgrade_url : null;
  const tier = typeof error.body.current_tier === 'string' ? error.body.current_tier : 'community';
  const safeUrl = url !== null && /^https?:\/\//i.test(url) ? url : null;
  return (
    <section class="card gate" aria-labelledby="gate-title">
      <h2 id="gate-title">{title} is part of svc Pro</h2>
      <p>
        Your licence tier is <strong>{tier}</strong>. The feature <code>{String(error.body.feature ?? '')}</code> needs the{' '}
        <strong>{String(error.body.required_tier ?? 'pro')}</strong> tier. With it you get:
      </p>
      <ul>
        {unlocks.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {safeUrl !== null ? (
        <p>
          <a class="button primary" href={safeUrl} target="_blank" rel="noopener noreferrer">
            Upgrade to Pro
          </a>{' '}
          <span class="muted">{safeUrl}</span>
        </p>
      ) : null}
    </section>
  );
}
