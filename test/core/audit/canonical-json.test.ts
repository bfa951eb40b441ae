import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../core/audit/canonical-json.ts';
import { fullRecordBuilder } from '../../../core/audit/record-builders.ts';
import { fullRecordJson } from '../../../core/audit/record-json.ts';
import { argumentsHash, describeArguments, summarizeArguments } from '../../../core/audit/summarize-arguments.ts';

/** The definition, written the slow way: sorted keys at every level, undefined members left out. */
function reference(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('non-finite');
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' || value === undefined) throw new TypeError('not JSON');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : reference(item))).join(',')}]`;
  const object = value as Record<string, unknown>;
  const members = Object.keys(object).sort().filter((key) => object[key] !== undefined);
  return `{${members.map((key) => `${JSON.stringify(key)}:${reference(object[key])}`).join(',')}}`;
}

/** A small deterministic generator of JSON-ish values, ordered and unordered. */
function* values(): Generator<unknown> {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const keys = ['a', 'b', 'type', 'url', '10', '9', 'é', 'Z', '', 'command', 'x"y', '\u2028'];
  const leaf = (): unknown => {
    const pick = Math.floor(next() * 9);
    return [null, true, false, -0, 1.5e300, 'text "quoted" \\ \n', '😀é\ud800', undefined, Math.floor(next() * 1000)][pick];
  };
  const make = (depth: number): unknown => {
    const kind = depth > 3 ? 0 : Math.floor(next() * 4);
    if (kind <= 1) return leaf();
    if (kind === 2) return Array.from({ length: Math.floor(next() * 4) }, () => make(depth + 1));
    const object: Record<string, unknown> = {};
    const chosen = keys.filter(() => next() < 0.4);
    if (next() < 0.5) chosen.sort();
    for (const key of chosen) object[key] = make(depth + 1);
    return object;
  };
  for (let i = 0; i < 3000; i++) yield make(0);
}

describe('canonical JSON', () => {
  it('writes the definition exactly, whether or not the value is already in canonical order', () => {
    for (const value of values()) {
      if (value === undefined) continue;
      expect(canonicalJson(value)).toBe(reference(value));
    }
    const ordered = { a: 1, b: [{ c: 'x', d: null }], e: { f: true, g: undefined } };
    expect(canonicalJson(ordered)).toBe('{"a":1,"b":[{"c":"x","d":null}],"e":{"f":true}}');
    // Integer-like keys enumerate first but sort as text.
    expect(canonicalJson({ 9: 'nine', 10: 'ten' })).toBe('{"10":"ten","9":"nine"}');
  });

  it('never lets toJSON, inherited members or non-finite numbers change the text', () => {
    expect(canonicalJson({ at: new Date(0) })).toBe('{"at":{}}');
    expect(() => canonicalJson({ a: { toJSON: () => 'x', b: 1 } })).toThrow(TypeError);
    expect(canonicalJson({ b: 1, toJSON: 'x' })).toBe('{"b":1,"toJSON":"x"}');
    const inherited = Object.create({ hidden: 1 }) as Record<string, unknown>;
    inherited.own = 2;
    expect(canonicalJson(inherited)).toBe('{"own":2}');
    expect(() => canonicalJson({ a: Infinity })).toThrow(TypeError);
    expect(() => canonicalJson({ a: [NaN] })).toThrow(TypeError);
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError);
  });

  it('summary and hash together are the summary and the hash computed apart', () => {
    const redact = (text: string) => text.replaceAll('SECRET', '[REDACTED]');
    const calls = [
      { type: 'ShellExec', command: 'ls', args: ['-la'] },
      { type: 'WebFetch', url: 'https://example.test', method: 'GET' },
      { type: 'FileWrite', path: '/tmp/x', content: 'SECRET '.repeat(200) },
      { command: 'no type' },
      { type: 'Empty' },
      { type: 'Undef', zeta: undefined, alpha: 1 },
    ];
    for (const call of calls) {
      expect(describeArguments(call, redact, 64)).toEqual({ summary: summarizeArguments(call, redact, 64), hash: argumentsHash(call) });
    }
  });

  it('a full record as its builder makes it is written as canonical JSON without the order walk, its filter results as part of it, and a non-finite number is still refused', () => {
    const filter = (name: string, score: number) => ({ severity: 'notice', score, message: `m "${name}" \u2028`, matched: score > 0, filter_name: name });
    const inputs = [
      { tool_call: { type: 'FileRead', path: '/a' }, composite_score: 0, proxy_action: 'allow' as const, filter_results: [filter('b', 0), filter('a', 0.5)], evaluation_time_ms: 0.25 },
      {
        tool_call: { type: 'ShellExec', command: 'ls' }, session_id: 's-1', plugin_id: 'supervisor:claude', composite_score: -0, proxy_action: 'queue' as const,
        filter_results: [], evaluation_time_ms: 3, source: 'ipc', supervised: { tool: 'claude', pid: 42, project_name: 'p "x"' },
      },
      { tool_call: { type: 'NetListen', port: 1 }, composite_score: 1, proxy_action: 'deny' as const, filter_results: [filter('z', 1)], evaluation_time_ms: 1e-7, supervised: { tool: 't', pid: 7, project_name: null } },
    ];
    for (const input of inputs) {
      const record = fullRecordBuilder(input, { id: 'id-1', timestamp: '2026-01-01T00:00:00.000Z', redact: (text) => text, summaryLength: 512 })(3, 'f'.repeat(64));
      const { body, filterResults } = fullRecordJson(record);
      expect(body).toBe(canonicalJson(record));
      expect(body).toBe(reference(record));
      expect(filterResults).toBe(canonicalJson(record.filter_results));
      expect(body).toContain(`"filter_results":${filterResults},`);
    }
    const record = fullRecordBuilder(inputs[0]!, { id: 'id-1', timestamp: 't', redact: (text) => text, summaryLength: 512 })(1, 'f');
    expect(() => fullRecordJson({ ...record, evaluation_time_ms: Infinity })).toThrow(TypeError);
    expect(() => fullRecordJson({ ...record, filter_results: [{ ...record.filter_results[0]!, score: NaN }] })).toThrow(TypeError);
    expect(() => fullRecordJson({ ...record, supervised_pid: NaN, supervised_tool: 't' })).toThrow(TypeError);
  });
});
