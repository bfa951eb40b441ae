/** A unified diff of two texts (what `svc setup --dry-run` shows). */

const MAX_CELLS = 4_000_000;
const CONTEXT = 3;

/** `---`/`+++` headers and hunks with 3 lines of context; '' when the texts are equal. */
export function unifiedDiff(before: string, after: string, from: string, to: string): string {
  if (before === after) return '';
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  const header = `--- ${from}\n+++ ${to}\n`;
  if (a.length * b.length > MAX_CELLS) return `${header}${a.map((l) => `-${l}`).join('\n')}\n${b.map((l) => `+${l}`).join('\n')}\n`;
  // Longest common subsequence, then a walk that marks each line.
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: Array<{ op: ' ' | '-' | '+'; line: string; ai: number; bi: number }> = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ op: ' ', line: a[i]!, ai: i++, bi: j++ });
    else if (i < a.length && (j >= b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ op: '-', line: a[i]!, ai: i++, bi: j });
    else ops.push({ op: '+', line: b[j]!, ai: i, bi: j++ });
  }
  // Hunks: changes closer than 2 * CONTEXT lines share one.
  const changed = ops.flatMap((o, n) => (o.op === ' ' ? [] : [n]));
  const groups: Array<[number, number]> = [];
  for (const n of changed) {
    const last = groups[groups.length - 1];
    if (last && n - last[1] <= 2 * CONTEXT) last[1] = n;
    else groups.push([n, n]);
  }
  const hunks = groups.map(([first, lastChange]) => {
    const chunk = ops.slice(Math.max(0, first - CONTEXT), Math.min(ops.length, lastChange + CONTEXT + 1));
    const aLen = chunk.filter((o) => o.op !== '+').length;
    const bLen = chunk.filter((o) => o.op !== '-').length;
    const aStart = aLen ? chunk[0]!.ai + 1 : chunk[0]!.ai;
    const bStart = bLen ? chunk[0]!.bi + 1 : chunk[0]!.bi;
    return `@@ -${aStart},${aLen} +${bStart},${bLen} @@\n${chunk.map((o) => `${o.op}${o.line}`).join('\n')}\n`;
  });
  return header + hunks.join('');
}
