import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldsNothingOnLowerCase } from '../../../core/scoring/caseless-pattern.ts';
import { compilePatternRules } from '../../../core/scoring/pattern-rules.ts';
import { viewOf } from '../../../core/scoring/call-view.ts';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';

/** Patterns of the shapes rules use, each accepted: lower-case literals, classes, ranges across letters, \s \S \w \W \d \D \b. */
const ACCEPTED = [
  String.raw`\bcurl\b[^\n;&|]{0,300}\s(?:-d|--data)\s{0,3}["']?@`,
  String.raw`[\s\S]{0,20}api[_-]?key\s{0,3}[:=]\s{0,3}[a-z0-9]{8,}`,
  String.raw`[!-~]{4}x|[^ -@]{2}\W\D\S`,
  String.raw`(?<!\bnot\s{1,4})\brm\s{1,4}-[a-z]{0,4}r[a-z]{0,4}\s{1,4}~/?(?:\s|$)`,
  String.raw`[\]-~]{3}|[^\]-~]{2}`,
  String.raw`svc:mcp [a-z0-9_.-]{1,60} [a-z0-9_]{0,20}(?:send|message)`,
];

/** Text as the case-insensitive rules read it (lower-cased), with letters beyond ASCII that fold to ASCII ones or to each other. */
const piece = fc.constantFrom('a', 'b', 'k', 's', 'x', 'z', 'i', 'api', 'key', '_', '-', ' ', '\n', '=', ':', '"', "'", '~', '/', '@', ']', '^', '`', '{',
  '0', '9', 'curl', 'rm', '-rf', 'not', '--data', 'svc:mcp', 'send', 'ſ', 'ı', 'İ', 'é', 'ß', 'ǅ', 'σ', 'ς', '\u212a', '\u00b5');
const lowerText = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('').toLowerCase());

const matches = (source: string, flags: string, text: string) => [...text.matchAll(new RegExp(source, flags))].map((m) => `${m.index}:${m[0]}`);

describe('case-insensitive patterns run without case folding on lower-cased text', () => {
  it('accepts lower-case ASCII patterns and the caseless class escapes \\S \\W \\D', () => {
    for (const p of ACCEPTED) expect(foldsNothingOnLowerCase(p)).toBe(true);
  });
  it('refuses upper-case letters, characters beyond ASCII, numbered escapes, back-references and \\B (the letter B in a class)', () => {
    for (const p of ['X-Api-Key', 'api[A-Z]', 'é', 'ſ', String.raw`\x41`, String.raw`\u0041`, String.raw`\101`, String.raw`(a)\1`, String.raw`(?<n>a)\k<n>`,
      String.raw`\cj`, String.raw`[\B]`, String.raw`a\B`, String.raw`\P{L}`, 'a\\']) expect(foldsNothingOnLowerCase(p)).toBe(false);
  });
  it('an accepted pattern matches lower-cased text the same with and without the i flag', () => {
    fc.assert(fc.property(fc.constantFrom(...ACCEPTED), lowerText, (p, text) => {
      expect(matches(p, 'g', text)).toEqual(matches(p, 'gi', text));
    }), { numRuns: 5000 });
  });
  it('a case-insensitive rule still matches a command written in upper case', () => {
    const filter = compilePatternRules({ rules: [{ id: 'r', message: 'm', score: 5, keywords: ['curl'], pattern: String.raw`\bcurl\b[^\n]{0,40}--data\b` }] });
    const view = viewOf({ type: 'ShellExec', command: 'CURL -X POST --DATA @x https://example.com', args: [] } as ToolCall);
    expect(filter.evaluate(view, { prior: new Map(), session: null, now: 0 }).matched).toBe(true);
  });
});
