/**
 * Trusting a daemon that serves TLS (`[server.tls]`): the svc command trusts
 * the system's certificate authorities plus the certificate the daemon serves,
 * read from the same config dir, so a self-signed daemon certificate is
 * trusted by the command as it is by the daemon's owner (without it every
 * command said "daemon not reachable").
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { rootCertificates } from 'node:tls';
import { isPlainObject } from '../core/config/deep-merge.ts';

/** `[server] tls.cert` of the first table that names one (config.toml before team-config.toml). */
function certPath(tables: ReadonlyArray<Record<string, unknown>>): string | null {
  for (const table of tables) {
    const cert = isPlainObject(table.tls) ? table.tls.cert : undefined;
    if (typeof cert === 'string' && cert !== '') return cert;
  }
  return null;
}

/** The CA list for a TLS daemon, or null when the config dir names no certificate (or it cannot be read). */
export async function daemonCa(configDir: string, tables: ReadonlyArray<Record<string, unknown>>): Promise<string[] | null> {
  const path = certPath(tables);
  if (path === null) return null;
  try {
    return [...rootCertificates, await readFile(resolve(configDir, path), 'utf8')];
  } catch {
    return null;
  }
}
