import { useEffect, useState } from 'preact/hooks';
import { onTokenRefused } from './api/client.ts';
import { establishAccess, type Access } from './api/pairing.ts';
import { clearToken } from './api/token-store.ts';
import { live } from './live/live-store.ts';
import { Shell } from './shell.tsx';

/** Pairing gate, then the dashboard. */
export function App({ pairCode }: { pairCode: string | null }) {
  const [access, setAccess] = useState<Access | null>(null);
  useEffect(() => {
    establishAccess(pairCode).then(setAccess, (error: unknown) =>
      setAccess({ kind: 'pair-failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return onTokenRefused(() => {
      live.stop();
      setAccess({ kind: 'unpaired' });
    });
  }, []);
  useEffect(() => {
    if (access?.kind === 'paired') live.start();
  }, [access]);

  if (access === null) return <p class="centered" aria-live="polite">Connecting to the daemon…</p>;
  if (access.kind !== 'paired') return <PairingScreen access={access} />;
  return (
    <Shell
      onSignOut={() => {
        clearToken();
        live.stop();
        setAccess({ kind: 'unpaired' });
      }}
    />
  );
}

function PairingScreen({ access }: { access: Exclude<Access, { kind: 'paired' }> }) {
  return (
    <main class="centered pairing">
      <h1>svc dashboard</h1>
      {access.kind === 'pair-failed' ? (
        <p class="error" role="alert">
          {access.message}
        </p>
      ) : (
        <p>
          This tab is not paired with the daemon. Run <code>svc pair</code> and open the link it prints.
        </p>
      )}
    </main>
  );
}
