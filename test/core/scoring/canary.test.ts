import { describe, expect, it } from 'vitest';
import { buildMatcher } from '../../../core/scoring/aho-corasick.ts';
import { createCanaryRegistry } from '../../../core/scoring/canary-registry.ts';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { seededRandom, testEngine } from './helpers.ts';

const VALUE = 'c4nary-7f3a9e21b8d04c56a1e2f3b4';
const b64 = (s: string) => btoa(s);
const hex = (s: string) => Array.from(new TextEncoder().encode(s), (b) => b.toString(16).padStart(2, '0')).join('');

describe('canary registry', () => {
  it('lists canaries with a four-character prefix and an ellipsis, never the value', () => {
    const r = createCanaryRegistry({ randomBytes: seededRandom().bytes });
    const c = r.add('aws decoy', 'AKIAFAKEFAKEFAKE1234');
    expect(c.value_prefix).toBe('AKIA\u2026');
    expect(JSON.stringify(r.list())).not.toContain('AKIAFAKEFAKEFAKE1234');
    expect(r.list()).toEqual([{ id: c.id, label: 'aws decoy', value_prefix: 'AKIA\u2026' }]);
  });
  it('generates 48 hex characters from the random source', () => {
    const r = createCanaryRegistry({ randomBytes: seededRandom(9).bytes });
    const c = r.add('generated');
    expect(c.value_prefix).toMatch(/^[0-9a-f]{4}\u2026$/);
    const hits = r.scan(['nothing here']);
    expect(hits).toEqual([]);
  });
  it('rotate keeps id and label and replaces the value; remove forgets it; unknown ids are reported', () => {
    const r = createCanaryRegistry({ randomBytes: seededRandom().bytes });
    const c = r.add('x', VALUE);
    const rotated = r.rotate(c.id, 'new-value-123456');
    expect(rotated).toEqual({ id: c.id, label: 'x', value_prefix: 'new-\u2026' });
    expect(r.scan([VALUE])).toEqual([]);
    expect(r.scan(['..new-value-123456..'])).toEqual([{ id: c.id, label: 'x' }]);
    expect(r.remove(c.id)).toBe(true);
    expect(r.remove(c.id)).toBe(false);
    expect(r.rotate('nope')).toBeNull();
  });
});

describe('canary detection', () => {
  const engineWith = async () => {
    const e = await testEngine();
    e.canaries.add('decoy', VALUE);
    return e;
  };
  const post = (body: string): ToolCall => ({ type: 'HttpRequest', method: 'POST', url: 'https://registry.npmjs.org/x', body });
  it.each([
    ['plain', `data=${VALUE}`],
    ['upper case', VALUE.toUpperCase()],
    ['URL-encoded', encodeURIComponent(`k=${VALUE}&x`)],
    ['every byte percent-encoded', hex(VALUE).replace(/(..)/g, '%$1')],
    ['base64 at offset 0', b64(VALUE)],
    ['base64 inside a larger message (offset 1)', b64(`x${VALUE}yz`)],
    ['base64 inside a larger message (offset 2)', b64(`xy${VALUE}`)],
    ['base64url', b64(`??${VALUE}>>`).replaceAll('+', '-').replaceAll('/', '_')],
    ['hex', hex(VALUE)],
  ])('finds a %s canary in an outbound body and denies with 9.5', async (_n, body) => {
    const e = await engineWith();
    const ev = e.evaluate(post(body), { record: false });
    const r = ev.result.filter_results.find((f) => f.filter_name === 'Canary tokens')!;
    expect(r.matched).toBe(true);
    expect(r.score).toBe(9.5);
    expect(ev.decision).toBe('deny');
    expect(JSON.stringify(ev)).not.toContain(VALUE);
  });
  it('finds a canary split into DNS labels', async () => {
    const e = await engineWith();
    const name = `${VALUE.slice(0, 10)}.${VALUE.slice(10, 25)}.${VALUE.slice(25)}.x.example.com`;
    expect(e.evaluate({ type: 'DnsQuery', name }, { record: false }).decision).toBe('deny');
    expect(e.evaluate({ type: 'ShellExec', command: 'dig', args: [name] }, { record: false }).decision).toBe('deny');
  });
  it('scans command lines, environment and headers, but not file contents written locally', async () => {
    const e = await engineWith();
    expect(e.evaluate({ type: 'ShellExec', command: 'node', args: ['x.js'], env: { T: VALUE } }, { record: false }).decision).toBe('deny');
    expect(e.evaluate({ type: 'HttpRequest', method: 'GET', url: 'https://a.example', headers: { 'X-K': VALUE } }, { record: false }).decision).toBe('deny');
    const write = e.evaluate({ type: 'FileWrite', path: 'notes.txt', content_hash: 'h', content: VALUE }, { record: false });
    expect(write.result.filter_results.find((f) => f.filter_name === 'Canary tokens')!.matched).toBe(false);
  });
  it('seeds the registry from [[canary.tokens]] in canary.toml', async () => {
    const toml = `[filter]\nscore = 9.5\n\n[[canary.tokens]]\nlabel = "seeded"\nvalue = "${VALUE}"\n`;
    const e = await testEngine({}, { 'canary.toml': toml });
    expect(e.canaries.list().map((c) => c.label)).toEqual(['seeded']);
    expect(e.evaluate(post(VALUE), { record: false }).decision).toBe('deny');
  });
  it('refuses the seeds the API refuses: a blank label or value, or a value that is not a string', async () => {
    for (const token of ['label = "  "\nvalue = "s3cr3t-v4lue"', 'label = "l"\nvalue = "   "', 'label = "l"\nvalue = 12']) {
      const e = await testEngine({}, { 'canary.toml': `[filter]\nscore = 9.5\n\n[[canary.tokens]]\n${token}\n` });
      expect(e.canaries.list()).toEqual([]);
      expect(e.degradedReason).toMatch(/^canary tokens not loaded: \[\[canary\.tokens\]\] entry 1: (label|value) /);
    }
  });
  it('trims a seeded label as the API does', async () => {
    const e = await testEngine({}, { 'canary.toml': `[[canary.tokens]]\nlabel = "  seeded  "\nvalue = "${VALUE}"\n` });
    expect(e.canaries.list().map((c) => c.label)).toEqual(['seeded']);
  });
  it('stays one automaton pass with thousands of canaries', async () => {
    const r = createCanaryRegistry({ randomBytes: seededRandom(3).bytes });
    for (let i = 0; i < 2000; i++) r.add(`c${i}`);
    const target = r.add('target', VALUE);
    const text = 'x'.repeat(100_000) + b64(`..${VALUE}`) + 'y'.repeat(1000);
    expect(r.scan([text])).toEqual([{ id: target.id, label: 'target' }]);
  });
});

describe('multi-pattern automaton', () => {
  it('finds every overlapping pattern occurrence, like a naive search', () => {
    const patterns = ['he', 'she', 'his', 'hers', 'e', 'hershey'];
    const m = buildMatcher(patterns);
    const found: string[] = [];
    m.scan('ushershey his', (p, end) => { found.push(`${patterns[p]}@${end}`); });
    const naive: string[] = [];
    const text = 'ushershey his';
    for (let end = 1; end <= text.length; end++) for (const p of patterns) if (text.slice(0, end).endsWith(p)) naive.push(`${p}@${end}`);
    expect(found.sort()).toEqual(naive.sort());
  });
});
