import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalGates } from '../../../core/scoring/literal-gates.ts';
import { parseRuleToml } from '../../../core/scoring/rule-loader.ts';
import { FILTER_DIR } from './helpers.ts';

interface UrlRules { http_delete?: { urls: string[] }; http_remote_routine?: { urls: string[] }; http_actions?: { urls: string[] }[] }

/** operation-risk's URL patterns, the gates' first user. */
function operationRiskUrls(): string[] {
  const doc = parseRuleToml(readFileSync(join(FILTER_DIR, 'operation-risk.toml'), 'utf8')) as UrlRules;
  return [...doc.http_delete?.urls ?? [], ...doc.http_remote_routine?.urls ?? [], ...(doc.http_actions ?? []).flatMap((a) => a.urls)];
}

describe('literal gates over many case-insensitive patterns', () => {
  it('rule out a pattern whose literals the text lacks, and allow it when they are there in any case', () => {
    const gates = literalGates(['^https?://api\\.github\\.com/repos/[^/]+/[^/]+/keys', 'delete_by_query', '[a-z]+']);
    gates.read('https://example.com/v1/things');
    expect([gates.allows(0), gates.allows(1), gates.allows(2)]).toEqual([false, false, true]);
    gates.read('HTTPS://API.GITHUB.COM/REPOS/a/b/KEYS?X=1');
    expect([gates.allows(0), gates.allows(1), gates.allows(2)]).toEqual([true, false, true]);
    gates.read('http://es:9200/logs/_DELETE_BY_QUERY');
    expect([gates.allows(0), gates.allows(1)]).toEqual([false, true]);
  });

  it('never rule out a text a pattern matches (operation-risk URL patterns, random URLs built from their own strings)', () => {
    const patterns = operationRiskUrls();
    const regexes = patterns.map((p) => new RegExp(p, 'i'));
    const gates = literalGates(patterns);
    const words = [...new Set(patterns.flatMap((p) => p.replace(/\\./g, '.').split(/[^a-z0-9./_:?=&-]+/i)).filter((w) => w.length > 1))];
    const piece = fc.oneof(fc.constantFrom(...words), fc.constantFrom('https://', 'http://', '/', '?', '&', '=', '.', '-', 'prod', 'K', 'İ', 'ſ', '%2F'), fc.string({ maxLength: 6 }));
    const url = fc.tuple(fc.array(piece, { minLength: 1, maxLength: 12 }), fc.boolean()).map(([parts, upper]) => (upper ? parts.join('').toUpperCase() : parts.join('')));
    let matched = 0;
    fc.assert(fc.property(url, (u) => {
      gates.read(u);
      regexes.forEach((r, i) => {
        if (!r.test(u)) return;
        matched++;
        expect(gates.allows(i), `${patterns[i]} on ${JSON.stringify(u)}`).toBe(true);
      });
    }), { numRuns: 4000 });
    expect(matched).toBeGreaterThan(0);
  });
});
