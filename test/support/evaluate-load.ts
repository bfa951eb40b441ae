/**
 * The load shape of bench/evaluate.ts, shared with the SIGKILL-mid-burst
 * conformance test: 32 keep-alive connections posting, each call in its own
 * session (see loadShapeBodies), a mix of corpus calls the default rules allow (16 of 20), queue (2) and
 * deny (2), with one `/ws/live` client connected.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { createScoringEngine } from '../../core/scoring/engine.ts';
import type { ToolCall } from '../../core/schemas/tool-call.ts';
import type { DecisionKind } from '../../core/scoring/types.ts';
import { loadCorpus, repoRules } from '../core/scoring/helpers.ts';

export const LOAD_CONNECTIONS = 32;
const MIX: Record<DecisionKind, number> = { allow: 16, queue: 2, deny: 2 };

/** 160 corpus calls in the mix, grouped by what the default rules decide for each alone. */
export async function loadShapeCalls(): Promise<ToolCall[]> {
  const engine = await createScoringEngine({
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    random: { bytes: (n) => new Uint8Array(randomBytes(n)) },
    loadRuleText: repoRules(),
  });
  const by: Record<DecisionKind, ToolCall[]> = { allow: [], queue: [], deny: [] };
  for (const file of ['tool-calls.json', 'validation-calls.json']) {
    for (const entry of loadCorpus(file)) by[engine.evaluate(entry.tool_call, { record: false }).decision].push(entry.tool_call);
  }
  const calls: ToolCall[] = [];
  for (let round = 0; round < 8; round++) {
    for (const kind of ['allow', 'queue', 'deny'] as const) {
      for (let i = 0; i < MIX[kind]; i++) calls.push(by[kind][(round * MIX[kind] + i) % by[kind].length]!);
    }
  }
  return calls;
}

/**
 * Per connection, the evaluate bodies it cycles through: the mix rotated, each
 * body its own session (5,120 sessions over 32 connections). One session per
 * connection would make each look like an agent calling thousands of times a
 * minute, so session-rate (120 and 300 a minute) would queue nearly every call
 * within seconds and the mix measured would no longer be the mix sent; with a
 * session per body each stays under 120 a minute up to ~10,000 calls/s.
 */
export function loadShapeBodies(calls: ToolCall[], connections = LOAD_CONNECTIONS): string[][] {
  return Array.from({ length: connections }, (_, w) => calls.map((_, i) => {
    const session = `00000000-0000-4000-8000-${String(w).padStart(4, '0')}${String(i).padStart(8, '0')}`;
    return JSON.stringify({ tool_call: calls[(i + w * 7) % calls.length], session_id: session, source: 'load' });
  }));
}

/** A `/ws/live` client; `events()` counts what it received. */
export async function openLiveClient(baseUrl: string, dashboardToken: string): Promise<{ events(): number; close(): void }> {
  const host = new URL(baseUrl).host;
  const socket = new WebSocket(`ws://${host}/ws/live?token=${encodeURIComponent(dashboardToken)}`, { headers: { origin: `http://${host}` } });
  await new Promise((done, fail) => socket.once('open', done).once('error', fail));
  let events = 0;
  socket.on('message', () => void events++);
  socket.on('error', () => undefined);
  return { events: () => events, close: () => socket.close() };
}
