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

  it('a malformed dashboard.token is replaced by a well-formed one', async () => {
    const t = await createTestApp({ files: { 'dashboard.token': 'short\n' } });
    expect(t.dashboardToken).toMatch(HEX64);
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
