/**
 * Ed25519 signature check with WebCrypto. Node 20 and Deno name the algorithm
 * `Ed25519`; older workerd builds only know `NODE-ED25519`, so that name is
 * tried when the standard one is not supported.
 */
const ALGORITHMS: Array<{ name: string; namedCurve?: string }> = [
  { name: 'Ed25519' },
  { name: 'NODE-ED25519', namedCurve: 'NODE-ED25519' },
];

/** Imports a raw 32-byte Ed25519 public key for `verify`. */
export async function importEd25519PublicKey(raw: Uint8Array): Promise<{ key: CryptoKey; algorithm: string }> {
  if (raw.byteLength !== 32) throw new Error(`an Ed25519 public key is 32 bytes, got ${raw.byteLength}`);
  let lastError: unknown = null;
  for (const algorithm of ALGORITHMS) {
    try {
      const key = await crypto.subtle.importKey('raw', Uint8Array.from(raw), algorithm, false, ['verify']);
      return { key, algorithm: algorithm.name };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('Ed25519 is not supported by this runtime');
}

/** True when `signature` is a valid Ed25519 signature of `message` under `publicKey` (raw 32 bytes). */
export async function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
  if (signature.byteLength !== 64) return false;
  const { key, algorithm } = await importEd25519PublicKey(publicKey);
  return crypto.subtle.verify({ name: algorithm }, key, Uint8Array.from(signature), Uint8Array.from(message));
}
