import type { Random } from '../deps.ts';
import { toHex } from '../security/hex.ts';
import { timingSafeEqual } from '../security/timing-safe-equal.ts';

/** The dashboard pairing codes: one outstanding at a time, single use, no expiry. */
export interface PairingCodes {
  /** Mints a 32-hex code and makes it the only valid one (the previous code stops working). */
  mint(): string;
  /** True once for the outstanding code (constant-time compare), which it consumes; false otherwise. */
  redeem(code: string): boolean;
}

/** Creates the in-memory code holder; a restart forgets the outstanding code. */
export function createPairingCodes(random: Random): PairingCodes {
  let outstanding: string | null = null;
  return {
    mint() {
      outstanding = toHex(random.bytes(16));
      return outstanding;
    },
    redeem(code) {
      if (outstanding === null) return false;
      if (!timingSafeEqual(code, outstanding)) return false;
      outstanding = null;
      return true;
    },
  };
}
