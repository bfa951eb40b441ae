/**
 * The Node host's `Headers` for what every request and answer carries: a
 * handful of plain headers read and set by name. undici's Headers costs ~7 µs
 * per answer on Node 20 (a header list per object, validation and
 * lower-casing per call, a sorted copy to iterate), a sizeable share of a
 * health answer. A light one keeps its headers in two arrays while every
 * call on it is a plain one: a name that is a token, a value of printable
 * ASCII without surrounding spaces (what undici would store unchanged, bar
 * the name's case), never `set-cookie`. Anything else (another name or
 * value, iteration, `getSetCookie`, inspection) moves its headers into a real
 * Headers once, in order, and from then on every call is the real one's, with
 * its own validation, errors and iteration order.
 */
import { forwardToReal } from './forward-to-real.ts';

const NativeHeaders = globalThis.Headers;

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PLAIN_VALUE = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;

/** Names already looked at (up to 256 of up to 64 characters): their lower-case form, or null when not plain. */
const NAMES_KEPT = 256;
const NAME_KEPT_LENGTH = 64;
const names = new Map<string, string | null>();

/** The lower-case name when `name` is plain (see above), else null. */
function plainName(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  let lower = names.get(name);
  if (lower === undefined) {
    lower = TOKEN.test(name) ? name.toLowerCase() : null;
    if (lower === 'set-cookie') lower = null;
    if (name.length > NAME_KEPT_LENGTH) return lower;
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(name, lower);
  }
  return lower;
}

function isPlainValue(value: unknown): value is string {
  return typeof value === 'string' && PLAIN_VALUE.test(value);
}

export class LightHeaders {
  #names: string[] = [];
  #values: string[] = [];
  #real: Headers | null = null;

  /** Headers from `[name, value]` pairs appended in order (a real Headers' errors for a bad one). */
  static of(pairs: readonly string[]): LightHeaders {
    const headers = new LightHeaders();
    for (let i = 0; i + 1 < pairs.length; i += 2) headers.append(pairs[i]!, pairs[i + 1]!);
    return headers;
  }

  /** The real Headers behind `light`, built from what it holds on first use. */
  static real(light: LightHeaders): Headers {
    if (light.#real === null) {
      const real = new NativeHeaders();
      for (let i = 0; i < light.#names.length; i++) real.append(light.#names[i]!, light.#values[i]!);
      light.#real = real;
      light.#names = [];
      light.#values = [];
    }
    return light.#real;
  }

  /**
   * The headers as a record in the order a real Headers iterates them (names
   * sorted, a name's values joined by ", "), or null once they moved into a
   * real Headers (or for any other Headers): for the host to write them.
   */
  static record(headers: Headers): Record<string, string> | null {
    const value = headers as unknown;
    if (typeof value !== 'object' || value === null || !(#real in value)) return null;
    const light = value as LightHeaders;
    if (light.#real !== null) return null;
    // Distinct names in sorted order (a handful: insertion sort), each with its values joined.
    const sorted: string[] = [];
    const joined = new Map<string, string>();
    for (let i = 0; i < light.#names.length; i++) {
      const name = light.#names[i]!;
      const before = joined.get(name);
      joined.set(name, before === undefined ? light.#values[i]! : `${before}, ${light.#values[i]!}`);
      if (before !== undefined) continue;
      let at = sorted.length;
      while (at > 0 && sorted[at - 1]! > name) at--;
      sorted.splice(at, 0, name);
    }
    const record: Record<string, string> = {};
    for (const name of sorted) record[name] = joined.get(name)!;
    return record;
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof NativeHeaders;
  }

  append(name: string, value: string): void {
    const lower = this.#real === null && isPlainValue(value) ? plainName(name) : null;
    if (lower === null) return LightHeaders.real(this).append(name, value);
    this.#names.push(lower);
    this.#values.push(value);
  }

  set(name: string, value: string): void {
    const lower = this.#real === null && isPlainValue(value) ? plainName(name) : null;
    if (lower === null) return LightHeaders.real(this).set(name, value);
    this.#remove(lower);
    this.#names.push(lower);
    this.#values.push(value);
  }

  delete(name: string): void {
    const lower = this.#real === null ? plainName(name) : null;
    if (lower === null) return LightHeaders.real(this).delete(name);
    this.#remove(lower);
  }

  get(name: string): string | null {
    const lower = this.#real === null ? plainName(name) : null;
    if (lower === null) return LightHeaders.real(this).get(name);
    let found: string | null = null;
    for (let i = 0; i < this.#names.length; i++) {
      if (this.#names[i] === lower) found = found === null ? this.#values[i]! : `${found}, ${this.#values[i]!}`;
    }
    return found;
  }

  has(name: string): boolean {
    const lower = this.#real === null ? plainName(name) : null;
    if (lower === null) return LightHeaders.real(this).has(name);
    return this.#names.includes(lower);
  }

  #remove(lower: string): void {
    for (let i = this.#names.length - 1; i >= 0; i--) {
      if (this.#names[i] === lower) {
        this.#names.splice(i, 1);
        this.#values.splice(i, 1);
      }
    }
  }
}

// The rest of Headers (iteration, forEach, getSetCookie, inspection, ...) answers from the real one.
forwardToReal<LightHeaders>(LightHeaders.prototype, NativeHeaders.prototype, LightHeaders.real);
