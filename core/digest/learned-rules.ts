import type { Storage } from '../../storage/types.ts';
import { callKeys } from './call-fingerprint.ts';

/** `exact` from learn, `pattern` from allow-always (see call-fingerprint.ts). */
export type RuleKind = 'exact' | 'pattern';

export interface LearnedRules {
  /** Stores a rule (idempotent per kind and key) inside the caller's transaction. */
  add(rule: { id: string; kind: RuleKind; key: string; toolCallType: string; pattern: string; digestId: string; createdAt: string }): void;
  /** True when a stored rule allows this call. */
  allows(call: { type: string } & Record<string, unknown>): boolean;
  /** True once any rule exists (sync status `has_learned_rules`). */
  any(): boolean;
}

/**
 * The learned rules: rows in `digest_learned_rules` (created if missing),
 * mirrored in memory so the scoring engine's check on every call costs two
 * set lookups (and no hashing at all while no rule exists). A store both
 * read: the digest adds rules on review, the engine checks them on scoring;
 * neither calls the other.
 */
export function createLearnedRules(storage: Storage): LearnedRules {
  storage.run(`CREATE TABLE IF NOT EXISTS digest_learned_rules (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    match_key TEXT NOT NULL,
    tool_call_type TEXT NOT NULL,
    pattern TEXT NOT NULL,
    digest_id TEXT NOT NULL,
    created_at TEXT NOT NULL
  )`);
  storage.run('CREATE UNIQUE INDEX IF NOT EXISTS digest_learned_rules_key ON digest_learned_rules (kind, match_key)');
  const keys = new Set<string>();
  for (const row of storage.all<{ kind: string; match_key: string }>('SELECT kind, match_key FROM digest_learned_rules')) {
    keys.add(`${row.kind}:${row.match_key}`);
  }
  return {
    add(rule) {
      storage.run(
        `INSERT OR IGNORE INTO digest_learned_rules (id, kind, match_key, tool_call_type, pattern, digest_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [rule.id, rule.kind, rule.key, rule.toolCallType, rule.pattern, rule.digestId, rule.createdAt],
      );
      keys.add(`${rule.kind}:${rule.key}`);
    },
    allows(call) {
      if (keys.size === 0) return false;
      const k = callKeys(call);
      return keys.has(`exact:${k.exact}`) || keys.has(`pattern:${k.pattern}`);
    },
    any: () => keys.size > 0,
  };
}
