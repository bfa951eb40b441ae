import { describe, expect, it } from 'vitest';
import type { AuditFilterResult, AuditRecord } from '../../../core/audit/audit-record.ts';
import { canonicalJson } from '../../../core/audit/canonical-json.ts';
import { fullRecordBuilder, type AuditAppendInput } from '../../../core/audit/record-builders.ts';
import { fullRecordJson } from '../../../core/audit/record-json.ts';

/** The definition, written the slow way: sorted keys at every level, undefined members left out. */
function reference(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('non-finite');
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : reference(item))).join(',')}]`;
  const object = value as Record<string, unknown>;
  const members = Object.keys(object).sort().filter((key) => object[key] !== undefined);
  return `{${members.map((key) => `${JSON.stringify(key)}:${reference(object[key])}`).join(',')}}`;
}

/** Strings JSON has to escape or that sort oddly, short and long. */
const STRINGS = [
  '', 'No rule matched', 'quote " and backslash \\', 'controls \u0000\u0001\b\f\n\r\t\u001f', 'line separators \u2028\u2029',
  'lone surrogates \ud800 and \udfff', 'pair \ud83d\ude00', 'é ü 中文', '</script>', 'x'.repeat(95), 'y'.repeat(96), `long ${'"\\'.repeat(60)}`,
];
const NUMBERS = [0, -0, 0.5, 1e-7, 0.1 + 0.2, 1e21, 123456789.125, -3, Number.MAX_SAFE_INTEGER, 5e-324];

function* inputs(): Generator<AuditAppendInput> {
  let at = 0;
  const pick = <T>(list: readonly T[]): T => list[at++ % list.length]!;
  for (let i = 0; i < 60; i++) {
    const results: AuditFilterResult[] = Array.from({ length: i % 5 }, () => ({
      severity: pick(STRINGS), score: pick(NUMBERS), message: pick(STRINGS), matched: at % 2 === 0, filter_name: pick(STRINGS),
    }));
    const supervised = i % 3 === 0 ? null : { tool: pick(STRINGS), pid: pick(NUMBERS), project_name: i % 3 === 1 ? null : pick(STRINGS) };
    yield {
      tool_call: { type: i % 4 === 0 ? 'ShellExec' : pick(STRINGS), command: pick(STRINGS) },
      session_id: i % 2 === 0 ? null : pick(STRINGS),
      plugin_id: i % 5 === 0 ? undefined : pick(STRINGS),
      composite_score: pick(NUMBERS),
      proxy_action: (['allow', 'queue', 'deny'] as const)[i % 3]!,
      filter_results: results,
      evaluation_time_ms: pick(NUMBERS),
      source: i % 7 === 0 ? null : pick(STRINGS),
      supervised,
    };
  }
}

function build(input: AuditAppendInput, sequence = 9): Omit<AuditRecord, 'hash'> {
  return fullRecordBuilder(input, { id: '00000000-0000-4000-8000-000000000001', timestamp: '2026-11-24T04:00:00.000Z', redact: (text) => text, summaryLength: 512 })(sequence, 'a'.repeat(64));
}

describe('a full record written in its fixed member order', () => {
  it('is its canonical JSON, and its filter results the canonical JSON of theirs, whatever its strings and numbers', () => {
    let records = 0;
    for (const input of inputs()) {
      const record = build(input);
      const { body, filterResults } = fullRecordJson(record);
      expect(body).toBe(reference(record));
      expect(body).toBe(canonicalJson(record));
      expect(filterResults).toBe(reference(record.filter_results));
      expect(JSON.parse(body)).toEqual(JSON.parse(JSON.stringify(record)));
      records += 1;
    }
    expect(records).toBe(60);
  });

  it('writes the same text after its table of quoted strings fills up and starts over', () => {
    const input = inputs().next().value!;
    const record = build({ ...input, filter_results: [{ filter_name: 'Sensitive paths', matched: true, message: 'm "1"', score: 2, severity: 'warning' }] });
    const before = fullRecordJson(record).body;
    for (let i = 0; i < 5000; i++) {
      const other = build({ ...input, filter_results: [{ filter_name: `name ${i}`, matched: false, message: `message "${i}"`, score: i, severity: 'notice' }] });
      expect(fullRecordJson(other).body).toBe(reference(other));
    }
    expect(fullRecordJson(record).body).toBe(before);
    expect(before).toBe(reference(record));
  });

  it('writes a filter result with the same name and message as an earlier one by its own score, severity and matched flag', () => {
    const input = inputs().next().value!;
    const variants: AuditFilterResult[] = [
      { filter_name: 'Session rate', matched: false, message: 'Within limits', score: 0, severity: 'info' },
      { filter_name: 'Session rate', matched: false, message: 'Within limits', score: -0, severity: 'info' },
      { filter_name: 'Session rate', matched: true, message: 'Within limits', score: 0, severity: 'info' },
      { filter_name: 'Session rate', matched: true, message: 'Within limits', score: 1.5, severity: 'info' },
      { filter_name: 'Session rate', matched: true, message: 'Within limits', score: 1.5, severity: 'warning' },
      { filter_name: 'Session rate', matched: false, message: 'Within limits', score: 0, severity: 'info' },
    ];
    for (const result of [...variants, ...variants.reverse()]) {
      const record = build({ ...input, filter_results: [result, { ...result, filter_name: 'Other' }] });
      expect(fullRecordJson(record).body).toBe(reference(record));
    }
  });

  it('keeps the engine\'s own filter results when they have exactly the five members, and copies the five of any other', () => {
    const input = inputs().next().value!;
    const exact: AuditFilterResult = { severity: 'info', score: 0, message: 'm', matched: false, filter_name: 'f' };
    const extra = { ...exact, details: 'not recorded' };
    const inherited = Object.assign(Object.create({ severity: 'info' }) as AuditFilterResult, { score: 0, message: 'm', matched: false, filter_name: 'f' });
    const record = build({ ...input, filter_results: [exact, extra, inherited] });
    expect(record.filter_results[0]).toBe(exact);
    expect(record.filter_results[1]).toEqual(exact);
    expect(record.filter_results[1]).not.toBe(extra);
    expect(Object.hasOwn(record.filter_results[2]!, 'severity')).toBe(true);
    expect(fullRecordJson(record).body).toBe(reference({ ...record, filter_results: [exact, exact, exact] }));
  });

  it('leaves a record outside the builder\'s shape to canonicalJson, which writes it or refuses it', () => {
    const record = build(inputs().next().value!);
    const result = { filter_name: 'f', matched: true, message: 'm', score: 1, severity: 'notice' };
    const outside: Array<Record<string, unknown>> = [
      { ...record, zeta: 'a member more' },
      { ...record, aardvark: 1 },
      { ...record, filter_results: [{ ...result, extra: true }] },
      { ...record, filter_results: [{ ...result, matched: 'yes' }] },
      { ...record, filter_results: [{ ...result, score: '1' }] },
      { ...record, filter_results: [null] },
      { ...record, source: undefined },
      { ...record, plugin_id: 7 },
      { ...record, supervised_pid: '42' },
      { ...record, project_name: undefined },
      { ...record, sequence: '9' },
    ];
    for (const value of outside) {
      const shaped = value as unknown as Omit<AuditRecord, 'hash'>;
      expect(fullRecordJson(shaped).body).toBe(canonicalJson(value));
      expect(fullRecordJson(shaped).body).toBe(reference(value));
    }
    expect(() => fullRecordJson({ ...record, composite_score: NaN })).toThrow(TypeError);
    expect(() => fullRecordJson({ ...record, filter_results: [{ ...result, score: Infinity }] })).toThrow(TypeError);
  });
});
