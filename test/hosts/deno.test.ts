import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { allSuites, hostContext } from '../conformance/index.ts';

describe('Deno host', () => {
  const ctx = hostContext('deno', { tls: true, fileMirror: true, parserErrors: false });
  for (const suite of allSuites) suite(ctx);

  it('adapters/deno type-checks under `deno check` (tsc does not know Deno)', async () => {
    const deno = (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();
    const { stderr } = await promisify(execFile)(deno, ['check', '--quiet', '--config=deno.json', 'adapters/deno/main.ts'], {
      env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' },
    }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }));
    expect(stderr).toBe('');
  });
});
