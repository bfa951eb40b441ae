import type { Storage } from '../../storage/types.ts';

/**
 * The digest's own tables, created if missing at start:
 * - `digest_items`: one row per queued call, kept after review (rows are
 *   never deleted; clear-all marks them `expired`).
 * (`digest_learned_rules` belongs to learned-rules.ts.)
 * - `digest_review_nonces`: SHA-256 of each webhook-review nonce, bound to an
 *   item; `used_at` is set by the first use.
 */
export function ensureDigestTables(storage: Storage): void {
  storage.run(`CREATE TABLE IF NOT EXISTS digest_items (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    session_id TEXT NOT NULL,
    tool_call_type TEXT NOT NULL,
    arguments_summary TEXT NOT NULL,
    decision_reason TEXT NOT NULL,
    composite_score REAL NOT NULL,
    severity TEXT NOT NULL,
    filter_breakdown TEXT NOT NULL,
    task_context TEXT,
    plugin_id TEXT NOT NULL,
    status TEXT NOT NULL,
    reviewed_at TEXT,
    review_action TEXT,
    reviewer_notes TEXT,
    reviewed_by TEXT,
    informational_only INTEGER NOT NULL,
    escalated_at TEXT,
    escalated_by TEXT,
    audit_id TEXT NOT NULL,
    priority TEXT,
    source TEXT NOT NULL,
    supervised TEXT,
    self_resolution TEXT,
    exact_key TEXT NOT NULL,
    pattern_key TEXT NOT NULL,
    rule_pattern TEXT NOT NULL
  )`);
  storage.run('CREATE INDEX IF NOT EXISTS digest_items_open ON digest_items (status, composite_score)');
  storage.run(`CREATE TABLE IF NOT EXISTS digest_review_nonces (
    nonce_hash TEXT PRIMARY KEY,
    item_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    used_at TEXT
  )`);
}
