import { Value } from '@sinclair/typebox/value';
import type { FileStore } from '../deps.ts';
import { decodeBase64 } from './base64.ts';
import { verifyEd25519 } from './ed25519-verify.ts';
import { LicenceFileSchema, LicencePayloadSchema, type LicencePayload } from './licence-payload.ts';
import { BUILT_IN_LICENSE_PUBLIC_KEY } from './public-key.ts';
import { canonicalJson } from '../audit/canonical-json.ts';

/** The licence file's path in the config dir. */
export const LICENCE_FILE = 'license.json';

/** What reading `license.json` found; expiry is judged later, against the clock. */
export type LoadedLicence =
  | { outcome: 'verified'; payload: LicencePayload }
  | { outcome: 'missing' | 'unreadable' | 'bad_signature'; reason: string };

/** The raw public key in force: `SVC_LICENSE_PUBLIC_KEY` when set, else the built-in one. */
export function licencePublicKey(env: Readonly<Record<string, string | undefined>>): Uint8Array | null {
  const configured = env.SVC_LICENSE_PUBLIC_KEY;
  const key = decodeBase64(configured !== undefined && configured.trim() !== '' ? configured : BUILT_IN_LICENSE_PUBLIC_KEY);
  return key !== null && key.byteLength === 32 ? key : null;
}

/**
 * Reads and verifies `license.json`: Ed25519 over the UTF-8 of the payload as
 * compact JSON with keys sorted at every level. Never throws; every failure
 * is an outcome with a human-readable reason.
 */
export async function loadLicence(
  files: FileStore,
  env: Readonly<Record<string, string | undefined>>,
): Promise<LoadedLicence> {
  let bytes: Uint8Array | null;
  try {
    bytes = await files.read(LICENCE_FILE);
  } catch (error) {
    return { outcome: 'unreadable', reason: `${LICENCE_FILE} could not be read: ${message(error)}` };
  }
  if (bytes === null) return { outcome: 'missing', reason: `no ${LICENCE_FILE} in the config dir` };
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    return { outcome: 'unreadable', reason: `${LICENCE_FILE} is not valid JSON: ${message(error)}` };
  }
  if (!Value.Check(LicenceFileSchema, document)) {
    return { outcome: 'unreadable', reason: `${LICENCE_FILE} must be {"payload": {...}, "signature": "<base64>"}` };
  }
  const key = licencePublicKey(env);
  if (key === null) {
    return { outcome: 'bad_signature', reason: 'SVC_LICENSE_PUBLIC_KEY is not the base64 of a raw 32-byte Ed25519 key' };
  }
  const signature = decodeBase64(document.signature);
  if (signature === null || signature.byteLength !== 64) {
    return { outcome: 'bad_signature', reason: 'the signature is not a base64 64-byte Ed25519 signature' };
  }
  let valid: boolean;
  try {
    valid = await verifyEd25519(key, new TextEncoder().encode(canonicalJson(document.payload)), signature);
  } catch (error) {
    return { outcome: 'bad_signature', reason: `the signature could not be verified: ${message(error)}` };
  }
  if (!valid) return { outcome: 'bad_signature', reason: 'the signature does not match the payload' };
  if (!Value.Check(LicencePayloadSchema, document.payload)) {
    const first = Value.Errors(LicencePayloadSchema, document.payload).First();
    const where = first ? first.path.slice(1).replaceAll('/', '.') || 'payload' : 'payload';
    return { outcome: 'unreadable', reason: `the signed payload is malformed: ${where}: ${first?.message ?? 'invalid'}` };
  }
  return { outcome: 'verified', payload: document.payload };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
