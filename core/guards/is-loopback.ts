/** True for an IPv4 127/8 address, IPv6 ::1, or an IPv4-mapped loopback. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const v4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return true;
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

/** True for a host name the daemon may answer to when bound to loopback. */
export function isLoopbackHostName(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}
