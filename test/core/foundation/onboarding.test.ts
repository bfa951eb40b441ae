import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { OnboardingStatusSchema } from '../../../core/schemas/onboarding.ts';
import { createMemoryFileStore } from '../../support/memory-file-store.ts';
import { scoredDecision } from '../../support/scored-decision.ts';
import { createTestApp } from '../../support/test-app.ts';
import { body, manualClock } from './helpers.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function status(t: TestApp) {
  const response = await t.request('/api/onboarding/status');
  expect(response.status).toBe(200);
  return body(response);
}

async function pairOnce(t: TestApp) {
  const minted = await t.request('/api/ipc/dashboard/pair-code', { method: 'POST', headers: { authorization: `Bearer ${t.daemonToken}` } });
  const { code } = (await body(minted)) as { code: string };
  const response = await t.request('/api/dashboard/pair', { method: 'POST', body: JSON.stringify({ code }) });
  expect(response.status).toBe(200);
}

/** One allow decision through the decision path (what POST /api/proxy/evaluate does). */
async function evaluateOnce(t: TestApp) {
  const { input, evaluation } = scoredDecision({ decision: 'allow', priority: null, toolCall: { type: 'FileRead', path: '/tmp/readme.txt' } });
  await t.app.services.decisions.record(input, evaluation);
}

function step(json: Record<string, unknown>, id: string) {
  return (json.steps as Array<{ id: string; done: boolean; at: string | null }>).find((s) => s.id === id);
}

describe('GET /api/onboarding/status', () => {
  it('is open and matches its documented schema', async () => {
    const t = await createTestApp();
    const json = await status(t);
    expect(Value.Check(OnboardingStatusSchema, json)).toBe(true);
  });

  it('a fresh daemon is not onboarded: nothing paired, nothing evaluated, no config file', async () => {
    const t = await createTestApp();
    const json = await status(t);
    expect(json).toMatchObject({
      completed: false,
      config_dir_initialized: true,
      dashboard_auth: true,
      dashboard_paired: false,
      paired_at: null,
      first_evaluation_at: null,
      config_files: { local: false, team: false },
    });
    expect((json.steps as Array<{ id: string }>).map((s) => s.id)).toEqual(['dashboard_paired', 'first_evaluation', 'config_customized']);
  });

  it('a redeemed pairing code marks the dashboard paired with its time', async () => {
    const clock = manualClock();
    const t = await createTestApp({ now: clock.now });
    await pairOnce(t);
    const json = await status(t);
    expect(json.dashboard_paired).toBe(true);
    expect(json.paired_at).toBe(new Date(clock.now()).toISOString());
    expect(step(json, 'dashboard_paired')).toMatchObject({ done: true, at: json.paired_at });
  });

  it('the first evaluation is recorded once, with the time of the first', async () => {
    const clock = manualClock();
    const t = await createTestApp({ now: clock.now });
    await evaluateOnce(t);
    const first = new Date(clock.now()).toISOString();
    clock.advance(60_000);
    await evaluateOnce(t);
    expect((await status(t)).first_evaluation_at).toBe(first);
  });

  it('is completed once paired and evaluated; config files are optional', async () => {
    const t = await createTestApp();
    await pairOnce(t);
    expect((await status(t)).completed).toBe(false);
    await evaluateOnce(t);
    const json = await status(t);
    expect(json.completed).toBe(true);
    expect(step(json, 'config_customized')?.done).toBe(false);
  });

  it('with dashboard_auth = false the pairing step counts as done', async () => {
    const t = await createTestApp({ files: { 'config.toml': '[server]\ndashboard_auth = false\n' } });
    await evaluateOnce(t);
    const json = await status(t);
    expect(json).toMatchObject({ dashboard_auth: false, dashboard_paired: false, completed: true });
    expect(step(json, 'dashboard_paired')?.done).toBe(true);
  });

  it('reports which config scope files exist', async () => {
    const t = await createTestApp({ files: { 'team-config.toml': '[proxy]\nauto_allow_threshold = 2.0\n' } });
    const json = await status(t);
    expect(json.config_files).toEqual({ local: false, team: true });
    expect(step(json, 'config_customized')?.done).toBe(true);
  });

  it('milestones survive a restart (kept in the store)', async () => {
    const fileStore = createMemoryFileStore();
    const first = await createTestApp({ fileStore });
    await pairOnce(first);
    await evaluateOnce(first);
    const before = await status(first);
    const second = await createTestApp({ fileStore, deps: { storage: first.storage } });
    const after = await status(second);
    expect(after.paired_at).toBe(before.paired_at);
    expect(after.first_evaluation_at).toBe(before.first_evaluation_at);
    expect(after.completed).toBe(true);
  });

  it('a store that refuses writes does not break pairing or the evaluation milestone', async () => {
    const t = await createTestApp();
    t.storage.failWrites(new Error('disk gone'));
    t.storage.run('CREATE TABLE IF NOT EXISTS onboarding_probe (x INTEGER)');
    await t.storage.flush().catch(() => undefined);
    expect(t.storage.readOnly).toBe(true);
    // The decision path refuses a store that cannot record; the milestone itself survives a refused write.
    t.app.services.onboarding.markEvaluated();
    await pairOnce(t);
    const json = await status(t);
    expect(json.dashboard_paired).toBe(true);
    expect(json.first_evaluation_at).not.toBeNull();
  });
});
