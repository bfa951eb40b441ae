/**
 * Synchronous SHA-256 (FIPS 180-4) in plain TypeScript.
 *
 * The chain needs the previous record's hash before it can build the next
 * record, so appends hash one after another. `crypto.subtle.digest` is
 * asynchronous (about 20 µs per call on Node, dominated by the thread hop),
 * which would force a lock around every append; hashing synchronously lets
 * an append compute its hash and insert its row in one uninterrupted step.
 * Tests pin this implementation to `crypto.subtle`.
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const W = new Uint32Array(64);
const STATE = new Int32Array(8);
const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const encoder = new TextEncoder();
let scratch = new Uint8Array(4096);

function compress(bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const at = offset + i * 4;
    W[i] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!, w2 = W[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = STATE[0]!, b = STATE[1]!, c = STATE[2]!, d = STATE[3]!;
  let e = STATE[4]!, f = STATE[5]!, g = STATE[6]!, h = STATE[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g; g = f; f = e; e = (d + t1) | 0;
    d = c; c = b; b = a; a = (t1 + t2) | 0;
  }
  STATE[0] = (STATE[0]! + a) | 0; STATE[1] = (STATE[1]! + b) | 0; STATE[2] = (STATE[2]! + c) | 0; STATE[3] = (STATE[3]! + d) | 0;
  STATE[4] = (STATE[4]! + e) | 0; STATE[5] = (STATE[5]! + f) | 0; STATE[6] = (STATE[6]! + g) | 0; STATE[7] = (STATE[7]! + h) | 0;
}

/** SHA-256 of `length` bytes of `buffer`, which must have room for the padding (up to 72 more bytes). */
function digestInPlace(buffer: Uint8Array, length: number): void {
  STATE.set([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const total = ((length + 9 + 63) >> 6) << 6;
  buffer[length] = 0x80;
  buffer.fill(0, length + 1, total);
  const bits = length * 8;
  const high = Math.floor(bits / 0x100000000);
  buffer[total - 8] = high >>> 24; buffer[total - 7] = high >>> 16; buffer[total - 6] = high >>> 8; buffer[total - 5] = high;
  buffer[total - 4] = bits >>> 24; buffer[total - 3] = bits >>> 16; buffer[total - 2] = bits >>> 8; buffer[total - 1] = bits;
  for (let offset = 0; offset < total; offset += 64) compress(buffer, offset);
}

function stateBytes(): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const word = STATE[i]!;
    out[i * 4] = word >>> 24; out[i * 4 + 1] = word >>> 16; out[i * 4 + 2] = word >>> 8; out[i * 4 + 3] = word;
  }
  return out;
}

/** SHA-256 of bytes, as 32 bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  const buffer = new Uint8Array(data.length + 72);
  buffer.set(data);
  digestInPlace(buffer, data.length);
  return stateBytes();
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += HEX[byte]!;
  return out;
}

/** SHA-256 of a string's UTF-8 bytes, as lower-case hex. */
export function sha256Hex(text: string): string {
  // UTF-8 is at most 3 bytes per UTF-16 unit; reuse one growing buffer.
  if (scratch.length < text.length * 3 + 72) scratch = new Uint8Array(text.length * 3 + 1024);
  const { written } = encoder.encodeInto(text, scratch);
  digestInPlace(scratch, written);
  let out = '';
  for (let i = 0; i < 8; i++) {
    const word = STATE[i]!;
    out += HEX[(word >>> 24) & 0xff]! + HEX[(word >>> 16) & 0xff]! + HEX[(word >>> 8) & 0xff]! + HEX[word & 0xff]!;
  }
  return out;
}
