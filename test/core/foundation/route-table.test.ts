import { describe, expect, it, vi } from 'vitest';
import { allRoutes } from '../../../core/routes/index.ts';
import { createTestApp } from '../../support/test-app.ts';

describe('the route table', () => {
  it('building the route table twice has no side effect: no service, hook, closer, health check or write is added', async () => {
    const t = await createTestApp();
    const { services } = t.app;
    const before = {
      closers: services.closers.length,
      health: [...services.health.keys()],
      flags: services.healthFlags.length,
      keys: Object.keys(services).sort(),
    };
    const run = vi.spyOn(t.storage, 'run');
    const transaction = vi.spyOn(t.storage, 'transaction');
    const first = allRoutes(services);
    const second = allRoutes(services);
    expect(second.map((r) => `${r.method} ${r.path}`)).toEqual(first.map((r) => `${r.method} ${r.path}`));
    expect({
      closers: services.closers.length,
      health: [...services.health.keys()],
      flags: services.healthFlags.length,
      keys: Object.keys(services).sort(),
    }).toEqual(before);
    expect(run).not.toHaveBeenCalled();
    expect(transaction).not.toHaveBeenCalled();
  });

  it('a pairing code minted through one route table is redeemed through another (state lives in the services, not the table)', async () => {
    const t = await createTestApp();
    const byTable = (routes: ReturnType<typeof allRoutes>, path: string) => routes.find((r) => r.path === path)!;
    const mint = byTable(allRoutes(t.app.services), '/api/ipc/dashboard/pair-code');
    const { code } = (await (await mint.handler(new Request('http://x/') as never, { remoteAddress: '127.0.0.1' })).json()) as { code: string };
    const response = await t.request('/api/dashboard/pair', { method: 'POST', body: JSON.stringify({ code }) });
    expect(response.status).toBe(200);
  });
});
