import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uuidFromBytes } from '../../../core/audit/uuid.ts';

/** RFC 9562 version 4 layout, written the plain way. */
function reference(bytes: Uint8Array): string {
  const b = Array.from(bytes.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('audit ids', () => {
  it('are version 4 UUIDs of the 16 random bytes, every byte value included', () => {
    for (let i = 0; i < 2000; i++) {
      const bytes = new Uint8Array(randomBytes(16));
      if (i < 256) bytes.fill(i);
      const id = uuidFromBytes(bytes);
      expect(id).toBe(reference(bytes));
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
