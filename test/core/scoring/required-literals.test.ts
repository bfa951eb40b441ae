import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchLiterals, MIN_LITERAL, requiredCounts, requiredLiterals } from '../../../core/scoring/required-literals.ts';
import { census, pairBits, pairsAllow } from '../../../core/scoring/text-census.ts';
import { FILTER_DIR } from './helpers.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRuleToml } from '../../../core/scoring/rule-loader.ts';

const sorted = (factors: string[][]) => factors.map((f) => [...f].sort()).sort((a, b) => a.join().localeCompare(b.join()));

describe('necessary literals of a rule pattern', () => {
  it('reads sequences, alternations, optional parts, small classes and lookarounds into factors every match needs', () => {
    expect(sorted(requiredLiterals('\\bcurl\\b[^|]{0,200}\\|\\s{0,4}(?:ba|z|da)?sh\\b', 'gi'))).toEqual([['curl']]);
    expect(sorted(requiredLiterals('\\b(?:wget|curl)\\s{1,4}[^\\n]{0,80}--post-file', 'gi'))).toEqual([['--post-file'], ['curl', 'wget']]);
    expect(sorted(requiredLiterals('(?:sudo\\s{1,4})?chmod\\s{1,4}[0-7]{0,1}4[0-7]{3}', 'gi'))).toEqual([['chmod']]);
    expect(sorted(requiredLiterals('[\'"]?Authorization:\\s{0,3}Bearer', 'gi'))).toEqual([['"authorization:', "'authorization:", 'authorization:'], ['bearer']]);
    expect(sorted(requiredLiterals('\\.ssh/id_(?:rsa|ed25519)(?!\\.pub)', 'gi'))).toEqual([['.ssh/id_ed25519', '.ssh/id_rsa']]);
    expect(sorted(requiredLiterals('x(?=[^\\n]{0,40}token)y', 'gi'))).toEqual([['token']]);
    expect(sorted(requiredLiterals('(?:ab){2}c', 'g'))).toEqual([['ababc']]);
    expect(sorted(requiredLiterals('AKIA[0-9A-Z]{16}', 'g'))).toEqual([['AKIA']]);
  });
  it('gives nothing it cannot be sure of: a branch without a literal, an optional or repeated-from-zero part, short strings, negative lookarounds, unicode mode', () => {
    expect(requiredLiterals('curl|[a-z]{3}', 'gi')).toEqual([]);
    expect(requiredLiterals('(?:curl)?x', 'gi')).toEqual([]);
    expect(requiredLiterals('(?:curl){0,3}', 'gi')).toEqual([]);
    expect(requiredLiterals('ab\\s{1,3}cd', 'gi')).toEqual([]);
    expect(requiredLiterals('(?!curl)x', 'gi')).toEqual([]);
    expect(requiredLiterals('curl', 'giu')).toEqual([]);
    expect(requiredLiterals('\\cJcurl', 'g')).toEqual([['curl']]);
    expect(requiredLiterals('\\012curl', 'g')).toEqual([['curl']]);
    for (const f of requiredLiterals('\\bgit\\s{1,4}push\\b[^\\n]{0,200}--force', 'gi')) for (const s of f) expect(s.length).toBeGreaterThanOrEqual(MIN_LITERAL);
  });
  it('never rules out text the pattern matches (random patterns and texts, with and without the i flag)', () => {
    const piece = fc.constantFrom('abc', 'ABd', 'x', '\\.', '\\b', '(?:^|[.\\s/@])', '(?:xyz|abq)?', '(?:cab|bc+a)', '[^a]', '[ab]', '[Bc]{2}', '\\s{1,4}', '(?=bca)', '(?!ab)', 'b{1,3}', 'c{2}', '[a-c]{0,3}', '\\x61bc', '(?:ab|c)', '(?<=c)ab', '|');
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', 'B', 'C', 'x', 'y', 'z', 'q', 'd', '.', ' ', '/', '@', 'é'), maxLength: 40 });
    fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), fc.constantFrom('g', 'gi'), fc.array(text, { minLength: 1, maxLength: 8 }), (pieces, flags, texts) => {
      const source = pieces.join('');
      let regex: RegExp;
      try { regex = new RegExp(source, flags); } catch { return; }
      const factors = requiredLiterals(source, flags);
      for (const t of texts) {
        const seen = flags.includes('i') ? t.toLowerCase() : t;
        if (regex.test(t)) for (const f of factors) expect(f.some((s) => seen.includes(s)), `${source} /${flags} on ${JSON.stringify(t)}: ${JSON.stringify(f)}`).toBe(true);
        regex.lastIndex = 0;
      }
    }), { numRuns: 3000 });
  });
  it('with a shorter minimum, also gives the single characters every match needs, and never rules out a matched text', () => {
    expect(sorted(requiredLiterals('[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}\\.[a-z0-9.-]{2,190}', 'gi', 1))).toEqual([['.'], ['@']]);
    expect(sorted(requiredLiterals('\\b[a-z][a-z0-9+.-]{1,20}:\\/\\/[^/\\s:@]{1,64}:([^/\\s:@]{6,64})@[a-z0-9.-]{1,253}', 'gi', 1))).toEqual([['://'], ['@']]);
    const piece = fc.constantFrom('a', 'B', '@', ':', '\\.', '\\b', '(?:@|:)', '[@:]', '[^@]', '\\s{1,4}', '(?=@)', '(?!:)', '@?', ':{2}', '(?:ab|c@)', '(?<=:)a', '|');
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'B', 'c', '@', ':', '.', ' ', 'é'), maxLength: 30 });
    fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), fc.constantFrom('g', 'gi'), fc.array(text, { minLength: 1, maxLength: 8 }), (pieces, flags, texts) => {
      const source = pieces.join('');
      let regex: RegExp;
      try { regex = new RegExp(source, flags); } catch { return; }
      const factors = requiredLiterals(source, flags, 1);
      for (const t of texts) {
        const seen = flags.includes('i') ? t.toLowerCase() : t;
        if (regex.test(seen)) for (const f of factors) expect(f.some((s) => seen.includes(s)), `${source} /${flags} on ${JSON.stringify(t)}: ${JSON.stringify(f)}`).toBe(true);
        regex.lastIndex = 0;
      }
    }), { numRuns: 3000 });
  });
  it('reads each top-level branch on its own, and a matched text holds every factor of some branch (random patterns and texts)', () => {
    expect(branchLiterals('curl', 'g')).toBeNull();
    expect(branchLiterals('\\bcurl\\b[^|]{0,300}--data|wget[^|]{0,40}--post-file', 'gi', 1)).toEqual([[['curl'], ['--data']], [['wget'], ['--post-file']]]);
    expect(branchLiterals('(?:a|b)c|-d\\s@', 'gi', 1)).toEqual([[['ac', 'bc']], [['-d'], ['@']]]);
    const piece = fc.constantFrom('abc', 'ABd', 'x', '-d', '@', '\\.', '\\b', '(?:^|[.\\s/@])', '(?:xyz|abq)?', '(?:cab|bc+a)', '[^a]', '[ab]', '\\s{1,4}', '(?=bca)', '(?!ab)', 'b{1,3}', '[a-c]{0,3}', '(?:ab|c)', '(?<=c)ab', '|', '|', '|');
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', 'B', 'x', 'y', 'z', 'q', 'd', '-', '.', ' ', '/', '@', 'é'), maxLength: 40 });
    fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.constantFrom('g', 'gi'), fc.constantFrom(1, 3), fc.array(text, { minLength: 1, maxLength: 8 }), (pieces, flags, min, texts) => {
      const source = pieces.join('');
      let regex: RegExp;
      try { regex = new RegExp(source, flags); } catch { return; }
      const branches = branchLiterals(source, flags, min);
      if (branches === null) return;
      for (const t of texts) {
        const seen = flags.includes('i') ? t.toLowerCase() : t;
        if (regex.test(seen)) expect(branches.some((b) => b.every((f) => f.some((s) => seen.includes(s)))), `${source} /${flags} on ${JSON.stringify(t)}: ${JSON.stringify(branches)}`).toBe(true);
        regex.lastIndex = 0;
      }
    }), { numRuns: 3000 });
  });
  it('reads every shipped pattern without giving up on the ones with literals (parses all of them)', () => {
    let withFactors = 0;
    let patterns = 0;
    for (const file of readdirSync(FILTER_DIR).filter((f) => f.endsWith('.toml'))) {
      const doc = parseRuleToml(readFileSync(join(FILTER_DIR, file), 'utf8')) as { rules?: { pattern?: string; case_sensitive?: boolean }[] };
      for (const rule of doc.rules ?? []) {
        if (rule.pattern === undefined) continue;
        patterns++;
        if (requiredLiterals(rule.pattern, rule.case_sensitive ? 'g' : 'gi').length > 0) withFactors++;
      }
    }
    expect(withFactors / patterns).toBeGreaterThan(0.8);
  });
});

