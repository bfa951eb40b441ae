/**
 * The snapshot's seal: `snapshot.sqlite` is the SQLite image followed by a
 * 40-byte trailer, 8 bytes of magic and the SHA-256 of the image, written in
 * the same atomic file write. At open the image must hash to its seal, a
 * check that reads every byte once at hash speed (SHA-256 runs at about
 * 1 GB/s on the Node host), where SQLite's `PRAGMA quick_check` walked every
 * b-tree page inside sql.js (~1.3 s for a 450 MB image). A flipped byte
 * anywhere, a cut tail, a lost trailer: all are damage.
 *
 * An image is a whole number of pages (512 bytes or a larger power of two),
 * so a file of such a length has no seal: a snapshot written before seals
 * existed, still checked with `quick_check`.
 */

/** SHA-256 of bytes (the host's native one where it has one). */
export type Digest = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;

const MAGIC = new TextEncoder().encode('svcseal1');
const DIGEST_BYTES = 32;
export const SEAL_BYTES = MAGIC.length + DIGEST_BYTES;
const MIN_PAGE = 512;

/** SHA-256 through Web Crypto (Node, Deno and Workers all have it). */
export const webDigest: Digest = async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));

/** The seal to write after `image` (the two are the snapshot file). */
export async function sealOf(image: Uint8Array, digest: Digest): Promise<Uint8Array> {
  const seal = new Uint8Array(SEAL_BYTES);
  seal.set(MAGIC);
  seal.set(await digest(image), MAGIC.length);
  return seal;
}

/** What a snapshot file holds: a sealed image that hashes to its seal, an unsealed one (older files), or damage. */
export type Unsealed = { kind: 'sealed' | 'legacy'; image: Uint8Array } | { kind: 'damaged'; reason: string };

/** Splits a snapshot file into its image and seal, and checks the one against the other. */
export async function unseal(file: Uint8Array, digest: Digest): Promise<Unsealed> {
  if (file.length % MIN_PAGE === 0) return { kind: 'legacy', image: file };
  const imageLength = file.length - SEAL_BYTES;
  if (imageLength <= 0 || imageLength % MIN_PAGE !== 0 || !hasMagic(file, imageLength)) {
    return { kind: 'damaged', reason: `its length (${file.length} bytes) is neither whole pages nor whole pages and a seal` };
  }
  const image = file.subarray(0, imageLength);
  const sum = await digest(image);
  if (!equalBytes(sum, file.subarray(imageLength + MAGIC.length))) return { kind: 'damaged', reason: 'its image does not hash to its seal' };
  return { kind: 'sealed', image };
}

function hasMagic(file: Uint8Array, at: number): boolean {
  for (let i = 0; i < MAGIC.length; i++) if (file[at + i] !== MAGIC[i]) return false;
  return true;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
