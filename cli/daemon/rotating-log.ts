import { closeSync, fstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

export interface RotatingLog {
  write(chunk: Uint8Array): void;
  close(): void;
}

/**
 * An append-only log file that rotates by size: when a write would take
 * `path` past `maxBytes`, `path.N` becomes `path.N+1` (the oldest beyond
 * `keep` is removed), `path` becomes `path.1`, and writing goes on in a new
 * `path` (mode 0600: the daemon's log can name what agents did).
 */
export function createRotatingLog(path: string, options: { maxBytes?: number; keep?: number } = {}): RotatingLog {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const keep = options.keep ?? 3;
  let fd = openSync(path, 'a', 0o600);
  let size = fstatSync(fd).size;

  function rotate(): void {
    closeSync(fd);
    rmSync(`${path}.${keep}`, { force: true });
    for (let n = keep - 1; n >= 1; n--) {
      try {
        renameSync(`${path}.${n}`, `${path}.${n + 1}`);
      } catch {
        // that generation does not exist yet
      }
    }
    renameSync(path, `${path}.1`);
    fd = openSync(path, 'a', 0o600);
    size = 0;
  }

  return {
    write(chunk) {
      if (size > 0 && size + chunk.length > maxBytes) rotate();
      writeSync(fd, chunk);
      size += chunk.length;
    },
    close() {
      closeSync(fd);
    },
  };
}
