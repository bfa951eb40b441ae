/**
 * How deeply a JSON text nests, measured before it is parsed: parsing is
 * iterative, but every walk over the parsed value (well-formed strings,
 * schema checks, canonical JSON for hashing, storage) recurses, so a body of
 * 100k brackets would overflow the stack there. No body the API takes nests
 * anywhere near `MAX_JSON_DEPTH`.
 */

export const MAX_JSON_DEPTH = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** True when `text` opens more than `max` arrays or objects inside one another (one linear pass). */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  // Nesting deeper than `max` takes more than `max` opening brackets: a shorter text cannot.
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
