/** `{config_dir}/daemon.log` rotates by size and keeps a bounded number of old files. */
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRotatingLog } from '../../cli/daemon/rotating-log.ts';

describe('daemon.log rotation', () => {
  it('a write past maxBytes moves the log to .1, shifts older files, and keeps at most `keep` of them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-log-'));
    const path = join(dir, 'daemon.log');
    const log = createRotatingLog(path, { maxBytes: 100, keep: 2 });
    for (let i = 0; i < 10; i++) log.write(Buffer.from(`${String(i).repeat(59)}\n`)); // 60 bytes: one line per file
    log.close();
    expect((await readdir(dir)).sort()).toEqual(['daemon.log', 'daemon.log.1', 'daemon.log.2']);
    expect(await readFile(path, 'utf8')).toBe(`${'9'.repeat(59)}\n`);
    expect(await readFile(`${path}.1`, 'utf8')).toBe(`${'8'.repeat(59)}\n`);
    expect(await readFile(`${path}.2`, 'utf8')).toBe(`${'7'.repeat(59)}\n`);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('appends to an existing log and counts its size', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-log-'));
    const path = join(dir, 'daemon.log');
    const first = createRotatingLog(path, { maxBytes: 100 });
    first.write(Buffer.from('a'.repeat(80)));
    first.close();
    const second = createRotatingLog(path, { maxBytes: 100 });
    second.write(Buffer.from('b'.repeat(30)));
    second.close();
    expect(await readFile(`${path}.1`, 'utf8')).toBe('a'.repeat(80));
    expect(await readFile(path, 'utf8')).toBe('b'.repeat(30));
  });
});
