import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSafeRegex } from '../../../core/scoring/safe-regex.ts';
import { unsafeReason } from '../../../core/scoring/unsafe-reason.ts';
import { FILTER_DIR, REPO, testEngine } from './helpers.ts';

describe('unsafe regex refusal', () => {
  it.each([
    ['(a+)+$', /nested quantifier/], ['(\\w*x)*', /nested quantifier/], ['(a|ab)*c', /alternation inside a repeated group/],
    ['(x)\\1', /backreferences/], ['a{0,5000}', /repeat bound/], ['x\\s*\\s*y', /two unbounded quantifiers in a row/],
    ['\\S+@x', /starts with an unbounded quantifier/], ['a.*b.*c.*d.*e', /more than 3 unbounded/],
    ['x[\\s\\S]{0,512}[\\s\\S]{0,512}y', /same atom repeated twice in a row/], ['x(?:ab){1,3}(?:ab){0,2}y', /same atom repeated twice in a row/],
    // Only optional atoms between two long repeats of one atom: the shape aaaffbf took out of code-fetched-then-executed.
    ['x[^\\n]{0,200}\\n?[^\\n]{0,200}\\n?[^\\n]{0,200}?y', /only optional atoms between: a span splits 40401 ways/],
    ['x[^\\n]{0,200}(?:\\r?\\n)?[^\\n]{0,200}y', /only optional atoms between/], ['x[^\\n]{0,200}\\b[^\\n]{0,200}y', /only optional atoms between/],
    ['x[^\\n]{0,200}(?:a|\\n?[^\\n]{0,200})y', /only optional atoms between/], ['x[a-z]{0,80}(?:\\$home)?[a-z]{0,60}y', /only optional atoms between/],
  ])('refuses %s', (pattern, reason) => {
    expect(unsafeReason(pattern)).toMatch(reason);
  });
  it.each([
    'AKIA[0-9A-Z]{16}', '(?:sudo\\s+)?(?:ba|z)?sh\\b', 'x(?!\\.pub)', '\\bcurl\\b[^|]{0,200}\\|', 'x[\\s\\S]{0,1536}y', '[0-9]{4}[0-9]{2}', '\\s{1,4}x\\s{1,4}',
    // The same gap written as the four cases it allows, each split by a required newline (aaaffbf).
    'x(?:[^\\n]{0,600}|[^\\n]{0,400}\\n[^\\n]{0,200}|[^\\n]{0,200}\\n[^\\n]{0,400}|[^\\n]{0,200}\\n[^\\n]{0,200}\\n[^\\n]{0,200})y',
    'x[^\\n]{0,200}\\n[^\\n]{0,200}y', 'x(?=[^\\n]{0,200})[^\\n]{0,200}y', 'x\\s{0,3}\\(?\\s{0,3}y',
  ])('accepts %s', (pattern) => {
    expect(unsafeReason(pattern)).toBeNull();
  });
  it('a rule file with an unsafe pattern disables its filter and degrades the proxy', async () => {
    const bad = `[[rules]]\nid = "evil"\nmessage = "m"\nscore = 5.0\npattern = '''(a+)+$'''\n`;
    const e = await testEngine({}, { 'dangerous-commands.toml': bad });
    const f = e.filters().find((x) => x.id === 'dangerous-commands')!;
    expect([f.enabled, f.is_ready]).toEqual([false, false]);
    expect(e.degradedReason).toMatch(/dangerous-commands.*evil.*nested quantifier/);
    const status = e.status().filters.find((x) => x.name === 'Dangerous commands')!;
    expect([status.enabled, status.is_ready]).toEqual([false, false]);
    const ev = e.evaluate({ type: 'ShellExec', command: 'bash', args: ['-c', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'] }, { record: false });
    expect(ev.result.filter_results.some((r) => r.filter_name === 'Dangerous commands')).toBe(false);
    expect(ev.result.filters_evaluated).toBe(21);
  });
  it('compileSafeRegex only accepts the documented flags', () => {
    expect(compileSafeRegex('a', 'y').ok).toBe(false);
  });
});

describe('failed rule files', () => {
  it.each([
    ['missing', null, /rule file not found/],
    ['not TOML', 'this is = = not toml', /secret-scan/],
    ['schema violation', '[[rules]]\nid = "x"\nmessage = "m"\nscore = "high"\npattern = "a"\n', /rules\.0\.score/],
  ])('a %s rule file disables only that filter', async (_n, text, reason) => {
    const e = await testEngine({}, { 'secret-scan.toml': text });
    const infos = e.filters();
    expect(infos.filter((f) => !f.is_ready).map((f) => f.id)).toEqual(['secret-scan']);
    expect(e.degradedReason).toMatch(reason);
    expect(e.evaluate({ type: 'FileRead', path: 'a.ts' }, { record: false }).decision).toBe('allow');
  });
  it('a broken meta-rules file degrades the proxy and skips meta-rules', async () => {
    const e = await testEngine({}, { 'meta-rules.toml': '[[rules]]\nid = "x"\nmessage = "m"\nwhen_all = ["no-such-filter"]\naction = "raise"\namount = 1.0\n' });
    expect(e.degradedReason).toMatch(/unknown filter id 'no-such-filter'/);
  });
  it('the shipped rules load cleanly', async () => {
    const e = await testEngine();
    expect(e.degradedReason).toBeNull();
    expect(e.filters().map((f) => f.id)).toEqual([
      'operation-risk', 'sensitive-paths', 'path-command-lists', 'suspicious-arguments', 'secret-scan', 'dangerous-commands',
      'destructive-actions', 'defence-evasion', 'cloud-admin', 'privilege-escalation', 'exfiltration', 'supply-chain', 'code-content', 'mcp-actions', 'egress-policy', 'dlp', 'canary', 'taint', 'containment', 'session-rate', 'egress-burst', 'binary-drift',
    ]);
  });
  it('a filter turned off in config reports disabled without degrading', async () => {
    const e = await testEngine({ disabledFilters: ['dlp'] });
    expect(e.filters().find((f) => f.id === 'dlp')!.enabled).toBe(false);
    expect(e.degradedReason).toBeNull();
  });
});

describe('shipped rules module', () => {
  it('core/scoring/shipped-rules.ts is up to date with config/filters', () => {
    expect(() => execFileSync(process.execPath, [join(REPO, 'scripts', 'gen-shipped-rules.mjs'), '--check', '--rules-only'], { stdio: 'pipe' })).not.toThrow();
  });
  it('embeds every rule file byte for byte', async () => {
    const { SHIPPED_RULES } = await import('../../../core/scoring/shipped-rules.ts');
    expect(SHIPPED_RULES['secret-scan.toml']).toBe(readFileSync(join(FILTER_DIR, 'secret-scan.toml'), 'utf8'));
  });
});

describe('core boundary', () => {
  it('scoring and the tool call schema import nothing host-specific', async () => {
    const { readdirSync } = await import('node:fs');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith('.ts')) files.push(join(dir, e.name));
      }
    };
    walk(join(REPO, 'core', 'scoring'));
    files.push(join(REPO, 'core', 'schemas', 'tool-call.ts'));
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(text, f).not.toMatch(/from ['"](?:node:|sql\.js|ws|undici)|\bDeno\.|TypeCompiler/);
    }
  });
});
