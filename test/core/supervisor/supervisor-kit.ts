import type { Deps } from '../../../core/deps.ts';
import type { MemoryStorage } from '../../../storage/memory.ts';
import type { MemoryFileStore } from '../../support/memory-file-store.ts';
import { createTestApp } from '../../support/test-app.ts';
import { manualTime, recordingPeer } from '../digest/digest-kit.ts';

export { manualTime, recordingPeer };

export interface SupervisorKitOptions {
  files?: Record<string, string>;
  env?: Record<string, string>;
  storage?: MemoryStorage;
  fileStore?: MemoryFileStore;
  time?: ReturnType<typeof manualTime>;
  deps?: Partial<Deps>;
}

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A test app plus helpers for the supervisor routes. */
export async function supervisorKit(options: SupervisorKitOptions = {}) {
  const time = options.time ?? manualTime();
  const deps: Partial<Deps> = { timers: time.timers, ...options.deps };
  if (options.storage) deps.storage = options.storage;
  const t = await createTestApp({ files: options.files, env: options.env, fileStore: options.fileStore, now: time.now, deps });
  const csrf = t.dashboardToken ?? 'svc-dashboard';
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = { 'x-svc-csrf': csrf }) {
    const res = await t.request(path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Json, headers: res.headers };
  }
  const bearer = { authorization: `Bearer ${t.daemonToken}` };
  return {
    ...t,
    time,
    csrf,
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    del: (path: string) => call('DELETE', path),
    ipc: (method: string, path: string, body?: unknown) => call(method, path, body, bearer),
    register: async (body: Json = {}) => {
      const res = await call('POST', '/api/ipc/sessions', { tool_name: 'claude', root_pid: 4242, ...body }, bearer);
      if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
    evaluate: (body: Json) => call('POST', '/api/proxy/evaluate', body, bearer),
  };
}
