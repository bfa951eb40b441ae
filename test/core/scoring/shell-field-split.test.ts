import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Word } from '../../../core/scoring/shell/ast.ts';
import { expandWord, type ExpandEnv } from '../../../core/scoring/shell/expand.ts';
import { MAX_WORD } from '../../../core/scoring/shell/limits.ts';

/**
 * Field splitting as it was first written (a string iterator, a piece grown a
 * character at a time), with `prefix` already in the current field: the
 * reference the code-point scan must equal.
 */
function referenceFields(prefix: string, value: string, ifs: string): string[] {
  const fields: string[] = [];
  let cur = prefix;
  let started = false;
  const push = () => { if (started || cur !== '') fields.push(cur.slice(0, MAX_WORD)); cur = ''; started = false; };
  let piece = '';
  for (const ch of value) {
    if (ifs.includes(ch)) {
      if (piece !== '' || !' \t\n'.includes(ch)) { cur += piece; push(); piece = ''; }
      else if (cur !== '') push();
      continue;
    }
    piece += ch;
    if (piece.length > MAX_WORD) break;
  }
  cur += piece;
  if (piece !== '') started = true;
  push();
  return fields;
}

/** `pre$X` unquoted: a literal, then the variable, split on IFS. */
const word: Word = { parts: [{ k: 'lit', s: 'pre', q: 0 }, { k: 'param', name: 'X', op: '', arg: null, q: 0 }], raw: 'pre$X' };
const fieldsOf = (value: string, ifs: string): string[] => {
  const env: ExpandEnv = { vars: new Map([['X', value]]), positional: null, substitute: () => ({ text: '', known: false, decoded: false }) };
  return expandWord(word, env, ifs).fields;
};

describe('an unquoted expansion is split on IFS by code point', () => {
  it('gives the fields the character-at-a-time split gives, for any value and IFS', () => {
    const unit = fc.constantFrom('a', 'b', ' ', '  ', '\t', '\n', ':', ',', '=', '/', 'é', '\ud83d\ude00', '\ud83d', '\ude00', '\u3000', '$');
    const text = fc.array(unit, { minLength: 1, maxLength: 24 }).map((u) => u.join(''));
    const ifs = fc.constantFrom(' \t\n', ':', ' :', ',\n', '\ud83d\ude00', '\ud83d', 'é ', '\t');
    fc.assert(fc.property(text, ifs, (value, sep) => {
      // A value starting with '$' is not split (an unknown variable's name stays whole).
      fc.pre(!value.startsWith('$'));
      expect(fieldsOf(value, sep)).toEqual(referenceFields('pre', value, sep));
    }), { numRuns: 4000 });
  });
  it('splits a value cut at the word limit (through a surrogate pair, too) as before', () => {
    for (const value of [`${'a'.repeat(MAX_WORD + 5)} b`, `x ${'\ud83d\ude00'.repeat(MAX_WORD)}`, `${'a'.repeat(MAX_WORD - 5)}\ud83d\ude00\ud83d\ude00 tail`, `${'a '.repeat(MAX_WORD)}`]) {
      // expandWord cuts the value so the word stays within MAX_WORD ('pre' is already in it).
      expect(fieldsOf(value, ' \t\n')).toEqual(referenceFields('pre', value.slice(0, MAX_WORD - 3), ' \t\n'));
    }
  });
});
