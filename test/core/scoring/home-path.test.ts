import { describe, expect, it } from 'vitest';
import { normalisePath } from '../../../core/scoring/call-view.ts';
import { sharedEngine } from './helpers.ts';
import { bash, ruleAssertions } from './rule-assertions.ts';

/** The user's home directory, however written, reads as `~` to the rules; a URL path that says `/users/` does not. */
const { stopped } = ruleAssertions(await sharedEngine());

describe('the home directory in a call', () => {
  it('is ~ wherever a path starts with it, through .. and in Windows and WSL forms', () => {
    expect(normalisePath('/home/dev/.ssh/id_rsa', true)).toBe('~/.ssh/id_rsa');
    expect(normalisePath('/Users/Dev/.aws/credentials', true)).toBe('~/.aws/credentials');
    expect(normalisePath('/root/.bashrc', true)).toBe('~/.bashrc');
    expect(normalisePath('../../../home/dev/.ssh/id_rsa', true)).toBe('../../..~/.ssh/id_rsa');
    expect(normalisePath('C:\\Users\\dev\\.ssh\\id_rsa', true)).toBe('~/.ssh/id_rsa');
    expect(normalisePath('/mnt/c/Users/dev/.ssh/id_rsa', true)).toBe('~/.ssh/id_rsa');
    expect(normalisePath('cat "/home/dev/.netrc"', false)).toBe('cat "~/.netrc"');
    expect(normalisePath('file:///Users/dev/.ssh/id_rsa', false)).toBe('file://~/.ssh/id_rsa');
  });

  it('is not a URL path or a project folder that merely holds a segment named home or users', () => {
    expect(normalisePath('https://api.github.com/users/octocat/repos', false)).toBe('https://api.github.com/users/octocat/repos');
    expect(normalisePath('http://localhost:8080/api/v1/users/42/profile', false)).toBe('http://localhost:8080/api/v1/users/42/profile');
    expect(normalisePath('src/routes/home/page.tsx', true)).toBe('src/routes/home/page.tsx');
  });

  it('keeps credential reads through a relative climb into home stopped', () => {
    stopped(bash('cat ../../../home/dev/.ssh/id_rsa'));
    stopped(bash('cp /mnt/c/Users/dev/.aws/credentials /tmp/c'));
  });
});
