/**
 * `svc canary add --durable`: appends a `[[canary.tokens]]` entry to
 * `{config_dir}/filters/canary.toml`, the durable registration read at
 * daemon start. Everything already in the file (comments, [filter], other
 * tokens) is kept byte for byte; a file that does not exist yet holds just
 * the entry (the daemon merges it over the shipped canary.toml). The result
 * must parse and hold the new entry before it replaces the file atomically
 * (mode 0600: the values are secrets).
 */
import { parse, stringify } from 'smol-toml';
import { writeFileAtomic } from '../../adapters/node/node-file-store.ts';
import { CliError, EXIT } from '../errors.ts';

export const CANARY_FILE = 'filters/canary.toml';

function tokensOf(document: Record<string, unknown>): unknown[] {
  const canary = document.canary;
  if (typeof canary !== 'object' || canary === null) return [];
  const tokens = (canary as { tokens?: unknown }).tokens;
  return Array.isArray(tokens) ? tokens : [];
}

/** The file's new text: `current` (or the shipped file) plus one token table. Throws CliError when it would not parse. */
export function withToken(current: string | null, label: string, value: string): string {
  const base = current ?? '# Durable canaries, read at daemon start over the shipped canary.toml (`svc canary add --durable`).\n';
  let before: Record<string, unknown>;
  try {
    before = parse(base);
  } catch (error) {
    throw new CliError(EXIT.failure, `${CANARY_FILE} does not parse: ${(error as Error).message}`, 'fix the file first; nothing was written');
  }
  if (tokensOf(before).some((t) => typeof t === 'object' && t !== null && (t as { value?: unknown }).value === value)) {
    throw new CliError(EXIT.failure, `${CANARY_FILE} already holds this value`);
  }
  const entry = `\n[[canary.tokens]]\n${stringify({ label, value })}\n`;
  const next = `${base.endsWith('\n') || base === '' ? base : `${base}\n`}${entry}`;
  let after: Record<string, unknown>;
  try {
    after = parse(next);
  } catch (error) {
    throw new CliError(EXIT.failure, `cannot add the entry to ${CANARY_FILE}: ${(error as Error).message}`, 'the file uses a form svc cannot append to; add the [[canary.tokens]] entry by hand');
  }
  if (tokensOf(after).length !== tokensOf(before).length + 1) {
    throw new CliError(EXIT.failure, `cannot add the entry to ${CANARY_FILE}: canary.tokens is not an array of tables there`);
  }
  return next;
}

export async function addDurableCanary(configDir: string, label: string, value: string): Promise<string> {
  const { readFile, mkdir } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const path = join(configDir, CANARY_FILE);
  const current = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw new CliError(EXIT.failure, `cannot read ${path}: ${error.message}`);
  });
  const next = withToken(current, label, value);
  await mkdir(join(configDir, 'filters'), { recursive: true, mode: 0o700 });
  await writeFileAtomic(path, next, 0o600);
  return path;
}
