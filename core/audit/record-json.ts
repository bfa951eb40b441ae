/**
 * The canonical JSON (canonical-json.ts) of a full record as
 * `fullRecordBuilder` builds it, written member by member in the record's
 * fixed canonical order instead of by `JSON.stringify` (which, on Node 20,
 * costs ~9 µs for a record's ~22 filter results, most of them the same few
 * strings). Strings are quoted by `JSON.stringify` itself; short ones (filter
 * names, severities, the usual messages, plugin ids, sources) are quoted once
 * and looked up after that. Anything outside the shape (a member of another
 * type, a non-finite number, a member more or fewer) is written by
 * canonicalJson, which also refuses what has no canonical form.
 */
import type { AuditFilterResult, AuditRecord } from './audit-record.ts';
import { canonicalJson } from './canonical-json.ts';

/** A record's canonical JSON, and that of its filter results when it has them (a part of the body). */
export interface SealedText {
  body: string;
  filterResults?: string;
}

/** Strings up to this length are quoted once and kept. */
const KEPT_LENGTH = 96;
/** Quoted strings kept at most; the table starts over when full. */
const KEPT_MAX = 4096;
const kept = new Map<string, string>();

/** `JSON.stringify(text)`, from the table for short texts. */
function quote(text: string): string {
  if (text.length > KEPT_LENGTH) return JSON.stringify(text);
  let quoted = kept.get(text);
  if (quoted === undefined) {
    quoted = JSON.stringify(text);
    if (kept.size >= KEPT_MAX) kept.clear();
    kept.set(text, quoted);
  }
  return quoted;
}

function quoteOrNull(text: string | null): string | null {
  if (text === null) return 'null';
  return typeof text === 'string' ? quote(text) : null;
}

/**
 * The text of filter results already written, by filter name then message:
 * a call's results are mostly the same few per filter (its "no match"
 * outcome), so each is written once and looked up after that. An entry
 * serves a result only when its score, severity and matched flag are the
 * ones it was written for.
 */
interface WrittenResult {
  matched: boolean;
  score: number;
  severity: string;
  text: string;
}
const written = new Map<string, Map<string, WrittenResult>>();
let writtenCount = 0;

/** `{"filter_name":…,"matched":…,"message":…,"score":…,"severity":…}` of one result in the shape. */
function resultText(name: string, matched: boolean, message: string, score: number, severity: string): string {
  const short = name.length <= KEPT_LENGTH && message.length <= KEPT_LENGTH;
  const byMessage = short ? written.get(name) : undefined;
  const known = byMessage?.get(message);
  // Object.is: a score of -0 and one of 0 are written alike, but kept apart like any other pair of values.
  if (known !== undefined && known.matched === matched && Object.is(known.score, score) && known.severity === severity) return known.text;
  // String(finite number) is what JSON.stringify writes for it (-0 included: "0").
  const text = `{"filter_name":${quote(name)},"matched":${matched ? 'true' : 'false'},"message":${quote(message)},"score":${String(score)},"severity":${quote(severity)}}`;
  if (!short) return text;
  if (writtenCount >= KEPT_MAX) {
    written.clear();
    writtenCount = 0;
  }
  let messages = written.get(name);
  if (messages === undefined) written.set(name, (messages = new Map()));
  if (!messages.has(message)) writtenCount += 1;
  messages.set(message, { matched, score, severity, text });
  return text;
}

/** The canonical text of the filter results, or null when one is outside the shape. */
function filterResultsText(results: readonly AuditFilterResult[]): string | null {
  if (!Array.isArray(results)) return null;
  let text = '[';
  for (let i = 0; i < results.length; i++) {
    const result = results[i];
    if (typeof result !== 'object' || result === null) return null;
    const { filter_name: name, matched, message, score, severity } = result;
    if (
      typeof name !== 'string' || typeof matched !== 'boolean' || typeof message !== 'string' || typeof severity !== 'string' ||
      typeof score !== 'number' || !Number.isFinite(score) || memberCount(result) !== 5
    ) {
      return null;
    }
    text += i === 0 ? resultText(name, matched, message, score, severity) : `,${resultText(name, matched, message, score, severity)}`;
  }
  return `${text}]`;
}

function memberCount(value: object): number {
  let count = 0;
  for (const key in value) if (Object.hasOwn(value, key)) count += 1;
  return count;
}

function finiteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The canonical JSON of a full record (without `hash`) and of its filter
 * results, which the body holds: the decision path reuses that text for the
 * answer, the digest item and its event, so the results are serialised once.
 */
export function fullRecordJson(record: Omit<AuditRecord, 'hash'>): SealedText {
  const text = fixedOrderText(record);
  return text ?? { body: canonicalJson(record) };
}

function fixedOrderText(record: Omit<AuditRecord, 'hash'>): SealedText | null {
  const {
    arguments_hash, arguments_summary, composite_score, evaluation_time_ms, filter_results, id, plugin_id, prev_hash,
    project_name, proxy_action, sequence, session_id, source, supervised_pid, supervised_tool, timestamp, tool_call_type,
  } = record;
  const optional = (project_name !== undefined ? 1 : 0) + (supervised_pid !== undefined ? 1 : 0) + (supervised_tool !== undefined ? 1 : 0);
  if (
    typeof arguments_hash !== 'string' || typeof arguments_summary !== 'string' || !finiteNumber(composite_score) ||
    !finiteNumber(evaluation_time_ms) || typeof id !== 'string' || typeof prev_hash !== 'string' || typeof proxy_action !== 'string' ||
    !finiteNumber(sequence) || typeof timestamp !== 'string' || typeof tool_call_type !== 'string' ||
    (project_name !== undefined && typeof project_name !== 'string') ||
    (supervised_pid !== undefined && !finiteNumber(supervised_pid)) ||
    (supervised_tool !== undefined && typeof supervised_tool !== 'string') ||
    memberCount(record) !== 14 + optional
  ) {
    return null;
  }
  const plugin = quoteOrNull(plugin_id);
  // Ids, hashes, times and sessions are seldom repeated: quoted directly, not kept.
  const session = session_id === null ? 'null' : typeof session_id === 'string' ? JSON.stringify(session_id) : null;
  const from = quoteOrNull(source);
  const filterResults = filterResultsText(filter_results);
  if (plugin === null || session === null || from === null || filterResults === null) return null;
  // Members in sorted order; an absent optional member is left out, as JSON.stringify leaves out undefined.
  const body =
    `{"arguments_hash":${JSON.stringify(arguments_hash)},"arguments_summary":${JSON.stringify(arguments_summary)}` +
    `,"composite_score":${String(composite_score)},"evaluation_time_ms":${String(evaluation_time_ms)}` +
    `,"filter_results":${filterResults},"id":${JSON.stringify(id)},"plugin_id":${plugin},"prev_hash":${JSON.stringify(prev_hash)}` +
    (project_name !== undefined ? `,"project_name":${JSON.stringify(project_name)}` : '') +
    `,"proxy_action":${quote(proxy_action)},"sequence":${String(sequence)},"session_id":${session},"source":${from}` +
    (supervised_pid !== undefined ? `,"supervised_pid":${String(supervised_pid)}` : '') +
    (supervised_tool !== undefined ? `,"supervised_tool":${quote(supervised_tool)}` : '') +
    `,"timestamp":${JSON.stringify(timestamp)},"tool_call_type":${quote(tool_call_type)}}`;
  return { body, filterResults };
}
