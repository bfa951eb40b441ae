/**
 * Thresholds, priorities, severities and the wording of decisions
 * (spec: "Proxy test result" and "Other state sets").
 */
import type { DecisionKind, Priority, Severity } from './types.ts';

export const DEFAULT_ALLOW_THRESHOLD = 3.0;
export const DEFAULT_DENY_THRESHOLD = 8.0;

/** Clamps to 0.0-10.0 and rounds to two decimals so sums read cleanly. */
export function clampScore(score: number): number {
  const clamped = Math.min(10, Math.max(0, score));
  return Math.round(clamped * 100) / 100;
}

/** Severity of one filter's score: critical from 8, error from 5, warning from 3, else notice. */
export function severityOf(score: number): Severity {
  if (score >= 8) return 'critical';
  if (score >= 5) return 'error';
  if (score >= 3) return 'warning';
  return 'notice';
}

/** Queue priority: Critical from 7.0, High from 5.5, Medium from 4.0, else Low. */
export function priorityOf(score: number): Priority {
  if (score >= 7) return 'Critical';
  if (score >= 5.5) return 'High';
  if (score >= 4) return 'Medium';
  return 'Low';
}

/** Below allow: allow; above deny: deny; from allow to deny inclusive: queue (spec: "Other state sets"). */
export function decide(score: number, allow: number, deny: number): DecisionKind {
  if (score < allow) return 'allow';
  if (score > deny) return 'deny';
  return 'queue';
}

const fmt = (n: number): string => n.toFixed(1);

/** The `action` string: `allow`, `queue(<priority>)` or `deny(<reason>)`. */
export function actionText(kind: DecisionKind, priority: Priority | null, denyReason: string): string {
  if (kind === 'allow') return 'allow';
  if (kind === 'queue') return `queue(${priority ?? 'Low'})`;
  return `deny(${denyReason})`;
}

/** `decision_reason` for allow and queue (a deny uses the deny reason itself). */
export function scoreSentence(kind: DecisionKind, score: number, allow: number, deny: number): string {
  if (kind === 'allow') return `Score ${fmt(score)} is below the allow threshold ${fmt(allow)}`;
  if (kind === 'queue') return `Score ${fmt(score)} is in the escalation zone (${fmt(allow)}-${fmt(deny)})`;
  return `Score ${fmt(score)} is above the deny threshold ${fmt(deny)}`;
}

const RANK: Record<Severity, number> = { notice: 0, warning: 1, error: 2, critical: 3 };

/** The higher of two severities. */
export function maxSeverity(a: Severity, b: Severity): Severity {
  return RANK[b] > RANK[a] ? b : a;
}
