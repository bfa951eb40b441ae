const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** A version 4 UUID from 16 random bytes (the host's `Random`). */
export function uuidFromBytes(bytes: Uint8Array): string {
  const h = (i: number): string => HEX[bytes[i]!]!;
  const version = HEX[(bytes[6]! & 0x0f) | 0x40]!;
  const variant = HEX[(bytes[8]! & 0x3f) | 0x80]!;
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${version}${h(7)}-${variant}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
}
