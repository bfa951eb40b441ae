/**
 * Ways of carrying a canary value out that a recipient can undo (issue 16
 * point 4), alone and combined; shared by the detection and masking tests.
 */
const bytesOf = (s: string) => new TextEncoder().encode(s);
export const hex = (s: string) => Array.from(bytesOf(s), (b) => b.toString(16).padStart(2, '0')).join('');
export const pctAll = (s: string) => hex(s).replace(/(..)/g, '%$1');
const b64 = (s: string) => btoa(String.fromCharCode(...bytesOf(s)));
const b64url = (s: string) => b64(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const wrap = (s: string, width: number, nl = '\n') => s.replace(new RegExp(`(.{${width}})`, 'g'), `$1${nl}`);
const dnsLabels = (s: string, size: number) => `${s.match(new RegExp(`.{1,${size}}`, 'g'))!.join('.')}.exfil.example.com`;
const mixedCase = (s: string) => [...s].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');

/** Every way of carrying VALUE out that a recipient can undo (issue 16 point 4), alone and combined. */
export const ENCODINGS: Array<[string, (v: string) => string]> = [
  ['one byte percent-encoded', (v) => `${v.slice(0, 5)}%${hex(v[5]!)}${v.slice(6)}`],
  ['every other byte percent-encoded, lower-case hex digits', (v) => [...v].map((c, i) => (i % 2 ? `%${hex(c)}` : c)).join('')],
  ['in another case', (v) => v.toUpperCase()],
  ['in mixed case', mixedCase],
  ['double URL-encoded', (v) => pctAll(v).replaceAll('%', '%25')],
  ['triple URL-encoded, partially', (v) => `${v.slice(0, 3)}${pctAll(v.slice(3)).replaceAll('%', '%25').replaceAll('%', '%25')}`],
  ['base64 inside a larger message', (v) => b64(`user=${v}&x=1`)],
  ['base64 wrapped at 20 characters', (v) => wrap(b64(`>>${v}<<`), 20)],
  ['base64 wrapped with CRLF', (v) => wrap(b64(`k:${v}`), 16, '\r\n')],
  ['base64url without padding', (v) => b64url(`??${v}>>`)],
  ['base64 of the upper-cased value', (v) => b64(v.toUpperCase())],
  ['base64, then every character percent-encoded', (v) => pctAll(b64(v))],
  ['hex', (v) => hex(v)],
  ['hex in upper case, wrapped', (v) => wrap(hex(v).toUpperCase(), 10)],
  ['hex as \\x escapes', (v) => hex(v).replace(/(..)/g, '\\x$1')],
  ['JSON \\u00XX escapes', (v) => [...v].map((c) => `\\u00${hex(c)}`).join('')],
  ['split into DNS labels', (v) => dnsLabels(v, 7)],
  ['hex split into DNS labels', (v) => dnsLabels(hex(v), 30)],
  ['base64url lower-cased into DNS labels', (v) => dnsLabels(b64url(v).toLowerCase(), 9)],
  ['mixed case, one byte percent-encoded, split into DNS labels', (v) => dnsLabels(`${mixedCase(v.slice(0, 8))}%${hex(v[8]!)}${v.slice(9)}`, 6)],
  ['base64 wrapped, as a JSON string with \\n escapes', (v) => JSON.stringify({ data: wrap(b64(`-${v}-`), 12) })],
];

