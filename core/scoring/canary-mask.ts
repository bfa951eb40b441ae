/**
 * What is stored or sent never carries a canary: the one masking step the
 * records of a decision (audit record, digest item, live event, notification)
 * and of a session registration are built from. Every string of a value
 * (object keys, and numbers as their text, included) that carries a canary in
 * any form the registry finds (canary-fold.ts: escapes, case, base64, hex,
 * DNS labels...) is replaced whole by `[REDACTED]`, so neither the value nor
 * a recoverable encoding of it is kept.
 *
 * Bounded work: nothing at all while no canary is registered; otherwise one
 * folded scan over every string, and a scan per string only when that found
 * something.
 */
import type { CanaryRegistry } from './canary-registry.ts';

export const CANARY_MASK = '[REDACTED]';

export interface CanaryMask {
  /** True while canaries are registered (masking and scanning do work only then). */
  readonly active: boolean;
  /** Every string of `value`, keys and numbers included (what `mask` scans). */
  strings(value: unknown): string[];
  /** `value` with every string carrying a canary replaced; `value` itself when none does. */
  mask<T>(value: T): T;
}

/** Strings of `value`, depth-first (JSON bodies nest at most 256 levels: core/http/json-depth.ts). */
function collect(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'number' || typeof value === 'bigint') into.push(String(value));
  else if (Array.isArray(value)) for (const inner of value) collect(inner, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.push(key);
      collect(inner, into);
    }
  }
}

export function createCanaryMask(canaries: Pick<CanaryRegistry, 'size' | 'scan'>): CanaryMask {
  const carries = (text: string): boolean => canaries.scan([text]).length > 0;

  function rebuild(value: unknown): unknown {
    if (typeof value === 'string') return carries(value) ? CANARY_MASK : value;
    if (typeof value === 'number' || typeof value === 'bigint') return carries(String(value)) ? CANARY_MASK : value;
    if (Array.isArray(value)) return value.map(rebuild);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      let name = carries(key) ? CANARY_MASK : key;
      for (let n = 2; Object.hasOwn(out, name); n++) name = `${CANARY_MASK}#${n}`;
      // defineProperty: a "__proto__" key stays an own data property, as JSON.parse made it.
      Object.defineProperty(out, name, { value: rebuild(inner), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  return {
    get active() {
      return canaries.size > 0;
    },
    strings(value) {
      const out: string[] = [];
      collect(value, out);
      return out;
    },
    mask(value) {
      if (canaries.size === 0) return value;
      const texts: string[] = [];
      collect(value, texts);
      if (canaries.scan(texts).length === 0) return value;
      return rebuild(value) as typeof value;
    },
  };
}
