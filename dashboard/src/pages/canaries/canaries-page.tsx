import { useState } from 'preact/hooks';
import { api, describeError } from '../../api/client.ts';
import type { Canary } from '../../api/types.ts';
import { useApi } from '../../api/use-api.ts';
import { ErrorNote } from '../../components/error-note.tsx';

/** 48 hex characters from the browser's CSPRNG, like the daemon's own `generate`. */
function generateValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Canary tokens: list, create, rotate, delete. The daemon never returns a full
 * value, so a generated value is drawn here, sent as `value`, and shown once.
 */
export function CanariesPage() {
  const list = useApi<{ items: Canary[]; total: number }>('/api/canaries');
  const [label, setLabel] = useState('');
  const [value, setValue] = useState('');
  const [generate, setGenerate] = useState(true);
  const [revealed, setRevealed] = useState<{ label: string; value: string } | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function create(event: Event) {
    event.preventDefault();
    const secret = generate ? generateValue() : value;
    try {
      const canary = await api<Canary>('POST', '/api/canaries', { label, value: secret });
      setRevealed({ label: canary.label, value: secret });
      setLabel('');
      setValue('');
      setError(null);
      list.reload();
    } catch (failure) {
      setError(failure);
    }
  }

  async function rotate(canary: Canary) {
    const secret = generateValue();
    try {
      await api<Canary>('POST', `/api/canaries/${encodeURIComponent(canary.id)}/rotate`, { value: secret });
      setRevealed({ label: canary.label, value: secret });
      list.reload();
    } catch (failure) {
      setError(failure);
    }
  }

  async function remove(canary: Canary) {
    if (!window.confirm(`Delete the canary "${canary.label}"?`)) return;
    try {
      await api('DELETE', `/api/canaries/${encodeURIComponent(canary.id)}`);
      list.reload();
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <div class="grid">
      <section class="card" aria-labelledby="new-canary">
        <h2 id="new-canary">New canary</h2>
        <form class="stack" onSubmit={create}>
          <label>
            Label
            <input type="text" required value={label} onInput={(e) => setLabel((e.currentTarget as HTMLInputElement).value)} />
          </label>
          <label>
            <input type="checkbox" checked={generate} onChange={(e) => setGenerate((e.currentTarget as HTMLInputElement).checked)} /> generate a
            random value (48 hex characters)
          </label>
          {!generate ? (
            <label>
              Value
              <input type="text" required value={value} autoComplete="off" onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)} />
            </label>
          ) : null}
          <button type="submit" class="primary">
            Create canary
          </button>
        </form>
        <ErrorNote error={error} />
        {revealed ? (
          <div class="reveal" role="status">
            <p>
              Value of <strong>{revealed.label}</strong> — copy it now, it is not shown again:
            </p>
            <pre class="mono wrap" aria-label="canary value">{revealed.value}</pre>
            <button type="button" onClick={() => setRevealed(null)}>
              I have copied it
            </button>
          </div>
        ) : null}
        <p class="note">Canaries added here live in memory until the daemon stops; durable ones go in filters/canary.toml.</p>
      </section>
      <section class="card wide" aria-labelledby="canary-list">
        <h2 id="canary-list">Canaries</h2>
        <ErrorNote error={list.error} />
        <table>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Value</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.items ?? []).map((canary) => (
              <tr key={canary.id}>
                <td>{canary.label}</td>
                <td class="mono">{canary.value_prefix}</td>
                <td>
                  <button type="button" onClick={() => rotate(canary)} aria-label={`Rotate ${canary.label}`}>
                    Rotate
                  </button>{' '}
                  <button type="button" class="danger" onClick={() => remove(canary)} aria-label={`Delete ${canary.label}`}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data && list.data.items.length === 0 ? <p class="muted">No canaries yet.</p> : null}
        {error && !list.error ? <p class="muted">{describeError(error)}</p> : null}
      </section>
    </div>
  );
}
