import type { Clock } from '../deps.ts';
import { MAX_SESSIONS, featuresFor, type FeatureKey, type ProFeature, type Tier } from './features.ts';
import type { LoadedLicence } from './load-licence.ts';
import { PRICING_URL } from './public-key.ts';

/** Why the daemon runs on the tier it does (`status` on the licence status resource). */
export type LicenceStatus = 'valid' | 'missing' | 'unreadable' | 'bad_signature' | 'expired';

/** Hours after `refreshed_at` past which a connected licence counts as stale. */
export const REFRESH_STALE_HOURS = 168;

/** Days `session_limit_rejections` counts back over. */
export const SESSION_LIMIT_REJECTION_WINDOW_DAYS = 7;

/** The `refresh` block of the tier and licence status resources. */
export interface RefreshBlock {
  issued_at: string | null;
  refreshed_at: string | null;
  hours_since_refresh: number | null;
  /** `none` without a verified licence; `air_gapped` when the licence is never refreshed online. */
  status: 'none' | 'fresh' | 'stale' | 'air_gapped';
}

/** The licence as it applies at one instant. */
export interface LicenceView {
  tier: Tier;
  status: LicenceStatus;
  reason: string;
  seats: number | null;
  renewal_date: string | null;
  billing_portal_url: string | null;
  air_gapped: boolean;
  hours_since_refresh: number | null;
  refresh: RefreshBlock;
  max_sessions: number;
  features: Record<FeatureKey, boolean>;
}

/** The licence, loaded once at start; expiry and refresh age are judged on each read. */
export interface LicenceService {
  current(): LicenceView;
  /** True when the licence in force turns `feature` on. */
  has(feature: ProFeature): boolean;
  /** The licence's billing portal when known, else the pricing page. */
  upgradeUrl(): string;
  /** The supervisor calls this when a session is refused for `max_sessions`. */
  recordSessionLimitRejection(): void;
  /** Refusals within the last `SESSION_LIMIT_REJECTION_WINDOW_DAYS` days. */
  sessionLimitRejections(): number;
}

const HOUR_MS = 3_600_000;
const MAX_REMEMBERED_REJECTIONS = 10_000;

/** Builds the service from what `loadLicence` found. */
export function createLicenceService(loaded: LoadedLicence, clock: Clock): LicenceService {
  const rejections: number[] = [];
  const windowMs = SESSION_LIMIT_REJECTION_WINDOW_DAYS * 24 * HOUR_MS;

  function current(): LicenceView {
    const now = clock.now();
    if (loaded.outcome !== 'verified') {
      return view('community', loaded.outcome, loaded.reason, null, now);
    }
    const { payload } = loaded;
    const today = new Date(now).toISOString().slice(0, 10);
    if (payload.renewal_date < today) {
      return view('community', 'expired', `the licence expired after ${payload.renewal_date}`, payload, now);
    }
    return view(payload.tier, 'valid', `a valid ${payload.tier} licence`, payload, now);
  }

  function view(tier: Tier, status: LicenceStatus, reason: string, payload: LoadedPayload | null, now: number): LicenceView {
    const refresh = refreshBlock(payload, now);
    return {
      tier,
      status,
      reason,
      seats: payload?.seats ?? null,
      renewal_date: payload?.renewal_date ?? null,
      billing_portal_url: payload?.billing_portal_url || null,
      air_gapped: payload?.air_gapped ?? false,
      hours_since_refresh: refresh.hours_since_refresh,
      refresh,
      max_sessions: MAX_SESSIONS[tier],
      features: featuresFor(tier),
    };
  }

  function prune(now: number): void {
    while (rejections.length > 0 && rejections[0]! <= now - windowMs) rejections.shift();
  }

  return {
    current,
    has: (feature) => current().features[feature],
    upgradeUrl: () => current().billing_portal_url ?? PRICING_URL,
    recordSessionLimitRejection() {
      const now = clock.now();
      prune(now);
      rejections.push(now);
      if (rejections.length > MAX_REMEMBERED_REJECTIONS) rejections.shift();
    },
    sessionLimitRejections() {
      prune(clock.now());
      return rejections.length;
    },
  };
}

type LoadedPayload = Extract<LoadedLicence, { outcome: 'verified' }>['payload'];

function refreshBlock(payload: LoadedPayload | null, now: number): RefreshBlock {
  if (payload === null) return { issued_at: null, refreshed_at: null, hours_since_refresh: null, status: 'none' };
  const refreshedMs = Date.parse(payload.refreshed_at);
  const hours = Number.isFinite(refreshedMs) ? Math.max(0, Math.floor(((now - refreshedMs) / HOUR_MS) * 10) / 10) : null;
  const status = payload.air_gapped ? 'air_gapped' : hours !== null && hours < REFRESH_STALE_HOURS ? 'fresh' : 'stale';
  return { issued_at: payload.issued_at, refreshed_at: payload.refreshed_at, hours_since_refresh: hours, status };
}
