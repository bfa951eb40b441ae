import { describe, expect, it } from 'vitest';
import type { FileStore } from '../../../core/deps.ts';
import { createScoringEngine } from '../../../core/scoring/engine.ts';
import { configDirRuleLoader } from '../../../core/scoring/install-scoring.ts';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { fakeClock, seededRandom } from './helpers.ts';

/** A config dir holding only `files` (path -> text). */
function configDir(files: Record<string, string>): FileStore {
  return {
    read: async (path) => (path in files ? new TextEncoder().encode(files[path]) : null),
    writeAtomic: async () => { throw new Error('read-only'); },
    remove: async () => false,
    list: async () => [],
    stat: async () => null,
  };
}

const engineOver = (files: Record<string, string>) =>
  createScoringEngine({ clock: fakeClock(), random: seededRandom(), loadRuleText: configDirRuleLoader(configDir(files)) });

const VALUE = 'AKIAQYLPMN5HFIQR7XYZ';
const CANARY_ONLY = `[[canary.tokens]]\nlabel = "fake AWS key"\nvalue = "${VALUE}"\n`;
const carrying: ToolCall = { type: 'HttpRequest', method: 'POST', url: 'https://registry.npmjs.org/x', body: `k=${VALUE}` };

describe('a rule file in the config dir overrides the shipped one key by key', () => {
  it('a canary.toml holding only [[canary.tokens]] seeds the registry and keeps the canary filter with its shipped settings', async () => {
    const e = await engineOver({ 'filters/canary.toml': CANARY_ONLY });
    expect(e.degradedReason).toBeNull();
    expect(e.filters().find((f) => f.id === 'canary')).toMatchObject({ enabled: true, is_ready: true, reason: null });
    expect(e.canaries.list()).toEqual([expect.objectContaining({ label: 'fake AWS key', value_prefix: 'AKIA\u2026' })]);
    const ev = e.evaluate(carrying, { record: false });
    expect(ev.result.composite_score).toBe(9.5);
    expect(ev.decision).toBe('deny');
  });

  it('a table merges: setting one key of [filter] keeps the others', async () => {
    const e = await engineOver({ 'filters/canary.toml': `${CANARY_ONLY}[filter]\nscan_file_content = true\n` });
    expect(e.degradedReason).toBeNull();
    const write: ToolCall = { type: 'FileWrite', path: 'notes.txt', content_hash: 'x', content: `key ${VALUE}` };
    expect(e.evaluate(write, { record: false }).result.composite_score).toBe(9.5);
  });

  it('a scalar replaces: one changed score changes only that score', async () => {
    const e = await engineOver({ 'filters/operation-risk.toml': '[http_methods]\nDELETE = 2.5\n' });
    expect(e.degradedReason).toBeNull();
    const score = (call: ToolCall) => e.evaluate(call, { record: false }).result.filter_results.find((r) => r.filter_name === 'Operation risk')!.score;
    expect(score({ type: 'HttpRequest', method: 'DELETE', url: 'http://localhost/x' })).toBe(2.5);
    expect(score({ type: 'HttpRequest', method: 'POST', url: 'http://localhost/x' })).toBe(1.4);
    expect(score({ type: 'FileDelete', path: 'a.txt' })).toBe(0.9);
  });

  it('an array replaces the shipped array as a whole', async () => {
    const e = await engineOver({ 'filters/operation-risk.toml': '[listen]\nbackdoor_ports = [7777]\n' });
    const listen = (port: number) => e.evaluate({ type: 'NetListen', host: '10.0.0.5', port }, { record: false }).result.filter_results[0]!.score;
    expect(listen(7777)).toBeGreaterThan(listen(4444));
  });

  it('only a file invalid after merging disables its filter, and the reason names the file', async () => {
    const e = await engineOver({ 'filters/canary.toml': `${CANARY_ONLY}[filter]\nscore = "high"\n` });
    const canary = e.filters().find((f) => f.id === 'canary')!;
    expect([canary.enabled, canary.is_ready]).toEqual([false, false]);
    expect(canary.reason).toMatch(/config-dir:filters\/canary\.toml.*filter\.score/);
    expect(e.degradedReason).toMatch(/filter 'canary' disabled/);
    expect(e.filters().filter((f) => !f.is_ready).map((f) => f.id)).toEqual(['canary']);
  });

  it('a [[canary.tokens]] value of any length is seeded; an empty one is not, and health says why', async () => {
    const short = await engineOver({ 'filters/canary.toml': '[[canary.tokens]]\nlabel = "short"\nvalue = "decoy"\n' });
    expect([short.canaries.size, short.degradedReason]).toEqual([1, null]);
    const empty = await engineOver({ 'filters/canary.toml': '[[canary.tokens]]\nlabel = "empty"\nvalue = ""\n' });
    expect(empty.canaries.size).toBe(0);
    expect(empty.degradedReason).toMatch(/canary tokens not loaded: \[\[canary\.tokens\]\] entry 1: value must not be empty/);
  });

  it('a user meta-rules.toml with its own [[rules]] replaces the shipped list', async () => {
    const e = await engineOver({
      'filters/meta-rules.toml': '[[rules]]\nid = "mine"\nmessage = "m"\nwhen_all = ["secret-scan"]\naction = "raise"\namount = 1.0\n',
    });
    expect(e.degradedReason).toBeNull();
    const call: ToolCall = { type: 'FileWrite', path: 'x.env', content_hash: 'x', content: 'AWS_SECRET_ACCESS_KEY=Zq8vT3kLm9Rw2xYb7NcPf4GhJs6DuE1aQo5iVt0K' };
    const names = e.evaluate(call, { record: false }).result.filter_results.map((r) => r.filter_name);
    expect(names.filter((n) => n.startsWith('meta:'))).toEqual(['meta:mine']);
  });
});
