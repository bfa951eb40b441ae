/**
 * Finding network destinations in lower-case text (a URL or a command line),
 * by tokenising rather than with a host regex, so the work stays linear.
 */

const NETWORK_TOOLS = new Set([
  'curl', 'wget', 'nc', 'ncat', 'netcat', 'telnet', 'ssh', 'scp', 'sftp', 'rsync', 'ftp', 'tftp', 'socat',
  'dig', 'nslookup', 'host', 'http', 'https', 'xh', 'aria2c', 'invoke-webrequest', 'iwr', 'irm',
  'invoke-restmethod', 'lftp', 'smbclient', 'mosquitto_pub', 'websocat', 'ping',
]);

// openssl reaches the network only through these subcommands (req, genrsa, x509... stay local).
const OPENSSL_NETWORK = /\bopenssl\s{1,4}(?:s_client|s_server|s_time|ocsp)\b/;

// Tokens that look like host names but are file names.
const FILE_SUFFIXES = new Set([
  'json', 'txt', 'js', 'ts', 'py', 'md', 'sh', 'log', 'tar', 'gz', 'zip', 'csv', 'yml', 'yaml', 'toml',
  'lock', 'html', 'htm', 'css', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'pem', 'key', 'env', 'conf', 'cfg',
  'ini', 'xml', 'sql', 'db', 'bak', 'rs', 'go', 'rb', 'java', 'c', 'h', 'cpp', 'hpp', 'exe', 'bin', 'so',
  'dll', 'deb', 'rpm', 'whl', 'tgz', 'mjs', 'cjs', 'jsx', 'tsx', 'vue', 'svelte', 'php', 'pl', 'swift',
  'kt', 'pub', 'crt', 'csr', 'p12', 'pfx', 'dmg', 'pkg', 'msi', 'jar', 'war', 'class', 'o', 'a', 'out',
  'tmp', 'swp', 'd', 'service', 'plist', 'ps1', 'bat', 'cmd', 'lua', 'r', 'scala', 'dart', 'ex', 'exs',
  'erl', 'hs', 'ml', 'cs', 'fs', 'vb', 'asm', 's', 'wasm', 'map', 'snap', 'spec', 'test', 'config', 'local',
  'example', 'sample', 'template', 'xz', 'bz2', 'zst', '7z', 'rar', 'iso', 'img', 'pdf', 'doc', 'docx',
  'xls', 'xlsx', 'ipynb', 'gradle', 'properties', 'mod', 'sum', 'cabal', 'nix', 'tf', 'tfvars', 'hcl',
]);

/** What separates tokens (tokensOf implements it without the regex engine). */
export const SPLIT = /[\s'"=<>|;&(),`{}]+/;

/** SPLIT's characters by code unit: ASCII ones from a table, beyond ASCII JavaScript's `\s`. */
const SEPARATOR = new Uint8Array(128);
for (const c of ' \t\n\v\f\r\'"=<>|;&(),`{}') SEPARATOR[c.charCodeAt(0)] = 1;
function isSeparator(c: number): boolean {
  if (c < 128) return SEPARATOR[c] === 1;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** The non-empty pieces of `text.split(SPLIT)`, in order, by one scan without the regex engine. */
export function tokensOf(text: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (isSeparator(text.charCodeAt(i))) {
      if (start >= 0) { out.push(text.slice(start, i)); start = -1; }
    } else if (start < 0) start = i;
  }
  if (start >= 0) out.push(text.slice(start));
  return out;
}

/** The network clients' names by first character (ASCII), for comparison in place without a slice. */
const TOOLS_BY_FIRST: string[][] = Array.from({ length: 128 }, () => []);
for (const t of NETWORK_TOOLS) TOOLS_BY_FIRST[t.charCodeAt(0)]!.push(t);
/** The shortest and longest network client's name. */
const TOOL_MIN = Math.min(...[...NETWORK_TOOLS].map((t) => t.length));
const TOOL_MAX = Math.max(...[...NETWORK_TOOLS].map((t) => t.length));
/** Per ASCII code: 1 for a separator (SPLIT), 2 for '.', 3 for '/', 0 otherwise; networkOf's walk reads one table. */
const WALK = new Uint8Array(128);
for (let c = 0; c < 128; c++) WALK[c] = SEPARATOR[c] === 1 ? 1 : c === 0x2e ? 2 : c === 0x2f ? 3 : 0;

/** Per ASCII first character, a bit per length (below 32) of the clients' names that start with it: most tokens are ruled out by one lookup. */
const TOOL_LENGTHS = new Uint32Array(128);
for (const t of NETWORK_TOOLS) TOOL_LENGTHS[t.charCodeAt(0)]! |= 1 << t.length;

/** True when text[from, end) is a network client's name. */
function isToolName(text: string, from: number, end: number): boolean {
  const length = end - from;
  if (length <= 0 || length >= 32) return false;
  const first = text.charCodeAt(from);
  if (first >= 128 || (TOOL_LENGTHS[first]! & (1 << length)) === 0) return false;
  for (const t of TOOLS_BY_FIRST[first]!) if (t.length === length && text.startsWith(t, from)) return true;
  return false;
}

/** True when the token text[start, end) (at most 40 characters), or its last path segment, names a network client. */
function isToolToken(text: string, start: number, end: number): boolean {
  if (end - start > 40) return false;
  let from = start;
  for (let i = end - 1; i >= start; i--) if (text.charCodeAt(i) === 0x2f) { from = i + 1; break; }
  return isToolName(text, from, end);
}

/**
 * True when one of the tokens of a lower-case text (split on SPLIT) names a
 * network client: the tokens of `tokensOf`, walked without building them.
 */
function toolInText(text: string): boolean {
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (isSeparator(text.charCodeAt(i))) {
      if (start >= 0) { if (isToolToken(text, start, i)) return true; start = -1; }
    } else if (start < 0) start = i;
  }
  if (start >= 0 && isToolToken(text, start, text.length)) return true;
  return text.includes('openssl') && OPENSSL_NETWORK.test(text);
}

