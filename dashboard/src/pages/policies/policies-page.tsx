import { useState } from 'preact/hooks';
import { api } from '../../api/client.ts';
import type { ConfigView } from '../../api/types.ts';
import { useApi } from '../../api/use-api.ts';
import { ErrorNote, isGated } from '../../components/error-note.tsx';
import { formatTime } from '../../components/format.ts';
import { ProGate } from '../../components/pro-gate.tsx';

interface Policy {
  name: string;
  description: string;
  version: number;
  created_at: string;
  updated_at: string;
  rules: {
    proxy: { auto_allow_threshold: number; auto_deny_threshold: number };
    filters: Record<string, boolean>;
    allowlists: { paths: string[]; commands: string[]; domains: string[] };
  };
}

const UNLOCKS = ['Named policies: thresholds, filter switches and allowlists, versioned', 'Edit and review them here, stored in policies/<name>.json'];

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l !== '');

/** The local policy store (Pro). */
export function PoliciesPage() {
  const list = useApi<{ policies: Policy[]; total: number }>('/api/policies');
  const config = useApi<ConfigView>('/api/config');
  const [editing, setEditing] = useState<Policy | 'new' | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (isGated(list.error)) return <ProGate error={list.error} title="The policy editor" unlocks={UNLOCKS} />;

  async function remove(policy: Policy) {
    if (!window.confirm(`Delete the policy ${policy.name}?`)) return;
    try {
      await api('DELETE', `/api/policies/${encodeURIComponent(policy.name)}`);
      list.reload();
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <div class="split">
      <section class="card" aria-labelledby="policies-title">
        <h2 id="policies-title">Policies</h2>
        <ErrorNote error={list.error ?? error} />
        <ul>
          {(list.data?.policies ?? []).map((p) => (
            <li key={p.name}>
              <strong>{p.name}</strong> v{p.version} <span class="muted">updated {formatTime(p.updated_at)}</span>
              <br />
              {p.description}{' '}
              <button type="button" onClick={() => setEditing(p)}>
                Edit
              </button>{' '}
              <button type="button" class="danger" onClick={() => remove(p)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
        {list.data && list.data.total === 0 ? <p class="muted">No policies yet.</p> : null}
        <button type="button" class="primary" onClick={() => setEditing('new')}>
          New policy
        </button>
      </section>
      {editing !== null ? (
        <PolicyForm
          key={editing === 'new' ? 'new' : editing.name}
          policy={editing === 'new' ? null : editing}
          filters={config.data?.filters ?? []}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      ) : null}
    </div>
  );
}

function PolicyForm({ policy, filters, onSaved }: { policy: Policy | null; filters: ConfigView['filters']; onSaved: () => void }) {
  const [name, setName] = useState(policy?.name ?? '');
  const [description, setDescription] = useState(policy?.description ?? '');
  const [allow, setAllow] = useState(String(policy?.rules.proxy.auto_allow_threshold ?? 3));
  const [deny, setDeny] = useState(String(policy?.rules.proxy.auto_deny_threshold ?? 8));
  const [switches, setSwitches] = useState<Record<string, boolean>>(policy?.rules.filters ?? {});
  const [paths, setPaths] = useState((policy?.rules.allowlists.paths ?? []).join('\n'));
  const [commands, setCommands] = useState((policy?.rules.allowlists.commands ?? []).join('\n'));
  const [domains, setDomains] = useState((policy?.rules.allowlists.domains ?? []).join('\n'));
  const [error, setError] = useState<unknown>(null);

  async function save(event: Event) {
    event.preventDefault();
    const body = {
      name,
      description,
      rules: {
        proxy: { auto_allow_threshold: Number(allow), auto_deny_threshold: Number(deny) },
        filters: switches,
        allowlists: { paths: lines(paths), commands: lines(commands), domains: lines(domains) },
      },
    };
    try {
      if (policy) await api('PUT', `/api/policies/${encodeURIComponent(policy.name)}`, body);
      else await api('POST', '/api/policies', body);
      onSaved();
    } catch (failure) {
      setError(failure);
    }
  }

  const text = (value: string, set: (v: string) => void) => (e: Event) => set((e.currentTarget as HTMLInputElement).value);
  return (
    <section class="card" aria-labelledby="policy-form-title">
      <h2 id="policy-form-title">{policy ? `Edit ${policy.name}` : 'New policy'}</h2>
      <form class="stack" onSubmit={save}>
        <label>
          Name (letters, digits, hyphens)
          <input type="text" required pattern="[A-Za-z0-9\-]{1,64}" disabled={policy !== null} value={name} onInput={text(name, setName)} />
        </label>
        <label>
          Description
          <input type="text" value={description} onInput={text(description, setDescription)} />
        </label>
        <label>
          Auto-allow below
          <input type="number" min={0} max={10} step={0.1} value={allow} onInput={text(allow, setAllow)} />
        </label>
        <label>
          Auto-deny above
          <input type="number" min={0} max={10} step={0.1} value={deny} onInput={text(deny, setDeny)} />
        </label>
        <fieldset>
          <legend>Filters (unset ones keep the running setting)</legend>
          {filters.map((f) => (
            <label key={f.id}>
              <select
                value={switches[f.id] === undefined ? '' : String(switches[f.id])}
                onChange={(e) => {
                  const value = (e.currentTarget as HTMLSelectElement).value;
                  const next = { ...switches };
                  if (value === '') delete next[f.id];
                  else next[f.id] = value === 'true';
                  setSwitches(next);
                }}
              >
                <option value="">unset</option>
                <option value="true">on</option>
                <option value="false">off</option>
              </select>{' '}
              {f.id}
            </label>
          ))}
        </fieldset>
        <label>
          Allowed paths (one per line)
          <textarea rows={3} value={paths} onInput={text(paths, setPaths)} />
        </label>
        <label>
          Allowed commands (one per line)
          <textarea rows={3} value={commands} onInput={text(commands, setCommands)} />
        </label>
        <label>
          Allowed domains (one per line)
          <textarea rows={3} value={domains} onInput={text(domains, setDomains)} />
        </label>
        <button type="submit" class="primary">
          Save
        </button>
      </form>
      <ErrorNote error={error} />
    </section>
  );
}
