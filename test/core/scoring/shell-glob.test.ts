import { describe, expect, it } from 'vitest';
import { globFull, resolveCommandGlob, resolvePathGlob } from '../../../core/scoring/shell/glob-lists.ts';

const lists = { paths: ['/etc/shadow', '~/.ssh', '~/.ssh/id_rsa', '~/.aws/credentials', '/dev/sda'], commands: ['cat', 'rm', 'sh', 'nc'] };

describe('globs written instead of names', () => {
  it('match as the shell does: * and ? stay within one path segment, classes test one character', () => {
    expect(globFull('/etc/sha*', '/etc/shadow')).toBe(true);
    expect(globFull('/*/shadow', '/etc/shadow')).toBe(true);
    expect(globFull('/*', '/etc/shadow')).toBe(false);
    expect(globFull('/???/[s]had[!x]w', '/etc/shadow')).toBe(true);
    expect(globFull('/etc[!a]shadow', '/etc/shadow')).toBe(true);
    expect(globFull('[a-c]at', 'cat')).toBe(true);
    expect(globFull('[^a-c]at', 'cat')).toBe(false);
    expect(globFull('c?t', 'c😀t')).toBe(true);
    expect(globFull('c??t', 'c😀t')).toBe(false);
  });

  it('match long globs (past the 30 tokens kept in one integer) by the same rules', () => {
    const long = `/${'?'.repeat(3)}/${'[a-z]'.repeat(4)}*${'?'.repeat(30)}`;
    expect(globFull(long, `/etc/shad${'x'.repeat(30)}`)).toBe(true);
    expect(globFull(long, `/etc/shad${'x'.repeat(29)}`)).toBe(false);
    expect(globFull(long, `/etc/shad/${'x'.repeat(29)}`)).toBe(false);
  });

  it('reach the sensitive paths and binaries of the lists, not dot-files through a bare *', () => {
    expect(resolvePathGlob('~/.ss?/id_*', lists)).toEqual(['~/.ssh/id_*', '~/.ssh/id_rsa']);
    expect(resolvePathGlob('/e?c/sha*', lists)).toEqual(['/etc/shadow']);
    expect(resolvePathGlob('~/.ss?/known_hosts', lists)).toEqual(['~/.ssh/known_hosts']);
    expect(resolvePathGlob('~/*', lists)).toEqual([]);
    expect(resolvePathGlob('~/.*/credentials', lists)).toEqual(['~/.ssh/credentials', '~/.aws/credentials']);
    expect(resolveCommandGlob('/???/c?t', lists)).toEqual(['cat']);
    expect(resolveCommandGlob('/???/??', lists)).toEqual(['rm', 'sh', 'nc']);
  });
});
