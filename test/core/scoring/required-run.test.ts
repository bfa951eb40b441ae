import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasRun, hasRunIn, longestRun, requiredRun, type RunLengths } from '../../../core/scoring/required-run.ts';

describe('required class run of a rule pattern', () => {
  it('never rules out text the pattern matches (random sequences around a class repeat, with and without the i flag)', () => {
    const piece = fc.constantFrom('', 'a', '\\.', '\\b', '(?:^|[.\\s/@])', '(?:x|yz)?', '[^a]', '\\s{1,4}', '(?=b)');
    const cls = fc.constantFrom('[a-c]', '[^a]', '[A-C0-2+/]', '[\\s]', '[\\w-]', '[a-c\\]]', '[^\\n;&|]');
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', 'B', '0', '1', '+', '/', ' ', '.', '-', ']', '\n', 'é', 'x', 'y', 'z', '@'), maxLength: 80 });
    fc.assert(fc.property(piece, cls, fc.integer({ min: 16, max: 20 }), fc.integer({ min: 0, max: 6 }), piece, fc.constantFrom('g', 'gi'), text, (pre, c, min, extra, post, flags, t) => {
      const source = `${pre}${c}{${min},${min + extra}}${post}`;
      const run = requiredRun(source, flags);
      expect(run).not.toBeNull();
      if (new RegExp(source, flags).test(t)) expect(hasRun(t, run!)).toBe(true);
      const long = t.replace(/./g, (ch) => ch.repeat(min)) ;
      if (new RegExp(source, flags).test(long)) expect(hasRun(long, run!)).toBe(true);
    }), { numRuns: 3000 });
  });
  it('reads only repeats every match needs: none under a top-level alternation, inside a group or below 16', () => {
    expect(requiredRun('[A-Za-z0-9+/]{64,256}={0,2}', 'g')?.min).toBe(64);
    expect(requiredRun('(?:^|[.\\s/@])[a-z0-9_-]{40,63}\\.[a-z0-9-]{1,63}\\.', 'gi')?.min).toBe(40);
    expect(requiredRun('abc|[a-z]{40}', 'g')).toBeNull();
    expect(requiredRun('x(?:[a-z]{40})?', 'g')).toBeNull();
    expect(requiredRun('x[a-z]{15}', 'g')).toBeNull();
    const run = requiredRun('key=[a-f0-9]{32}', 'g')!;
    expect(hasRun('key=' + 'ab12'.repeat(8), run)).toBe(true);
    expect(hasRun('key=' + 'ab12'.repeat(7) + 'g' + 'ab12', run)).toBe(false);
  });
  it('keeps one answer per class and text: rules with the same class share one table, and the kept answer agrees with hasRun', () => {
    const a = requiredRun('token=[a-f0-9]{32}', 'g')!;
    const b = requiredRun('[a-f0-9]{40}\\b', 'g')!;
    expect(a.member).toBe(b.member);
    expect(requiredRun('[a-f0-9]{32}', 'gi')!.member).not.toBe(a.member);
    const text = `x ${'ab12'.repeat(9)} y ${'c3'.repeat(30)}`;
    expect(longestRun(text, a.member)).toBe(60);
    const lengths: RunLengths = new Map();
    expect(hasRunIn(text, a, lengths)).toBe(true);
    expect(hasRunIn(text, b, lengths)).toBe(true);
    expect(lengths.size).toBe(1);
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', 'f', '0', 'g', ' ', 'é'), maxLength: 120 }), fc.integer({ min: 16, max: 40 }), (t, min) => {
      const run = { member: a.member, min };
      expect(hasRunIn(t, run, new Map())).toBe(hasRun(t, run));
    }), { numRuns: 500 });
  });
  it('hasRun probes every min-th character and says exactly whether the longest run reaches min, asked in any order', () => {
    const member = requiredRun('x[a-f0-9]{16}', 'g')!.member;
    const unit = fc.constantFrom('a', 'f', '0', 'g', ' ', 'é', '-');
    fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'f0', 'g', ' ', 'é', '-'), fc.integer({ min: 1, max: 50 })), { maxLength: 8 }), fc.string({ unit, maxLength: 20 }), fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 6 }), (parts, tail, mins) => {
      const t = parts.map(([p, n]) => p.repeat(n)).join('') + tail;
      const longest = longestRun(t, member);
      const lengths: RunLengths = new Map();
      for (const min of mins) {
        expect(hasRun(t, { member, min })).toBe(longest >= min);
        expect(hasRunIn(t, { member, min }, lengths)).toBe(longest >= min);
      }
    }), { numRuns: 2000 });
  });
});
