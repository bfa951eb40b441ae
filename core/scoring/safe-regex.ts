/**
 * Vets and compiles a rule pattern: a pattern unsafeReason (unsafe-reason.ts)
 * refuses is never compiled. The verdict is remembered per pattern text
 * (pattern-analysis.ts), and the shipped rules' verdicts come from the build
 * (shipped-pattern-analyses.ts); a pattern not among them, such as a rule a
 * user wrote or edited, is vetted afresh.
 */
import { unsafeReason } from './pattern-analysis.ts';

export type RegexCheck = { ok: true; regex: RegExp } | { ok: false; reason: string };

/** Vets and compiles a rule pattern. Flags are limited to `i`, `m`, `s`, `g`, `u`. */
export function compileSafeRegex(source: string, flags = ''): RegexCheck {
  if (!/^[gimsu]*$/.test(flags)) return { ok: false, reason: `unsupported regex flags '${flags}'` };
  if (source.length > 2000) return { ok: false, reason: 'pattern longer than 2000 characters' };
  const reason = unsafeReason(source);
  if (reason) return { ok: false, reason };
  try {
    return { ok: true, regex: new RegExp(source, flags) };
  } catch (error) {
    return { ok: false, reason: `invalid pattern: ${(error as Error).message}` };
  }
}
