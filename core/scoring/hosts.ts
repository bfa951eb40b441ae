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

/** True when text[from, end) is a network client's name. */
function isToolName(text: string, from: number, end: number): boolean {
  const length = end - from;
  if (length <= 0) return false;
  const first = text.charCodeAt(from);
  if (first >= 128) return false;
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
  let parts = 0;
  let digits = 0;
  let value = 0;
  for (let i = 0; i <= host.length; i++) {
    const c = i < host.length ? host.charCodeAt(i) : 0x2e;
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

function hostOf(authority: string): string | null {
  let s = authority;
  const at = s.lastIndexOf('@');
  if (at >= 0) s = s.slice(at + 1);
  if (s.startsWith('[')) {
    const end = s.indexOf(']');
    return end > 1 ? s.slice(1, end) : null;
  }
  const cut = s.search(/[/:?#\\]/);
  if (cut >= 0) s = s.slice(0, cut);
  s = s.replace(/\.$/, '');
  return s.length > 0 && s.length <= 255 ? s : null;
}

function looksLikeHost(token: string): boolean {
  if (isIpv4(token)) return true;
  if (!/^[a-z0-9.-]+$/.test(token) || !token.includes('.')) return false;
  const labels = token.split('.');
  if (labels.some((l) => l.length === 0 || l.length > 63)) return false;
  const tld = labels[labels.length - 1]!;
  return /^[a-z]{2,24}$/.test(tld) && !FILE_SUFFIXES.has(tld);
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
    const host = hostOf(text.slice(from, urlEnd(text, from, 300)));
    // After a scheme any syntactically valid name is a host, whatever its suffix.
    if (host && /^[a-z0-9._:-]+$/.test(host) && /[a-z0-9]/.test(host)) found.add(host);
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
        if (!tool && i - start <= 40 && isToolName(text, segment, i)) tool = true;
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
    for (let k = 0; k < candidates.length; k += 2) {
      // A host here has a dot (a name with a suffix, or a dotted IPv4).
      const raw = text.slice(candidates[k]!, candidates[k + 1]!);
      if (raw.includes('://') || raw.startsWith('-')) continue;
      const host = hostOf(raw);
      if (host && looksLikeHost(host)) found.add(host);
      if (found.size >= 64) break;
    }
  }
  return { hosts: [...found], tool };
}
