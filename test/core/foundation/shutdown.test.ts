import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';
import { body } from './helpers.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('POST /api/server/shutdown', () => {
  it('answers 202 {status: shutting_down} with the daemon bearer token', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/server/shutdown', { method: 'POST', headers: { authorization: `Bearer ${t.daemonToken}` } });
    expect(response.status).toBe(202);
    expect(await body(response)).toEqual({ status: 'shutting_down' });
  });

  it('asks the host to shut down only after the response is sent', async () => {
    const t = await createTestApp();
    await t.request('/api/server/shutdown', { method: 'POST', headers: { authorization: `Bearer ${t.daemonToken}` } });
    expect(t.shutdownRequested()).toBe(false);
    await wait(120);
    expect(t.shutdownRequested()).toBe(true);
  });

  it('asks only once however often it is called', async () => {
    let calls = 0;
    const t = await createTestApp({ deps: { requestShutdown: () => void calls++ } });
    for (let i = 0; i < 3; i++) {
      const response = await t.request('/api/server/shutdown', { method: 'POST', headers: { authorization: `Bearer ${t.daemonToken}` } });
      expect(response.status).toBe(202);
    }
    await wait(120);
    expect(calls).toBe(1);
  });

  it('without the bearer token answers 401 IPC_AUTH_REQUIRED and does nothing', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/server/shutdown', { method: 'POST' });
    expect(response.status).toBe(401);
    expect((await body(response)).code).toBe('IPC_AUTH_REQUIRED');
    await wait(120);
    expect(t.shutdownRequested()).toBe(false);
  });

  it('the dashboard token in x-svc-csrf does not authorise a shutdown', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/server/shutdown', { method: 'POST', headers: { 'x-svc-csrf': t.dashboardToken! } });
    expect(response.status).toBe(401);
    await wait(120);
    expect(t.shutdownRequested()).toBe(false);
  });

  it('a GET on the shutdown path is 405, not a shutdown', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/server/shutdown', { headers: { authorization: `Bearer ${t.daemonToken}` } });
    expect(response.status).toBe(405);
    await wait(120);
    expect(t.shutdownRequested()).toBe(false);
  });
});
