import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callPrograms, programNames, resolveBinaries } from '../../../cli/hook/resolve-binaries.ts';

describe('executables for the session inventory', () => {
  it('names the program of every segment of a command line, past assignments and prefixes', () => {
    expect(programNames('FOO=1 sudo -E curl -s https://x | sh && git status; (cd src && make) & echo $(whoami)')).toEqual(['curl', 'sh', 'git', 'cd', 'make', 'echo', 'whoami']);
    expect(callPrograms({ type: 'ShellExec', command: 'bash', args: ['-c', 'npm test | tee log'] })).toEqual(['bash', 'npm', 'tee']);
    expect(callPrograms({ type: 'FileRead', path: '/x' })).toEqual([]);
  });

  it('resolves names on PATH and hashes each file once (cached by path, size and mtime)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-bin-'));
    const tool = join(dir, 'mytool');
    await writeFile(tool, '#!/bin/sh\necho hi\n');
    await chmod(tool, 0o755);
    const cacheFile = join(dir, 'hook-binaries.json');
    const sha = createHash('sha256').update('#!/bin/sh\necho hi\n').digest('hex');
    const found = await resolveBinaries(['mytool', 'no-such-tool'], { pathVar: `/nonexistent:${dir}`, cwd: dir, cacheFile });
    expect(found).toEqual([{ name: 'mytool', path: tool, sha256: sha }]);
    expect(JSON.parse(await readFile(cacheFile, 'utf8'))[tool].sha256).toBe(sha);
  });
});
