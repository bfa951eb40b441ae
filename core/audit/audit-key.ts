/**
 * The audit key: an Ed25519 key pair kept in `{config_dir}/audit.key` (0600)
 * as a JWK `{kty, crv, x, d}`, created at the first start and then read as it
 * is. It signs checkpoints (`svc-audit-checkpoint:v1:<sequence>:<hash>:<at>`)
 * with WebCrypto, so core stays host-free. A file that is not such a key stops
 * the start: it is never silently replaced (a replaced key would orphan every
 * checkpoint signed before).
 */
import type { FileStore } from '../deps.ts';

export const AUDIT_KEY_FILE = 'audit.key';

export interface AuditKey {
  /** The raw 32-byte public key, base64. */
  readonly publicKey: string;
  /** Ed25519 signature of `message`, base64. */
  sign(message: Uint8Array): Promise<string>;
}

interface KeyJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  d: string;
}

const B64URL = /^[A-Za-z0-9_-]{43}$/;

function base64OfBase64Url(text: string): string {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  return standard + '='.repeat((4 - (standard.length % 4)) % 4);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function parseKey(bytes: Uint8Array): KeyJwk {
  let value: Partial<KeyJwk>;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Partial<KeyJwk>;
  } catch {
    value = {};
  }
  if (value?.kty !== 'OKP' || value.crv !== 'Ed25519' || !B64URL.test(String(value.x)) || !B64URL.test(String(value.d))) {
    throw new Error(`${AUDIT_KEY_FILE} does not hold an Ed25519 JWK {kty, crv, x, d} (move it away to get a new key; checkpoints signed with it then no longer verify against the new one)`);
  }
  return { kty: 'OKP', crv: 'Ed25519', x: value.x!, d: value.d! };
}

/** Reads the audit key, creating it (0600) when the file is absent. */
export async function loadAuditKey(files: FileStore): Promise<AuditKey> {
  const existing = await files.read(AUDIT_KEY_FILE);
  let jwk: KeyJwk;
  if (existing === null) {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const exported = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
    jwk = parseKey(new TextEncoder().encode(JSON.stringify({ kty: exported.kty, crv: exported.crv, x: exported.x, d: exported.d })));
    await files.writeAtomic(AUDIT_KEY_FILE, `${JSON.stringify(jwk)}\n`, { mode: 0o600 });
  } else {
    jwk = parseKey(existing);
  }
  const privateKey = await crypto.subtle.importKey('jwk', { ...jwk, ext: false, key_ops: ['sign'] } as JsonWebKey, { name: 'Ed25519' }, false, ['sign']);
  return {
    publicKey: base64OfBase64Url(jwk.x),
    async sign(message) {
      return toBase64(new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, privateKey, Uint8Array.from(message))));
    },
  };
}

/** The exact UTF-8 text a checkpoint signature covers. */
export function checkpointMessage(sequence: number, hash: string, at: string): string {
  return `svc-audit-checkpoint:v1:${sequence}:${hash}:${at}`;
}
