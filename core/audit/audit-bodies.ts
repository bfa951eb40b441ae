/**
 * Where a record's canonical body is kept. On a store with a `BodyLog` (the
 * sql.js store of the Node and Deno hosts) the body goes to the log, one
 * body and a line feed per record in chain order, and the row's `body`
 * column holds `@<offset>:<length>`; elsewhere (the Durable Object, the
 * memory store) the column holds the body itself. A canonical body always
 * starts with `{`, so the two never mix up; rows written before the log
 * existed keep their bodies in the column. Every reader of `audit_records`
 * rows passes them through `withBodies` before looking at `body` or `hash`.
 */
import type { BodyLog, Row, Storage } from '../../storage/types.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const LINE_FEED = new Uint8Array([0x0a]);
const REF = /^@(\d{1,15}):(\d{1,9})$/;

/** The `body` column values for a batch of bodies, and the step that appends them once the rows committed. */
export function placeBodies(bodies: BodyLog | undefined, texts: readonly string[]): { columns: string[]; append(): void } {
  if (!bodies) return { columns: [...texts], append: () => undefined };
  const encoded = texts.map((text) => encoder.encode(text));
  let offset = bodies.size;
  const columns = encoded.map((bytes) => {
    const column = `@${offset}:${bytes.length}`;
    offset += bytes.length + 1;
    return column;
  });
  return {
    columns,
    append() {
      for (const bytes of encoded) {
        bodies.append(bytes);
        bodies.append(LINE_FEED);
      }
    },
  };
}

/** Where a `body` column points in the log, or null when it holds the body itself. */
export function bodyRef(column: unknown): { offset: number; length: number } | null {
  if (typeof column !== 'string' || column.charCodeAt(0) !== 0x40) return null;
  const match = REF.exec(column);
  return match ? { offset: Number(match[1]), length: Number(match[2]) } : null;
}

/**
 * Puts each row's body in place of its reference, and its `hash` (32 bytes
 * in the table) as lower-case hex (rows are changed in place). Bytes the log
 * no longer holds read as an empty body, which no hash matches: the chain
 * check names the record.
 */
export function withBodies<T extends Row>(storage: Storage, rows: T[]): T[] {
  const bodies = storage.bodies;
  for (const row of rows) {
    if (row.hash instanceof Uint8Array) (row as Row).hash = hexOf(row.hash);
    const ref = bodies ? bodyRef(row.body) : null;
    if (!ref) continue;
    let text = '';
    try {
      text = decoder.decode(bodies!.read(ref.offset, ref.length));
    } catch {
      // missing bytes: left empty, so the record fails its hash
    }
    (row as Row).body = text;
  }
  return rows;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Lower-case hex of a stored hash; anything but 32 bytes is kept visibly wrong (it matches no hash). */
function hexOf(bytes: Uint8Array): string {
  if (bytes.length !== 32) return `(${bytes.length} bytes)`;
  let hex = '';
  for (const byte of bytes) hex += HEX[byte]!;
  return hex;
}

/** `withBodies` for one optional row. */
export function withBody<T extends Row>(storage: Storage, row: T | undefined): T | undefined {
  return row ? withBodies(storage, [row])[0] : undefined;
}
