import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uuidV7FromBytes } from '../../../core/audit/uuid.ts';

/** RFC 9562 version 7 layout, written the plain way: 48-bit big-endian milliseconds, then the random bytes 6-15. */
function reference(bytes: Uint8Array, ms: number): string {
  const b = Array.from(bytes.subarray(0, 16));
  for (let i = 0; i < 6; i++) b[i] = Math.floor(ms / 2 ** (8 * (5 - i))) % 256;
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('audit ids', () => {
  it('are version 7 UUIDs of the time and the random bytes, every byte value included', () => {
    for (let i = 0; i < 2000; i++) {
      const bytes = new Uint8Array(randomBytes(16));
      if (i < 256) bytes.fill(i);
      const ms = i < 3 ? [0, 2 ** 48 - 1, 1_764_000_000_000][i]! : Date.now() + i * 7919;
      const id = uuidV7FromBytes(bytes, ms);
      expect(id).toBe(reference(bytes, ms));
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('sort by the millisecond they were made in', () => {
    const ids = Array.from({ length: 500 }, (_, i) => uuidV7FromBytes(new Uint8Array(randomBytes(16)), 1_764_000_000_000 + i * 3));
    expect([...ids].sort()).toEqual(ids);
  });
});