/** True when the (lower-case) command line invokes a network client. */
export function hasNetworkTool(commandLine: string): boolean {
  return toolInText(commandLine);
}

/** JavaScript's `\s`, by code unit. */
function isSpace(c: number): boolean {
  if (c < 128) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Where a URL's authority and path end: the first of `\s ' " < > \`` from `from`, looking at most `limit` characters ahead. */
function urlEnd(text: string, from: number, limit: number): number {
  const stop = Math.min(text.length, from + limit);
  for (let i = from; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x27 || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x60 || isSpace(c)) return i;
  }
  return stop;
}

/** True for a dotted IPv4 literal (four parts of one to three ASCII digits, each at most 255). */
export function isIpv4(host: string): boolean {
  return isIpv4In(host, 0, host.length);
}

/** isIpv4 of text[start, end), read in place. */
function isIpv4In(text: string, start: number, end: number): boolean {
  let parts = 0;
  let digits = 0;
  let value = 0;
  for (let i = start; i <= end; i++) {
    const c = i < end ? text.charCodeAt(i) : 0x2e;
    if (c === 0x2e) {
      if (digits === 0 || value > 255 || ++parts > 4) return false;
      digits = 0;
      value = 0;
    } else if (c >= 0x30 && c <= 0x39 && digits < 3) {
      digits++;
      value = value * 10 + (c - 0x30);
    } else return false;
  }
  return parts === 4;
}

/** True for an IP literal (v4, or v6 with colons). */
export function isIpLiteral(host: string): boolean {
  return isIpv4(host) || (host.includes(':') && /^[0-9a-f:.]+$/.test(host));
}

/** Loopback, private (RFC 1918), link-local and unspecified addresses, and `localhost`. */
export function isLocalHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '::') return true;
  if (!isIpv4(host)) return host.startsWith('fe80:') || host.startsWith('fc') || host.startsWith('fd');
  const [a, b] = host.split('.').map(Number) as [number, number];
  return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

/** Where hostAt's host ends (set by each call that finds one). */
let hostStop = 0;

/**
 * The host of the authority text[from, end), read in place: where it starts
 * (its end in `hostStop`), or -1 when there is none. The host follows the
 * last '@', is bracketed (IPv6) or ends at the first of `/ : ? # \`, loses
 * one trailing dot (a fully qualified name) and has 1 to 255 characters.
 */
function hostAt(text: string, from: number, end: number): number {
  let start = from;
  for (let i = end - 1; i >= from; i--) if (text.charCodeAt(i) === 0x40) { start = i + 1; break; }
  if (start < end && text.charCodeAt(start) === 0x5b) {
    const close = text.indexOf(']', start);
    if (close < 0 || close >= end || close <= start + 1) return -1;
    hostStop = close;
    return start + 1;
  }
  let stop = start;
  for (; stop < end; stop++) {
    const c = text.charCodeAt(stop);
    if (c === 0x2f || c === 0x3a || c === 0x3f || c === 0x23 || c === 0x5c) break;
  }
  if (stop > start && text.charCodeAt(stop - 1) === 0x2e) stop--;
  if (stop <= start || stop - start > 255) return -1;
  hostStop = stop;
  return start;
}

