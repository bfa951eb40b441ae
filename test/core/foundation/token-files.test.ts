import { describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../../support/memory-file-store.ts';
import { createTestApp } from '../../support/test-app.ts';

const HEX64 = /^[0-9a-f]{64}$/;

describe('token files', () => {
  it('daemon.token and dashboard.token are written with mode 0600', async () => {
    const t = await createTestApp();
    expect(t.files.modes.get('daemon.token')).toBe(0o600);
    expect(t.files.modes.get('dashboard.token')).toBe(0o600);
  });

  it('both tokens are 64 hex characters', async () => {
    const t = await createTestApp();
    expect(t.daemonToken).toMatch(HEX64);
    expect(t.dashboardToken).toMatch(HEX64);
  });

  it('a generated token file holds the token alone, no final newline (a client can send the file as it is)', async () => {
    const t = await createTestApp();
    expect(t.files.text('daemon.token')).toMatch(HEX64);
    expect(t.files.text('dashboard.token')).toMatch(HEX64);
    const raw = t.files.text('daemon.token')!;
    expect((await t.request('/api/ipc/dashboard/pair-code', { method: 'POST', headers: { authorization: `Bearer ${raw}` } })).status).toBe(200);
  });

  it('the daemon token is new at every start', async () => {
    const fileStore = createMemoryFileStore();
    const first = await createTestApp({ fileStore });
    const second = await createTestApp({ fileStore });
    expect(second.daemonToken).not.toBe(first.daemonToken);
    expect(fileStore.modes.get('daemon.token')).toBe(0o600);
  });

  it('the old daemon token stops working after a restart', async () => {
    const fileStore = createMemoryFileStore();
    const first = await createTestApp({ fileStore });
    const second = await createTestApp({ fileStore });
    const response = await second.request('/api/ipc/dashboard/pair-code', {
      method: 'POST',
      headers: { authorization: `Bearer ${first.daemonToken}` },
    });
    expect(response.status).toBe(401);
  });

  it('the dashboard token is stable across restarts', async () => {
    const fileStore = createMemoryFileStore();
    const first = await createTestApp({ fileStore });
    const second = await createTestApp({ fileStore });
    expect(second.dashboardToken).toBe(first.dashboardToken);
    expect((await second.request('/api/config', { headers: { 'x-svc-csrf': first.dashboardToken! } })).status).toBe(200);
  });

  it('deleting dashboard.token rotates the dashboard token at the next start', async () => {
    const fileStore = createMemoryFileStore();
    const first = await createTestApp({ fileStore });
    await fileStore.store.remove('dashboard.token');
    const second = await createTestApp({ fileStore });
    expect(second.dashboardToken).toMatch(HEX64);
    expect(second.dashboardToken).not.toBe(first.dashboardToken);
    expect(fileStore.modes.get('dashboard.token')).toBe(0o600);
  });

  it.each([
    ['an installer\'s token of another format, final newline ignored', 'installer:Tok-ABC.def/123=\n', 'installer:Tok-ABC.def/123='],
    ['a short token without a final newline', 'short', 'short'],
    ['a token with inner spaces and a CRLF ending', 'my team token\r\n', 'my team token'],
  ])('an existing dashboard.token is kept as it is (%s) and never rewritten', async (_name, content, token) => {
    const fileStore = createMemoryFileStore({ 'dashboard.token': content });
    const t = await createTestApp({ fileStore });
    expect(t.files.text('dashboard.token')).toBe(content);
    expect((await t.request('/api/config', { headers: { 'x-svc-csrf': token } })).status).toBe(200);
    const again = await createTestApp({ fileStore });
    expect(again.files.text('dashboard.token')).toBe(content);
    expect(fileStore.modes.has('dashboard.token'), 'dashboard.token was written').toBe(false);
    expect((await again.request('/api/config', { headers: { 'x-svc-csrf': token } })).status).toBe(200);
  });

  it.each([['empty', ''], ['a lone newline', '\n'], ['only whitespace', '  \n']])('an %s dashboard.token gets a generated one', async (_name, content) => {
    const t = await createTestApp({ files: { 'dashboard.token': content } });
    expect(t.dashboardToken).toMatch(HEX64);
    expect(t.files.modes.get('dashboard.token')).toBe(0o600);
  });

  it('a dashboard.token a header cannot carry as it is stops the start with a clear reason and stays untouched', async () => {
    const fileStore = createMemoryFileStore({ 'dashboard.token': 'tok\u0000en\n' });
    await expect(createTestApp({ fileStore })).rejects.toThrow(/dashboard\.token must hold printable ASCII/);
    expect(fileStore.text('dashboard.token')).toBe('tok\u0000en\n');
  });

  it('with dashboard_auth = false no dashboard token is created', async () => {
    const t = await createTestApp({ files: { 'config.toml': '[server]\ndashboard_auth = false\n' } });
    expect(t.dashboardToken).toBeNull();
    expect(t.files.text('daemon.token')).not.toBeNull();
  });

  it('the instance id is new at every start', async () => {
    const fileStore = createMemoryFileStore();
    const first = await createTestApp({ fileStore });
    const second = await createTestApp({ fileStore });
    expect(second.app.instanceId).not.toBe(first.app.instanceId);
  });
});
