/**
 * egress-policy (pattern): scores each destination the call reaches. Local
 * addresses score nothing; the user's deny domains score `user_deny_score`;
 * allowed domains (shipped `allow_domains` plus the user's) score nothing;
 * each `[[categories]]` (paste and file-drop sites, request collectors,
 * tunnels...) scores its own; a public IP literal scores `raw_ip_score`;
 * anything else `unknown_score`. The call scores its worst destination.
 * Rules: config/filters/egress-policy.toml; domains match themselves and
 * their subdomains.
 */
import { Type } from '@sinclair/typebox';
import { isIpLiteral, isLocalHost } from '../hosts.ts';
import { validate } from '../rule-schema.ts';
import type { FilterDefinition, FilterOutcome } from '../types.ts';

const Score = Type.Number({ minimum: 0, maximum: 10 });
const File = Type.Object({
  filter: Type.Object({ unknown_score: Score, raw_ip_score: Score, user_deny_score: Score, suspicious_tld_score: Score }),
  allow_domains: Type.Array(Type.String({ minLength: 1 })),
  suspicious_tlds: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  categories: Type.Array(Type.Object({
    id: Type.String({ minLength: 1 }), message: Type.String({ minLength: 1 }), score: Score,
    domains: Type.Array(Type.String({ minLength: 1 })),
  }, { additionalProperties: false })),
});

/** The outcomes of a call with nothing to score (built once, not per call). */
const ALL_ALLOWED: FilterOutcome = { matched: false, score: 0, message: 'Every destination is allowed or local' };
const NO_DESTINATION: FilterOutcome = { matched: false, score: 0, message: 'No network destination' };

/** Suffix lookup: walks the labels of a host against a set of domains. */
function suffixIn(set: ReadonlyMap<string, number> | ReadonlySet<string>, host: string): string | null {
  let h = host;
  for (;;) {
    if (set.has(h)) return h;
    const dot = h.indexOf('.');
    if (dot < 0) return null;
    h = h.slice(dot + 1);
  }
}

export const egressPolicy: FilterDefinition = {
  id: 'egress-policy',
  name: 'Egress policy',
  phase: 'pattern',
  build(doc, env) {
    const cfg = validate(File, doc);
    const clean = (d: string) => d.toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
    const allow = new Set([...cfg.allow_domains, ...(env.lists.allow_domains ?? [])].map(clean));
    const userDeny = new Set((env.lists.deny_domains ?? []).map(clean));
    const category = new Map<string, number>();
    cfg.categories.forEach((c, i) => c.domains.forEach((d) => category.set(clean(d), i)));
    const tlds = new Set((cfg.suspicious_tlds ?? []).map((t) => t.toLowerCase().replace(/^\./, '')));
    const f = cfg.filter;
    const judge = (host: string): { score: number; message: string } => {
      if (isLocalHost(host)) return { score: 0, message: '' };
      const denied = suffixIn(userDeny, host);
      if (denied) return { score: f.user_deny_score, message: `Destination ${host} is on the user's deny list` };
      if (suffixIn(allow, host)) return { score: 0, message: '' };
      const cat = suffixIn(category, host);
      if (cat) { const c = cfg.categories[category.get(cat)!]!; return { score: c.score, message: `${c.message}: ${host}` }; }
      if (isIpLiteral(host)) return { score: f.raw_ip_score, message: `Connects to a raw public IP address ${host}` };
      const tld = host.slice(host.lastIndexOf('.') + 1);
      if (tlds.has(tld)) return { score: f.suspicious_tld_score, message: `Destination ${host} uses a TLD common in abuse (.${tld})` };
      return { score: f.unknown_score, message: `Destination ${host} is not on the egress allow list` };
    };
    return {
      evaluate(view) {
        let worst = { score: 0, message: '' };
        for (const h of view.hosts) {
          const j = judge(h.slice(0, 253));
          if (j.score > worst.score) worst = j;
        }
        if (worst.score === 0) return view.hosts.length ? ALL_ALLOWED : NO_DESTINATION;
        return { matched: true, score: worst.score, message: worst.message.slice(0, 200) };
      },
    };
  },
};