/** True for a-z, 0-9, '.' and '-' (and ':' and '_' when `url`): the characters of a host. */
function hostChar(c: number, url: boolean): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || (url && (c === 0x3a || c === 0x5f));
}

/** After a scheme: a non-empty name (text[start, end)) of [a-z0-9._:-] with at least one letter or digit. */
function isUrlHost(text: string, start: number, end: number): boolean {
  let alnum = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!hostChar(c, true)) return false;
    if (c !== 0x2e && c !== 0x2d && c !== 0x3a && c !== 0x5f) alnum = true;
  }
  return end > start && alnum;
}

/**
 * A bare token (text[start, end)) taken for a host: a dotted IPv4, or labels
 * of [a-z0-9-] (1 to 63 characters each) joined by dots whose last is 2 to
 * 24 letters and no file suffix.
 */
function looksLikeHost(text: string, start: number, end: number): boolean {
  if (isIpv4In(text, start, end)) return true;
  let label = 0;
  let dots = 0;
  let last = 0;
  let letters = true;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!hostChar(c, false)) return false;
    if (c === 0x2e) {
      if (label === 0) return false;
      dots++;
      label = 0;
      last = i + 1;
      letters = true;
    } else {
      if (++label > 63) return false;
      if (c < 0x61) letters = false;
    }
  }
  if (dots === 0 || label === 0) return false;
  return letters && label >= 2 && label <= 24 && !FILE_SUFFIXES.has(text.slice(last, end));
}

/** Destination hosts named in lower-case text: every URL's host, and bare hosts after a network tool. */
export function extractHosts(text: string): string[] {
  return networkOf(text).hosts;
}

/** `extractHosts` and `hasNetworkTool` of one text, from one tokenisation. */
export function networkOf(text: string): { hosts: string[]; tool: boolean } {
  const found = new Set<string>();
  let from = 0;
  for (let i = text.indexOf('://', from); i >= 0 && found.size < 64; i = text.indexOf('://', from)) {
    from = i + 3;
    const start = hostAt(text, from, urlEnd(text, from, 300));
    // After a scheme any syntactically valid name is a host, whatever its suffix.
    if (start >= 0 && isUrlHost(text, start, hostStop)) found.add(text.slice(start, hostStop));
  }
  // One walk over the tokens: whether one names a network client (as toolInText), and where
  // the tokens that may be bare hosts are (a dot, 4 to 300 characters), without building every token.
  let tool = false;
  const candidates: number[] = [];
  let start = -1;
  /** Where the token's last path segment starts. */
  let segment = -1;
  let dot = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 ? SEPARATOR[c] === 1 : isSeparator(c)) {
      if (start >= 0) {
        if (!tool && i - segment >= TOOL_MIN && i - segment <= TOOL_MAX && i - start <= 40 && isToolName(text, segment, i)) tool = true;
        if (dot && i - start >= 4 && i - start <= 300) candidates.push(start, i);
        start = -1;
        dot = false;
      }
    } else {
      if (start < 0) start = segment = i;
      if (c === 0x2e) dot = true;
      else if (c === 0x2f) segment = i + 1;
    }
  }
  if (start >= 0) {
    if (!tool && n - start <= 40 && isToolName(text, segment, n)) tool = true;
    if (dot && n - start >= 4 && n - start <= 300) candidates.push(start, n);
  }
  if (!tool) tool = text.includes('openssl') && OPENSSL_NETWORK.test(text);
  if (tool) {
    let scheme = -2;
    for (let k = 0; k < candidates.length; k += 2) {
      // A host here has a dot (a name with a suffix, or a dotted IPv4).
      const from = candidates[k]!;
      const end = candidates[k + 1]!;
      if (text.charCodeAt(from) === 0x2d) continue;
      // The next '://' at or after the token (candidates come in order, so the search moves forward only).
      if (scheme !== -1 && scheme < from) scheme = text.indexOf('://', from);
      if (scheme >= 0 && scheme + 3 <= end) continue;
      const start = hostAt(text, from, end);
      if (start >= 0 && looksLikeHost(text, start, hostStop)) found.add(text.slice(start, hostStop));
      if (found.size >= 64) break;
    }
  }
  return { hosts: [...found], tool };
}
