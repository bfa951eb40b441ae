import { describe, expect, it } from 'vitest';
import { timingSafeEqual } from '../../../core/security/timing-safe-equal.ts';

describe('secret comparison', () => {
  it('equal secrets compare equal', () => {
    expect(timingSafeEqual('a'.repeat(64), 'a'.repeat(64))).toBe(true);
  });

  it.each([
    ['a different last character', 'abcdef', 'abcdeg'],
    ['a different first character', 'xbcdef', 'abcdef'],
    ['a prefix of the secret', 'abc', 'abcdef'],
    ['the secret plus a suffix', 'abcdefg', 'abcdef'],
    ['an empty value', '', 'abcdef'],
    ['a case variant', 'ABCDEF', 'abcdef'],
  ])('%s does not compare equal', (_name, given, expected) => {
    expect(timingSafeEqual(given, expected)).toBe(false);
  });
});
