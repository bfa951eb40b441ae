import type { Deps } from '../../../core/deps.ts';
import type { WsPeer } from '../../../core/realtime/ws-contract.ts';
import type { MemoryStorage } from '../../../storage/memory.ts';
import { scoredDecision, type ScoredDecisionFacts } from '../../support/scored-decision.ts';
import { createTestApp } from '../../support/test-app.ts';

/** A clock and timers the test moves by hand. */
export function manualTime(start = Date.parse('2025-01-01T00:00:00.000Z')) {
  let now = start;
  let seq = 0;
  const pending = new Map<number, { at: number; cb: () => void }>();
  return {
    now: () => now,
    timers: {
      setTimeout(cb: () => void, ms: number) {
        const id = ++seq;
        pending.set(id, { at: now + ms, cb });
        return id;
      },
      clearTimeout(handle: unknown) {
        pending.delete(handle as number);
      },
    } satisfies Deps['timers'],
    /** Moves time forward, firing due timers in order. */
    advance(ms: number) {
      const target = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].cb();
      }
      now = target;
    },
    pendingCount: () => pending.size,
  };
}

/** A WebSocket peer that records what it is sent. */
export function recordingPeer() {
  const sent: Array<{ type: string; data: Record<string, unknown>; at: string }> = [];
  const peer: WsPeer = {
    send: (text) => void sent.push(JSON.parse(text) as (typeof sent)[number]),
    close() {},
    bufferedAmount: () => 0,
  };
  return { peer, sent, ofType: (type: string) => sent.filter((e) => e.type === type) };
}

export interface KitOptions {
  files?: Record<string, string>;
  storage?: MemoryStorage;
  time?: ReturnType<typeof manualTime>;
}

/** A test app with the digest, plus helpers to file items and call routes. */
export async function digestKit(options: KitOptions = {}) {
  const time = options.time ?? manualTime();
  const deps: Partial<Deps> = { timers: time.timers };
  if (options.storage) deps.storage = options.storage;
  const t = await createTestApp({ files: options.files, now: time.now, deps });
  const storage = options.storage ?? t.storage;
  const csrf = t.dashboardToken ?? 'svc-dashboard';
  /** Records a scored queue decision through the decision path; answers its digest id. */
  async function file(overrides: Partial<ScoredDecisionFacts> = {}): Promise<string> {
    const { input, evaluation } = scoredDecision(overrides);
    const decision = await t.app.services.decisions.record(input, evaluation);
    if (decision.digestId === null) throw new Error('the decision filed no digest item');
    return decision.digestId;
  }
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.request(path, {
      method: 'POST',
      headers: { 'x-svc-csrf': csrf, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const get = (path: string) => t.request(path, { headers: { 'x-svc-csrf': csrf } });
  const ipc = (path: string, method = 'GET') =>
    t.request(path, { method, headers: { authorization: `Bearer ${t.daemonToken}` } });
  return { ...t, time, storage, csrf, file, post, get, ipc };
}
