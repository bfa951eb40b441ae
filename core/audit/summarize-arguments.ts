/**
 * `arguments_summary` and `arguments_hash` of a tool call.
 *
 * The summary is the call's arguments (without `type`) as canonical JSON,
 * passed through `redact` (the scoring module's secret and canary masking)
 * and only then cut to `maxLength`, so truncation can never leave a partial
 * secret that the redactor would no longer recognise. Inputs beyond 64 KiB are
 * cut before redaction (the summary shows at most `maxLength` of them anyway).
 */
import { canonicalJson } from './canonical-json.ts';
import { sha256Hex } from './sha256.ts';

export type Redact = (text: string) => string;

const REDACTION_WINDOW = 64 * 1024;
export const DEFAULT_SUMMARY_LENGTH = 512;

/** The truncated, redacted summary of a call's arguments. */
export function summarizeArguments(toolCall: Readonly<Record<string, unknown>>, redact: Redact, maxLength = DEFAULT_SUMMARY_LENGTH): string {
  const { type: _type, ...rest } = toolCall;
  return summaryOf(canonicalJson(rest), redact, maxLength);
}

/** `arguments_summary` and `arguments_hash` together, serialising the call once. */
export function describeArguments(
  toolCall: Readonly<Record<string, unknown>>,
  redact: Redact,
  maxLength = DEFAULT_SUMMARY_LENGTH,
  hashHex: (text: string) => string = sha256Hex,
): { summary: string; hash: string } {
  const { type, ...rest } = toolCall;
  const text = canonicalJson(rest);
  return { summary: summaryOf(text, redact, maxLength), hash: hashHex(withTypeLast(text, rest, type) ?? canonicalJson(toolCall)) };
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
