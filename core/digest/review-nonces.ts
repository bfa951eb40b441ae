import type { Random } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import { toHex } from '../security/hex.ts';
import type { Storage } from '../../storage/types.ts';

/** SHA-256 (hex) of a nonce, through Web Crypto. */
export async function hashNonce(nonce: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(nonce));
  return toHex(new Uint8Array(digest));
}

/**
 * Webhook-review nonces: 32 random bytes as 64 hex characters, single use,
 * bound to one item, stored only as their SHA-256. A wrong nonce, a nonce of
 * another item and a spent nonce all answer 403 `NONCE_INVALID` (one code, so
 * the answer tells a guesser nothing).
 */
export function createReviewNonces(storage: Storage, random: Random, now: () => string) {
  return {
    /** Mints a nonce for an item; the plain value is returned once and never stored. */
    async issue(itemId: string): Promise<string> {
      const nonce = toHex(random.bytes(32));
      const hash = await hashNonce(nonce);
      storage.run('INSERT INTO digest_review_nonces (nonce_hash, item_id, created_at) VALUES (?, ?, ?)', [hash, itemId, now()]);
      return nonce;
    },
    /**
     * Spends a nonce, given its hash. Synchronous, so the check and the spend
     * cannot interleave with another request: of two concurrent uses exactly
     * one gets past here. Throws 403 NONCE_INVALID otherwise.
     */
    consume(itemId: string, hash: string): void {
      const row = storage.get<{ item_id: string; used_at: string | null }>(
        'SELECT item_id, used_at FROM digest_review_nonces WHERE nonce_hash = ?',
        [hash],
      );
      if (!row || row.item_id !== itemId || row.used_at !== null) {
        throw new HttpError(403, 'NONCE_INVALID', 'the review nonce is wrong, spent, or belongs to another item');
      }
      storage.run('UPDATE digest_review_nonces SET used_at = ? WHERE nonce_hash = ?', [now(), hash]);
    },
  };
}

export type ReviewNonces = ReturnType<typeof createReviewNonces>;
