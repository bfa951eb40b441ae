/** The digest routes as the CLI uses them. */
import type { ApiClient } from '../api-client.ts';
import type { DigestItem } from '../../core/schemas/digest.ts';

export type { DigestItem };

interface DigestPage {
  items: DigestItem[];
  total: number;
  pending_count: number;
  escalated_count: number;
}

/** The daemon-only view of one item (priority and the allow-always pattern). */
interface Forensics {
  priority: string | null;
  rule_pattern: string;
}

export type ListedItem = DigestItem & { priority: string | null };

/** Route segment for each review action. */
export const REVIEW_ACTIONS = ['approve', 'deny', 'learn', 'escalate', 'allow-always', 'deny-terminate', 'unlock-egress'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

const PAGE = 100;

/** Every open item (highest score first, as the daemon orders them) up to `max`. */
export async function openItems(client: ApiClient, max: number): Promise<{ items: DigestItem[]; page: DigestPage }> {
  const first = await client.get<DigestPage>('/api/digest', { query: { limit: Math.min(PAGE, max), offset: 0 } });
  const items = [...first.items];
  while (items.length < Math.min(first.total, max)) {
    const next = await client.get<DigestPage>('/api/digest', { query: { limit: Math.min(PAGE, max - items.length), offset: items.length } });
    if (next.items.length === 0) break;
    items.push(...next.items);
  }
  return { items, page: first };
}

export async function forensics(client: ApiClient, id: string): Promise<Forensics | null> {
  return client.get<Forensics>(`/api/ipc/digest/items/${encodeURIComponent(id)}`).catch(() => null);
}

export async function review(client: ApiClient, id: string, verb: ReviewAction, notes: string | undefined): Promise<{ status: string; id: string }> {
  return client.post(`/api/digest/${encodeURIComponent(id)}/${verb}`, { body: notes === undefined ? {} : { notes } });
}
