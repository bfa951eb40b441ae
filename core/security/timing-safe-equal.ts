const encoder = new TextEncoder();

/**
 * Compares two secrets in time that depends only on their lengths, never on
 * where they first differ.
 */
export function timingSafeEqual(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i % Math.max(a.length, 1)] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
