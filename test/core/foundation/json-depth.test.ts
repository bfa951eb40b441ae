import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../core/http/json-depth.ts';

const nested = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('JSON nesting is measured before parsing', () => {
  it('a body nesting more than the limit is found, one at the limit is not, however short the limit', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(`{"a":${nested(MAX_JSON_DEPTH + 1, '"]]]"')}}`)).toBe(true);
    for (let max = 0; max < 6; max++) {
      expect(nestsDeeperThan(nested(max), max)).toBe(false);
      expect(nestsDeeperThan(nested(max + 1), max)).toBe(true);
      expect(nestsDeeperThan('['.repeat(max + 1), max)).toBe(true);
    }
  });

  it('brackets inside strings do not count, escaped quotes do not end them', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '['.repeat(1000) }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: `\\"${'['.repeat(1000)}` }))).toBe(false);
    expect(nestsDeeperThan(`["\\"",${nested(3)}]`, 3)).toBe(true);
  });
});
