/**
 * Runs the real `svc` binary (bin/svc.mjs, as `npx svc` does) as a child
 * process with a config dir, and collects its exit code and output.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SVC = resolve(ROOT, 'bin/svc.mjs');

export interface SvcResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface SvcOptions {
  configDir?: string;
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. */
  input?: string;
  timeoutMs?: number;
}

/** `svc ...args` with `--config-dir` (when given) and no colour unless the env asks for it. */
export function svc(args: readonly string[], options: SvcOptions = {}): Promise<SvcResult> {
  const argv = options.configDir ? ['--config-dir', options.configDir, ...args] : [...args];
  const env: Record<string, string | undefined> = { ...process.env, SVC_CONFIG_DIR: undefined, NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env };
  const child = spawn(process.execPath, [SVC, ...argv], { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.input ?? '');
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`svc ${args.join(' ')} did not finish in ${options.timeoutMs ?? 45_000} ms\n${stderr}`));
    }, options.timeoutMs ?? 45_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** Parses stdout as JSON (the --json contract). */
export function json<T = Record<string, unknown>>(result: SvcResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`not JSON (exit ${result.code}): ${result.stdout}\n${result.stderr}`);
  }
}
