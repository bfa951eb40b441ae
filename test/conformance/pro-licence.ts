/**
 * Mints licences in tests: a fresh Ed25519 key pair per call to
 * `createLicenceMinter`, the public half passed to the daemon as
 * `SVC_LICENSE_PUBLIC_KEY`, the private half signing payloads exactly as the
 * vendor does (compact JSON, keys sorted at every level).
 */
import { canonicalJson } from '../../core/audit/canonical-json.ts';

export interface LicencePayloadInput {
  tier?: 'community' | 'pro';
  seats?: number;
  renewal_date?: string;
  billing_portal_url?: string;
  issued_at?: string;
  refreshed_at?: string;
  air_gapped?: boolean;
  [extra: string]: unknown;
}

export interface LicenceMinter {
  /** base64 of the raw 32-byte public key, for `SVC_LICENSE_PUBLIC_KEY`. */
  publicKey: string;
  /** `{SVC_LICENSE_PUBLIC_KEY}` for a host's or test app's env. */
  env: Record<string, string>;
  /** The text of a signed `license.json` (defaults: a Pro licence valid for a year). */
  mint(payload?: LicencePayloadInput): Promise<string>;
  /** Signs arbitrary bytes (to build tampered files). */
  sign(payload: unknown): Promise<string>;
}

const b64 = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64');

/** A Pro payload valid for a year from now, refreshed an hour ago. */
export function proPayload(overrides: LicencePayloadInput = {}): LicencePayloadInput {
  const now = Date.now();
  return {
    tier: 'pro',
    seats: 5,
    renewal_date: new Date(now + 365 * 86_400_000).toISOString().slice(0, 10),
    billing_portal_url: 'https://billing.example.test/portal/acme',
    issued_at: new Date(now - 30 * 86_400_000).toISOString(),
    refreshed_at: new Date(now - 3_600_000).toISOString(),
    air_gapped: false,
    ...overrides,
  };
}

/** A new key pair and a function that signs licences with it. */
export async function createLicenceMinter(): Promise<LicenceMinter> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
  async function sign(payload: unknown): Promise<string> {
    const data = new TextEncoder().encode(canonicalJson(payload));
    return b64(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, data));
  }
  return {
    publicKey,
    env: { SVC_LICENSE_PUBLIC_KEY: publicKey },
    sign,
    async mint(overrides = {}) {
      const payload = proPayload(overrides);
      return JSON.stringify({ payload, signature: await sign(payload) });
    },
  };
}
