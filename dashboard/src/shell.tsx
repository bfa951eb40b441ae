import { useEffect, useState } from 'preact/hooks';
import { useApi } from './api/use-api.ts';
import type { Tier } from './api/types.ts';
import { setTheme, storedTheme, type Theme } from './components/theme.ts';
import { useLiveStatus } from './live/live-store.ts';
import { PAGES, pageFromHash } from './pages/pages.ts';

/** The frame around every page: header, navigation, the current page. */
export function Shell({ onSignOut }: { onSignOut: () => void }) {
  const [page, setPage] = useState(pageFromHash(location.hash));
  useEffect(() => {
    const onHash = () => setPage(pageFromHash(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    document.title = `${page.title} · svc`;
  }, [page]);
  const tier = useApi<Tier>('/api/tier');
  const status = useLiveStatus();
  const [theme, setThemeState] = useState<Theme>(storedTheme());
  const Page = page.component;
  return (
    <div class="layout">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <span class="brand">svc</span>
        <span class={`badge live-${status}`} role="status" aria-label={`live updates ${status}`}>
          {status === 'open' ? 'live' : status}
        </span>
        {tier.data ? <span class="badge">{tier.data.tier}</span> : null}
        <span class="spacer" />
        <label>
          Theme{' '}
          <select
            value={theme}
            onChange={(event) => {
              const next = (event.currentTarget as HTMLSelectElement).value as Theme;
              setTheme(next);
              setThemeState(next);
            }}
          >
            <option value="auto">system</option>
            <option value="light">light</option>
            <option value="dark">dark</option>
          </select>
        </label>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <nav class="sidebar" aria-label="Pages">
        <ul>
          {PAGES.map((entry) => (
            <li key={entry.id}>
              <a href={`#/${entry.id}`} aria-current={entry.id === page.id ? 'page' : undefined}>
                {entry.title}
                {entry.pro ? <span class="pro-tag"> Pro</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" class="content" tabIndex={-1}>
        <h1>{page.title}</h1>
        <Page tier={tier.data} />
      </main>
    </div>
  );
}
