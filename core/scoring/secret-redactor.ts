import { buildMatcher } from './aho-corasick.ts';
import { ruleDocument, type LoadRuleText } from './rule-loader.ts';
import { compileSafeRegex } from './safe-regex.ts';

const MASK = '[REDACTED]';

interface RedactionRule {
  keywords: string[];
  regex: RegExp;
}

function toRules(doc: Record<string, unknown>): RedactionRule[] {
  const rules = Array.isArray(doc.rules) ? (doc.rules as Array<Record<string, unknown>>) : [];
  const out: RedactionRule[] = [];
  for (const rule of rules) {
    if (typeof rule.pattern !== 'string') continue;
    const compiled = compileSafeRegex(rule.pattern, rule.case_sensitive === true ? 'g' : 'gi');
    if (!compiled.ok) continue;
    const keywords = Array.isArray(rule.keywords) ? rule.keywords.filter((k): k is string => typeof k === 'string').map((k) => k.toLowerCase()) : [];
    out.push({ keywords, regex: compiled.regex });
  }
  return out;
}

/**
 * A redactor built from the secret-scan filter's own rules (the same 100+
 * credential formats the pipeline scores), so what the pipeline recognises as
 * a secret is masked in audit summaries too. Each rule's keywords prefilter
 * the text (all keywords found in one Aho-Corasick pass); only rules whose
 * keyword occurs, and rules without keywords, run their (vetted) pattern, in
 * file order. Returns null when the rule file cannot be read.
 */
export async function createSecretRedactor(load: LoadRuleText): Promise<((text: string) => string) | null> {
  const file = await load('secret-scan.toml');
  if (!file) return null;
  let rules: RedactionRule[];
  try {
    rules = toRules(ruleDocument(file));
  } catch {
    return null;
  }
  // Every keyword of every rule is found in one pass over the text, instead of one `includes` per keyword.
  const keywords = [...new Set(rules.flatMap((rule) => rule.keywords))].filter((k) => k !== '');
  const rulesOf = keywords.map((keyword) => rules.flatMap((rule, index) => (rule.keywords.includes(keyword) ? [index] : [])));
  const matcher = buildMatcher(keywords);
  const unconditional = rules.map((rule) => !rule.keywords.some((k) => k !== ''));
  return (text) => {
    const selected = unconditional.slice();
    matcher.scan(text.toLowerCase(), (keyword) => {
      for (const index of rulesOf[keyword]!) selected[index] = true;
    });
    let out = text;
    for (let index = 0; index < rules.length; index++) {
      if (!selected[index]) continue;
      const { regex } = rules[index]!;
      regex.lastIndex = 0;
      out = out.replace(regex, MASK);
    }
    return out;
  };
}
