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

const SPLIT = /[\s'"=<>|;&(),`{}]+/;

/** True when the (lower-case) command line invokes a network client. */
export function hasNetworkTool(commandLine: string): boolean {
  for (const token of commandLine.split(SPLIT)) {
    if (token.length === 0 || token.length > 40) continue;
    const slash = token.lastIndexOf('/');
    if (NETWORK_TOOLS.has(slash >= 0 ? token.slice(slash + 1) : token)) return true;
  }
  return commandLine.includes('openssl') && OPENSSL_NETWORK.test(commandLine);
}

/** True for a dotted IPv4 literal. */
export function isIpv4(host: string): boolean {
  const parts = host.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
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
  const found = new Set<string>();
  let from = 0;
  for (let i = text.indexOf('://', from); i >= 0 && found.size < 64; i = text.indexOf('://', from)) {
    from = i + 3;
    const end = text.slice(from, from + 300).search(/[\s'"<>`]|$/);
    const host = hostOf(text.slice(from, from + end));
    // After a scheme any syntactically valid name is a host, whatever its suffix.
    if (host && /^[a-z0-9._:-]+$/.test(host) && /[a-z0-9]/.test(host)) found.add(host);
  }
  if (hasNetworkTool(text)) {
    for (const raw of text.split(SPLIT)) {
      if (raw.length < 4 || raw.length > 300 || raw.includes('://') || raw.startsWith('-')) continue;
      const host = hostOf(raw);
      if (host && looksLikeHost(host)) found.add(host);
      if (found.size >= 64) break;
    }
  }
  return [...found];
}
