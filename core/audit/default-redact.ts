/**
 * A fallback redactor for `arguments_summary` until the scoring module's own
 * secret and canary knowledge is passed in: masks well-known credential
 * shapes, `key=value` secrets, bearer tokens, and every given canary value.
 * Masked text becomes `[REDACTED]`.
 */
import { summaryDestination } from './exfil-stats.ts';
import type { Redact } from './summarize-arguments.ts';

const MASK = '[REDACTED]';
const WITHHELD = `${MASK} (arguments carry a canary value)`;
const PATTERNS: RegExp[] = [
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g,
  /\bxox[abpr]-[A-Za-z0-9-]{10,}\b/g,
  /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}\b/g,
  /\bAIza[0-9A-Za-z_-]{30,}\b/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g,
];
const BEARER = /\b(bearer|basic)(\s+)[A-Za-z0-9._~+/=-]{8,}/gi;
const ASSIGNMENT = /\b([A-Za-z0-9_]*(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key)[A-Za-z0-9_]*)(\\?["']?\s*[:=]\s*\\?["']?)([^\s"'\\&,;]{4,})/gi;

export interface DefaultRedactOptions {
  /** Canary values to mask where they appear verbatim. */
  canaryValues?: () => readonly string[];
  /**
   * Whether a text still carries a canary in any form the scoring module
   * recognises (encoded, split...). When it does, the whole summary is
   * withheld (the registry reports hits, not where they are) but for the
   * first URL's scheme and host when they carry none: exfil stats count the
   * call under its destination (spec, Audit rule 4).
   */
  containsCanary?: (text: string) => boolean;
}

/** A redactor masking credential shapes and canary values. */
export function createDefaultRedact(options: DefaultRedactOptions = {}): Redact {
  return (text) => {
    let out = text;
    for (const value of options.canaryValues?.() ?? []) if (value.length >= 4) out = out.split(value).join(MASK);
    for (const pattern of PATTERNS) out = out.replace(pattern, MASK);
    out = out.replace(BEARER, (_all, scheme: string, space: string) => `${scheme}${space}${MASK}`);
    out = out.replace(ASSIGNMENT, (_all, key: string, sep: string) => `${key}${sep}${MASK}`);
    if (!options.containsCanary?.(out)) return out;
    const url = summaryDestination(out);
    const destination = url ? `${url.protocol}://${url.host}` : '';
    return destination && !options.containsCanary(destination) ? `${WITHHELD} ${destination}` : WITHHELD;
  };
}
