/** Small checks applied to a rule's match: entropy, Luhn, host suffixes. */

/** Shannon entropy in bits per character. */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** Luhn checksum over the digits of `s` (separators ignored), 13 to 19 digits. */
export function luhnValid(s: string): boolean {
  const digits = s.replace(/[^0-9]/g, '');
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}

/** True when `host` is `domain` or one of its subdomains (`*.domain` is accepted too). */
export function hostMatches(host: string, domain: string): boolean {
  const d = domain.toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
  return host === d || host.endsWith('.' + d);
}
