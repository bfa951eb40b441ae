/**
 * The client `svc hook` and `svc mcp` use carries the daemon bearer only: it
 * never reads dashboard.token and sends no x-svc-csrf, so nothing it sends
 * can pass a review route's guard.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../cli/api-client.ts';

describe('the daemon-only API client', () => {
  it('sends Authorization: Bearer <daemon.token> and no dashboard token', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-creds-'));
    await writeFile(join(dir, 'daemon.token'), 'daemon-secret\n');
    await writeFile(join(dir, 'dashboard.token'), 'dashboard-secret\n');
    const seen: Headers[] = [];
    const fakeFetch = (async (_url: URL | RequestInfo, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return new Response(JSON.stringify({ instance_id: 'i', status: 'healthy', action: 'allow' }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const client = createApiClient({ configDir: dir, url: 'http://127.0.0.1:9', credentials: 'daemon', fetch: fakeFetch });
    await client.post('/api/proxy/evaluate', { body: {} });
    expect(seen.length).toBeGreaterThan(0);
    for (const headers of seen) {
      expect(headers.get('authorization')).toBe('Bearer daemon-secret');
      expect(headers.get('x-svc-csrf')).toBeNull();
    }
    await expect(client.dashboardToken()).rejects.toThrow(/daemon bearer only/);
  });
});
