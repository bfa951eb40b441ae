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
 * the text; only rules whose keyword occurs run their (vetted) pattern.
 * Returns null when the rule file cannot be read.
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
  return (text) => {
    const lower = text.toLowerCase();
    let out = text;
    for (const rule of rules) {
      if (rule.keywords.length > 0 && !rule.keywords.some((k) => lower.includes(k))) continue;
      rule.regex.lastIndex = 0;
      out = out.replace(rule.regex, MASK);
    }
    return out;
  };
}
