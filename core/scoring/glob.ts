/**
 * Linear-time glob matching for the user's path and command lists (no regex
 * is built from user input): `**` matches anything, `*` anything but '/',
 * `?` one character. Dynamic programming over pattern positions: O(text x pattern).
 */

/** True when `glob` matches the whole of `text`. With `slashIsPlain`, `*` also crosses '/'. */
export function globMatch(glob: string, text: string, slashIsPlain = false): boolean {
  const p = glob;
  // reach[j]: pattern prefix of length j matches the text prefix read so far.
  let reach = new Uint8Array(p.length + 1);
  reach[0] = 1;
  const closeStars = (r: Uint8Array) => {
    for (let j = 0; j < p.length; j++) if (r[j] && p[j] === '*') r[j + 1] = 1;
  };
  closeStars(reach);
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = new Uint8Array(p.length + 1);
    let any = false;
    for (let j = 0; j < p.length; j++) {
      if (!reach[j]) continue;
      const pc = p[j]!;
      if (pc === '*') {
        const double = p[j + 1] === '*' || (j > 0 && p[j - 1] === '*');
        if (double || slashIsPlain || c !== '/') { next[j] = 1; any = true; }
      } else if (pc === '?' ? c !== '/' || slashIsPlain : pc === c) { next[j + 1] = 1; any = true; }
    }
    if (!any) return false;
    closeStars(next);
    reach = next;
  }
  return reach[p.length] === 1;
}
