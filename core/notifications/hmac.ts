import { toHex } from '../security/hex.ts';

/** Lower-case hex HMAC-SHA256 of `body` under `secret` (WebCrypto, every host). */
export async function hmacSha256Hex(secret: string, body: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(new Uint8Array(await crypto.subtle.sign('HMAC', key, Uint8Array.from(body))));
}
