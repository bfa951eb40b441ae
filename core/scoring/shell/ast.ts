/**
 * The shell syntax tree the parser builds: scripts of and-or lists of
 * pipelines of commands, and words made of parts (literal text with its
 * quoting, parameter expansions, command substitutions).
 */

/** How a part of a word was written: 0 unquoted, 1 single-quoted or ANSI-C, 2 double-quoted. */
export type Quoting = 0 | 1 | 2;

export type Part =
  | { k: 'lit'; s: string; q: Quoting; escaped?: boolean }
  | { k: 'param'; name: string; op: string; arg: Word | null; q: Quoting }
  | { k: 'cmd'; script: Script; q: Quoting; process?: boolean }
  | { k: 'arith'; s: string; q: Quoting };

export interface Word { parts: Part[]; raw: string }

export interface Redirect {
  op: string;
  target: Word | null;
  /** Here-document body (`<<`), filled when the parser reaches the end of the line. */
  heredoc?: { body: string; quoted: boolean };
}

export interface Assignment { name: string; value: Word }

export type Command =
  | { kind: 'simple'; assigns: Assignment[]; words: Word[]; redirs: Redirect[] }
  | { kind: 'group'; body: Script; redirs: Redirect[] }
  | { kind: 'func'; name: string; body: Command }
  | { kind: 'loop'; infinite: boolean; cond: Script; body: Script; redirs: Redirect[] }
  | { kind: 'for'; name: string; items: Word[] | null; body: Script; redirs: Redirect[] };

export interface Pipeline { cmds: Command[] }

export interface AndOr { pipes: Pipeline[]; ops: string[]; background: boolean }

export type Script = AndOr[];

/** A parse: the tree plus what went wrong (empty when the text parsed cleanly). */
export interface Parsed {
  script: Script;
  problems: string[];
  /** The text was longer than the parser reads (MAX_PARSE_CHARS); the rest is still scanned raw. */
  truncated: boolean;
}
