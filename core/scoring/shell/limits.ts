/**
 * Bounds on shell parsing and normalisation, so no call can stall the
 * engine: input size, nesting depth, node count, expansion sizes.
 */

/** Characters of a command line the parser reads (the raw text is still scanned whole by the rules' window). */
export const MAX_PARSE_CHARS = 16 * 1024;
/** Nesting of scripts inside scripts (substitutions, `-c` strings, eval, decoded payloads, one-liners). */
export const MAX_DEPTH = 6;
/** Compound commands open inside one another within one script (`( ( ( …`). */
export const MAX_NEST = 64;
/** Words, commands and parts built per call, across every nested script. */
export const MAX_NODES = 20_000;
/** Length of one expanded word, and of one decoded payload. */
export const MAX_WORD = 16 * 1024;
/** Length of the normalised text of one call. */
export const MAX_OUTPUT = 96 * 1024;
/** Fields one brace expansion or glob resolution may produce. */
export const MAX_FIELDS = 32;

/** A counter shared by everything done for one call; `spend` is false once exhausted. */
export interface Budget { nodes: number; spend(n?: number): boolean }

export function createBudget(limit = MAX_NODES): Budget {
  return {
    nodes: 0,
    spend(n = 1) { this.nodes += n; return this.nodes <= limit; },
  };
}
