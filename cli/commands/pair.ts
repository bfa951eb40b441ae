/**
 * `svc pair` (alias `svc dashboard`): mints a pairing code with the daemon
 * token (`POST /api/ipc/dashboard/pair-code`) and opens `{base_url}/#pair=<code>`
 * in the browser ($BROWSER when set), or prints it with --print or when no
 * browser can be opened.
 * The code stays in the URL fragment: it never reaches a server log.
 */
import type { Command } from 'commander';
import { action, withJson, type CliContext } from '../context.ts';

/** Whether this session can show a browser at all (a Linux box without a display cannot). */
export function canOpenBrowser(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY || env.WSL_DISTRO_NAME);
}

/** Opens `url` with $BROWSER when set (as gh and Python's webbrowser do), else the system's default browser. */
async function openInBrowser(url: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  try {
    const { default: open } = await import('open');
    const child = await open(url, env.BROWSER ? { app: { name: env.BROWSER } } : {});
    return await new Promise<boolean>((done) => {
      // an opener still running after a moment has launched the browser (`open` unrefs it, so this timer keeps us alive)
      const timer = setTimeout(() => done(true), 1500);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        done(ok);
      };
      child.once('error', () => finish(false));
      child.once('exit', (code) => finish(code === 0 || code === null));
    });
  } catch {
    return false;
  }
}

async function pair(ctx: CliContext, options: { print?: boolean; json?: boolean }): Promise<void> {
  const client = ctx.client();
  const { code } = await client.post<{ code: string }>('/api/ipc/dashboard/pair-code');
  const url = `${await client.url()}/#pair=${code}`;
  const opened = !options.print && !options.json && canOpenBrowser(process.env) && (await openInBrowser(url, process.env));
  ctx.out.result({ url, code, opened }, () => {
    if (opened) ctx.out.line(`Opened the dashboard in your browser. If it did not appear, open:\n  ${url}`);
    else ctx.out.line(`Open this address in your browser to pair the dashboard (single use):\n  ${url}`);
  });
}

export default function register(program: Command): void {
  withJson(program.command('pair'))
    .alias('dashboard')
    .description('Pair the browser dashboard: open {base_url}/#pair=<code> (or print it)')
    .option('--print', 'print the address instead of opening a browser')
    .action(action(pair));
}
