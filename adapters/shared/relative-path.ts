/**
 * Checks a config-dir-relative path for the FileStores that have no
 * `node:path` (Deno, the Worker): '/'-separated, not absolute, no '.' or '..'
 * segments, no backslashes. Returns the path without a trailing slash.
 */
export function assertRelativePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '' || trimmed.startsWith('/') || trimmed.includes('\\') || trimmed.includes('\0') || trimmed.split('/').some((p) => p === '..' || p === '.' || p === '')) {
    throw new Error(`refusing unsafe path ${JSON.stringify(path)}`);
  }
  return trimmed;
}