describe('census a rule pattern needs', () => {
  it('counts the digits, characters beyond ASCII and control characters every match holds', () => {
    expect(requiredCounts('\\b(?:4\\d{3}|5[1-5]\\d{2}|6(?:011|5\\d{2}))[ -]?\\d{4}[ -]?\\d{4}[ -]?\\d{1,7}\\b', 'gi')).toEqual([13, 0, 0]);
    expect(requiredCounts('[\\u202a-\\u202e\\u200b-\\u200d\\ufeff]', 'gi')).toEqual([0, 1, 0]);
    expect(requiredCounts('[\\u0000-\\u0008\\u000e-\\u001f\\u007f]', 'g')).toEqual([0, 0, 1]);
    expect(requiredCounts('\\b(?!000)\\d{3}-\\d{2}-(?!0000)\\d{4}\\b', 'gi')).toEqual([9, 0, 0]);
    expect(requiredCounts('x\\d{3}|y', 'g')).toEqual([0, 0, 0]);
    expect(requiredCounts('[^a]{5}[\\s\\S]\\w\\D.', 'g')).toEqual([0, 0, 0]);
  });
  it('never rules out text the pattern matches (random patterns and texts)', () => {
    const piece = fc.constantFrom('a', '\\d', '[0-3]', '\\d{2,4}', '[\\u00e9-\\u00ff]', '\\u00e9', '[\\x01-\\x08]', '\\x7f', '(?:1|ab)', '(?:12|3)', '\\d?', '[0-9a]', '(?=\\d)', '(?!1)', '|', '\\b', '[^1]', '.');
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '1', '2', '3', '9', 'é', 'ÿ', '\x01', '\x7f', '\t', ' '), maxLength: 30 });
    fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), fc.constantFrom('g', 'gi'), fc.array(text, { minLength: 1, maxLength: 8 }), (pieces, flags, texts) => {
      const source = pieces.join('');
      let regex: RegExp;
      try { regex = new RegExp(source, flags); } catch { return; }
      const need = requiredCounts(source, flags);
      for (const t of texts) {
        regex.lastIndex = 0;
        if (!regex.test(t)) continue;
        const have = census(t);
        for (let k = 0; k < 3; k++) expect(have[k], `${source} /${flags} on ${JSON.stringify(t)}`).toBeGreaterThanOrEqual(need[k]!);
      }
    }), { numRuns: 3000 });
  });
});

describe('pairs of characters a looked-up string needs', () => {
  it('rules out a text lacking a pair of the string, never one holding the string (random strings and texts, beyond ASCII too)', () => {
    const unit = fc.constantFrom('a', 'b', '-', '-', 'd', '$', '(', ' ', '\n', 'é', '\u0161', '\u00e1', 'Ü');
    fc.assert(fc.property(fc.string({ unit, minLength: 1, maxLength: 5 }), fc.array(fc.string({ unit, maxLength: 40 }), { minLength: 1, maxLength: 6 }), (s, texts) => {
      const bits = pairBits(s);
      for (const t of texts) if (t.includes(s)) expect(pairsAllow(t, bits), `${JSON.stringify(s)} in ${JSON.stringify(t)}`).toBe(true);
    }), { numRuns: 3000 });
    expect(pairsAllow('curl -x https://example.com', pairBits('-d'))).toBe(false);
    expect(pairsAllow('curl -d @f https://example.com', pairBits('-d'))).toBe(true);
    expect(pairsAllow('curl -x', pairBits('@'))).toBe(true);
  });
});
