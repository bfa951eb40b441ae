/**
 * `arguments_summary` and `arguments_hash` of a tool call.
 *
 * The summary is the call's arguments (without `type`) as compact JSON in
 * reading order: what the call acts on first (command, path, URL, server and
 * tool...), the other members sorted, and the bulky ones (content, body,
 * headers, environment, MCP arguments) last, so that a summary cut to
 * `maxLength` still names its target for the reviewer and for exfil-stats'
 * destinations. It is passed through `redact` (the scoring module's secret
 * and canary masking) and only then cut, so truncation can never leave a
 * partial secret that the redactor would no longer recognise. Inputs beyond
 * 64 KiB are cut before redaction (the summary shows at most `maxLength` of
 * them anyway). The hash stays over the canonical (sorted) JSON of the call.
 */
import { canonicalJson } from './canonical-json.ts';
import { sha256Hex } from './sha256.ts';

export type Redact = (text: string) => string;

const REDACTION_WINDOW = 64 * 1024;
export const DEFAULT_SUMMARY_LENGTH = 512;

/** The truncated, redacted summary of a call's arguments. */
export function summarizeArguments(toolCall: Readonly<Record<string, unknown>>, redact: Redact, maxLength = DEFAULT_SUMMARY_LENGTH): string {
  const { type: _type, ...rest } = toolCall;
  return summaryOf(readingOrderText(memberTexts(rest)), redact, maxLength);
}

/** `arguments_summary` and `arguments_hash` together, serialising each argument once. */
export function describeArguments(
  toolCall: Readonly<Record<string, unknown>>,
  redact: Redact,
  maxLength = DEFAULT_SUMMARY_LENGTH,
  hashHex: (text: string) => string = sha256Hex,
): { summary: string; hash: string } {
  const { type, ...rest } = toolCall;
  const members = memberTexts(rest);
  const canonical = `{${members.map((m) => m.text).join(',')}}`;
  return { summary: summaryOf(readingOrderText(members), redact, maxLength), hash: hashHex(withTypeLast(canonical, rest, type) ?? canonicalJson(toolCall)) };
}

/** What a call acts on, in the order a reviewer reads it. */
const LEADING_KEYS = ['command', 'args', 'cwd', 'method', 'url', 'path', 'from', 'to', 'server', 'tool', 'host', 'port', 'name', 'record_type'];
/** Members that can be long and rarely say what the call acts on. */
const TRAILING_KEYS = ['arguments', 'body', 'content', 'content_hash', 'env', 'headers'];

interface MemberText { key: string; text: string }

/** Each defined member as `"key":<canonical JSON>`, in canonical (sorted) key order. */
function memberTexts(rest: Readonly<Record<string, unknown>>): MemberText[] {
  const members: MemberText[] = [];
  for (const key of Object.keys(rest).sort()) {
    const value = rest[key];
    if (value !== undefined) members.push({ key, text: `${JSON.stringify(key)}:${canonicalJson(value)}` });
  }
  return members;
}

function readingRank(key: string): number {
  const leading = LEADING_KEYS.indexOf(key);
  if (leading >= 0) return leading;
  const trailing = TRAILING_KEYS.indexOf(key);
  return trailing >= 0 ? LEADING_KEYS.length + 1 + trailing : LEADING_KEYS.length;
}

/** The members in reading order (a stable sort keeps the rest in canonical order). */
function readingOrderText(members: readonly MemberText[]): string {
  const ordered = [...members].sort((a, b) => readingRank(a.key) - readingRank(b.key));
  return `{${ordered.map((m) => m.text).join(',')}}`;
}

/**
 * The canonical text of the whole call from that of its arguments, when
 * `type` sorts after every argument name (the usual case: it is then the
 * last member); null otherwise.
 */
function withTypeLast(argumentsText: string, rest: Readonly<Record<string, unknown>>, type: unknown): string | null {
  if (type === undefined) return argumentsText;
  let members = 0;
  for (const key of Object.keys(rest)) {
    if (rest[key] === undefined) continue;
    if (!(key < 'type')) return null;
    members += 1;
  }
  return `${argumentsText.slice(0, -1)}${members > 0 ? ',' : ''}"type":${canonicalJson(type)}}`;
}

function summaryOf(text: string, redact: Redact, maxLength: number): string {
  const redacted = redact(text.length > REDACTION_WINDOW ? text.slice(0, REDACTION_WINDOW) : text);
  if (redacted.length <= maxLength) return redacted;
  let cut = maxLength - 1;
  const last = redacted.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${redacted.slice(0, cut)}…`;
}

/** SHA-256 (hex) of the full call as canonical JSON. */
export function argumentsHash(toolCall: Readonly<Record<string, unknown>>, hashHex: (text: string) => string = sha256Hex): string {
  return hashHex(canonicalJson(toolCall));
}
