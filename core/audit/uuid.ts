const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * An audit record id: a version 7 UUID (RFC 9562), the 48-bit Unix time
 * `unixMs` in milliseconds, then 74 random bits from `bytes` (16 random
 * bytes from the host's `Random`; the first six are not used). Ids made in a
 * later millisecond sort after earlier ones, so the unique index on record
 * ids grows at its end: an insert touches the index's last pages instead of
 * a random leaf (with version 4 ids every record dirtied a leaf of its own,
 * written again at each SQLite commit, and on a large store read back into
 * the page cache first).
 */
export function uuidV7FromBytes(bytes: Uint8Array, unixMs: number): string {
  const h = (i: number): string => HEX[bytes[i]!]!;
  const time = Math.max(0, Math.min(0xffff_ffff_ffff, Math.floor(unixMs))).toString(16).padStart(12, '0');
  const version = HEX[(bytes[6]! & 0x0f) | 0x70]!;
  const variant = HEX[(bytes[8]! & 0x3f) | 0x80]!;
  return `${time.slice(0, 8)}-${time.slice(8)}-${version}${h(7)}-${variant}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
}
