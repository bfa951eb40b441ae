import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { fakeClock, testEngine } from './helpers.ts';
import { countSince, createSessionStore, eventsSince } from '../../../core/scoring/session-history.ts';

const upload: ToolCall = { type: 'HttpRequest', method: 'POST', url: 'https://files.example.net/u', body: 'report' };
const registry: ToolCall = { type: 'HttpRequest', method: 'GET', url: 'https://registry.npmjs.org/react' };
const score = (ev: { result: { filter_results: { filter_name: string; score: number }[] } }, name: string) =>
  ev.result.filter_results.find((r) => r.filter_name === name)?.score ?? 0;

describe('taint and containment', () => {
  it('egress after a sensitive read in the same session is tainted and contained; other sessions are not', async () => {
    const clock = fakeClock();
    const e = await testEngine({ clock });
    e.evaluate({ type: 'FileRead', path: 'proj/.env' }, { sessionId: 's1', record: true });
    expect(e.isContained('s1')).toBe(true);
    const tainted = e.evaluate(upload, { sessionId: 's1', record: true });
    expect(score(tainted, 'Taint tracking')).toBe(4);
    expect(score(tainted, 'Containment')).toBe(5);
    expect(tainted.decision).not.toBe('allow');
    const other = e.evaluate(upload, { sessionId: 's2', record: true });
    expect(other.decision).toBe('allow');
  });
  it('containment is stricter for trusted destinations too, and ends when released', async () => {
    const e = await testEngine();
    e.evaluate({ type: 'FileRead', path: '~/.aws/credentials' }, { sessionId: 's', record: true });
    const trusted = e.evaluate(registry, { sessionId: 's', record: true });
    expect(score(trusted, 'Containment')).toBe(2);
    expect(score(trusted, 'Taint tracking')).toBe(1);
    expect(e.releaseContainment('s')).toBe(true);
    expect(e.isContained('s')).toBe(false);
    expect(e.evaluate(upload, { sessionId: 's', record: true }).decision).toBe('allow');
    expect(e.releaseContainment('unknown')).toBe(false);
  });
  it('containment expires after its window and taint after its own', async () => {
    const clock = fakeClock();
    const e = await testEngine({ clock, containmentMs: 60_000 });
    e.evaluate({ type: 'FileRead', path: 'proj/.env' }, { sessionId: 's', record: true });
    clock.advance(61_000);
    expect(e.isContained('s')).toBe(false);
    expect(score(e.evaluate(upload, { sessionId: 's', record: false }), 'Taint tracking')).toBe(4);
    clock.advance(3_600_000);
    expect(score(e.evaluate(upload, { sessionId: 's', record: false }), 'Taint tracking')).toBe(0);
  });
  it('record:false never starts containment or writes history', async () => {
    const e = await testEngine();
    e.evaluate({ type: 'FileRead', path: 'proj/.env' }, { sessionId: 's', record: false });
    expect(e.isContained('s')).toBe(false);
  });
});

describe('session rate and egress bursts', () => {
  it('counts the events since a time as eventsSince lists them, a clock that stepped back included', () => {
    const store = createSessionStore();
    for (const at of [5, 10, 20, 15, 30, 30, 8, 40]) store.record('s', { at, egress: false, hosts: [] }, false, 0);
    const history = store.get('s');
    for (const since of [0, 8, 9, 15, 16, 30, 40, 41]) expect(countSince(history, since)).toBe(eventsSince(history, since).length);
    expect(countSince(store.get('empty'), 0)).toBe(0);
  });
  it('scores a runaway session by operations per minute', async () => {
    const clock = fakeClock();
    const e = await testEngine({ clock });
    let last;
    for (let i = 0; i < 130; i++) { last = e.evaluate({ type: 'FileRead', path: `src/f${i}.ts` }, { sessionId: 'r', record: true }); clock.advance(100); }
    expect(score(last!, 'Session operation rate')).toBe(1.5);
  });
  it('scores egress bursts and fan-out to many destinations', async () => {
    const clock = fakeClock();
    const e = await testEngine({ clock });
    let last;
    for (let i = 0; i < 16; i++) {
      last = e.evaluate({ type: 'HttpRequest', method: 'GET', url: `https://h${i}.example.org/` }, { sessionId: 'b', record: true });
      clock.advance(1_000);
    }
    expect(score(last!, 'Egress bursts')).toBe(4);
    const burst = await testEngine({ clock });
    for (let i = 0; i < 21; i++) last = burst.evaluate(registry, { sessionId: 'c', record: true });
    expect(score(last!, 'Egress bursts')).toBe(3);
  });
});

describe('meta-rules', () => {
  it('raise: a secret heading to a flagged destination gets the raise entry', async () => {
    const e = await testEngine();
    const ev = e.evaluate({ type: 'HttpRequest', method: 'GET', url: 'https://unknown.example.org/?t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U' }, { record: false });
    const meta = ev.result.filter_results.find((r) => r.filter_name === 'meta:secret-leaving')!;
    expect(meta.score).toBe(3);
    expect(ev.result.composite_score).toBeCloseTo(0.4 + 4 + 1 + 3, 5);
  });
  it('lower and override follow the TOML', async () => {
    const meta = `[[rules]]\nid = "calm"\nmessage = "lower"\nwhen_all = ["operation-risk"]\naction = "lower"\namount = 0.5\n\n[[rules]]\nid = "force"\nmessage = "Forced"\nwhen_any = ["egress-policy"]\naction = "override"\nscore = 6.0\n`;
    const e = await testEngine({}, { 'meta-rules.toml': meta });
    const lowered = e.evaluate({ type: 'ShellExec', command: 'ls', args: [] }, { record: false });
    expect(lowered.result.composite_score).toBe(0);
    expect(lowered.result.filter_results.at(-1)).toMatchObject({ filter_name: 'meta:calm', score: -0.4, severity: 'notice' });
    const forced = e.evaluate({ type: 'HttpRequest', method: 'GET', url: 'https://unknown.example.org/' }, { record: false });
    expect(forced.result.composite_score).toBe(6);
    expect(forced.result.action).toBe('queue(High)');
  });
});
