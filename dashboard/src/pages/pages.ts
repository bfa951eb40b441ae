import type { FunctionComponent } from 'preact';
import type { Tier } from '../api/types.ts';
import { AnalyticsPage } from './analytics/analytics-page.tsx';
import { AuditPage } from './audit/audit-page.tsx';
import { CanariesPage } from './canaries/canaries-page.tsx';
import { DigestPage } from './digest/digest-page.tsx';
import { NotificationsPage } from './notifications/notifications-page.tsx';
import { OverviewPage } from './overview/overview-page.tsx';
import { PoliciesPage } from './policies/policies-page.tsx';
import { SessionsPage } from './sessions/sessions-page.tsx';
import { SettingsPage } from './settings/settings-page.tsx';
import { SyncPage } from './sync/sync-page.tsx';

export interface PageEntry {
  id: string;
  title: string;
  pro: boolean;
  component: FunctionComponent<{ tier: Tier | null }>;
}

/** The dashboard's pages, in navigation order; `#/<id>` selects one. */
export const PAGES: PageEntry[] = [
  { id: 'overview', title: 'Overview', pro: false, component: OverviewPage },
  { id: 'digest', title: 'Digest', pro: false, component: DigestPage },
  { id: 'audit', title: 'Audit', pro: false, component: AuditPage },
  { id: 'sessions', title: 'Sessions', pro: false, component: SessionsPage },
  { id: 'canaries', title: 'Canaries', pro: false, component: CanariesPage },
  { id: 'analytics', title: 'Analytics', pro: false, component: AnalyticsPage },
  { id: 'policies', title: 'Policies', pro: true, component: PoliciesPage },
  { id: 'sync', title: 'Sync', pro: true, component: SyncPage },
  { id: 'notifications', title: 'Notifications', pro: true, component: NotificationsPage },
  { id: 'settings', title: 'Settings', pro: false, component: SettingsPage },
];

export function pageFromHash(hash: string): PageEntry {
  const id = hash.replace(/^#\/?/, '');
  return PAGES.find((p) => p.id === id) ?? PAGES[0]!;
}
