/**
 * The one output formatter: JSON for `--json`, otherwise tables that fit the
 * terminal width, key/value blocks and plain lines. Colour only on a TTY and
 * never with NO_COLOR (or --no-color). Text that came from the daemon is
 * stripped of control characters before it reaches the terminal.
 */
import pc from 'picocolors';

export type Colors = ReturnType<typeof pc.createColors>;

export interface Column<Row> {
  header: string;
  /** The cell text; control characters are removed. */
  value: (row: Row) => string;
  /** Right-align (numbers). */
  align?: 'right';
  /** The one column that takes the leftover width and is cut with an ellipsis. */
  flex?: boolean;
  /** Optional colouring of the (already fitted) cell text. */
  color?: (text: string, row: Row) => string;
}

export interface Output {
  readonly json: boolean;
  readonly color: boolean;
  readonly width: number;
  readonly c: Colors;
  /** A line on stdout. */
  line(text?: string): void;
  /** `value` as JSON with --json, else `human()`. */
  result(value: unknown, human: () => void): void;
  table<Row>(columns: ReadonlyArray<Column<Row>>, rows: readonly Row[]): void;
  /** Aligned `key  value` lines. */
  pairs(entries: ReadonlyArray<readonly [string, string]>): void;
  /** A line on stderr (progress, notes): never mixed into --json output. */
  note(text: string): void;
}

export interface OutputOptions {
  json?: boolean;
  /** false when --no-color was given. */
  color?: boolean;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  env?: NodeJS.ProcessEnv;
}

/** NO_COLOR (any non-empty value) wins; otherwise colour when stdout is a TTY. */
export function wantsColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv, flag = true): boolean {
  if (!flag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

// C0 and C1 controls and DEL, except tab (shown as a space).
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/** Removes terminal control characters (an escape sequence in an audited argument must not drive the terminal). */
export function clean(text: string): string {
  return text.replace(/\t/g, ' ').replace(CONTROL, '');
}

function fit(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  if (width <= 1) return chars.slice(0, width).join('');
  return `${chars.slice(0, width - 1).join('')}…`;
}

function pad(text: string, width: number, align?: 'right'): string {
  const gap = Math.max(0, width - [...text].length);
  return align === 'right' ? ' '.repeat(gap) + text : text + ' '.repeat(gap);
}

/** Column widths: each column its natural width, the flex column (or the widest) shrunk to make the row fit. */
export function columnWidths(natural: readonly number[], flexIndex: number, total: number, gap = 2): number[] {
  const widths = [...natural];
  const used = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (used <= total) return widths;
  const shrink = flexIndex >= 0 ? flexIndex : widths.indexOf(Math.max(...widths));
  widths[shrink] = Math.max(8, (widths[shrink] ?? 0) - (used - total));
  return widths;
}

export function createOutput(options: OutputOptions = {}): Output {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const env = options.env ?? process.env;
  const color = wantsColor(stdout, env, options.color ?? true);
  const c = pc.createColors(color);
  const columns = Number(env.COLUMNS);
  const width = stdout.columns || (Number.isInteger(columns) && columns > 20 ? columns : 100);
  const json = options.json === true;
  const line = (text = '') => void stdout.write(`${text}\n`);

  return {
    json,
    color,
    width,
    c,
    line,
    result(value, human) {
      if (json) line(JSON.stringify(value, null, 2));
      else human();
    },
    table(cols, rows) {
      if (rows.length === 0) return;
      const cells = rows.map((row) => cols.map((col) => clean(col.value(row))));
      const natural = cols.map((col, i) => Math.max(col.header.length, ...cells.map((r) => [...(r[i] ?? '')].length)));
      const widths = columnWidths(natural, cols.findIndex((col) => col.flex), width);
      const last = cols.length - 1;
      const render = (texts: string[], paint?: (text: string, i: number) => string) =>
        texts
          .map((text, i) => {
            const fitted = fit(text, widths[i] ?? 0);
            const padded = i === last && cols[i]?.align !== 'right' ? fitted : pad(fitted, widths[i] ?? 0, cols[i]?.align);
            return paint ? paint(padded, i) : padded;
          })
          .join('  ');
      line(c.bold(render(cols.map((col) => col.header))));
      rows.forEach((row, r) => line(render(cells[r] ?? [], (text, i) => cols[i]?.color?.(text, row) ?? text)));
    },
    pairs(entries) {
      const keyWidth = Math.max(0, ...entries.map(([key]) => key.length));
      for (const [key, value] of entries) line(`${c.dim(pad(key, keyWidth))}  ${clean(value)}`);
    },
    note(text) {
      stderr.write(`${text}\n`);
    },
  };
}

/** "3m", "2h", "5d": how long ago an RFC 3339 instant was. */
export function age(iso: string | null | undefined, now = Date.now()): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return '-';
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}
