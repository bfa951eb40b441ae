import { spawn } from 'node:child_process';
import type { App } from '../../core/app.ts';
import type { Logger } from '../../core/deps.ts';

/** The line printed after the ready line: where the dashboard is. */
export function dashboardLine(baseUrl: string): string {
  return `svc dashboard: ${baseUrl}/ (run \`svc pair\` for a pairing link)`;
}

/**
 * Whether `npm start` may open a browser: `server.auto_open_dashboard` is on,
 * this is not CI, and there is a display (macOS and Windows always have one;
 * elsewhere DISPLAY or WAYLAND_DISPLAY), or `BROWSER` names a program.
 */
export function mayOpenBrowser(autoOpen: boolean, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean {
  if (!autoOpen) return false;
  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false') return false;
  if (env.BROWSER) return true;
  return platform === 'darwin' || platform === 'win32' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The program that opens a URL here: `$BROWSER`, else the platform's opener. */
function opener(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): [string, string[]] {
  if (env.BROWSER) return [env.BROWSER, []];
  if (platform === 'darwin') return ['open', []];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""']];
  return ['xdg-open', []];
}

/**
 * Opens `url` in a browser, detached; a missing opener is logged, never fatal.
 * The URL carries a fresh pairing code in its fragment.
 */
export function openBrowser(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform, warn: (message: string) => void): void {
  const [command, args] = opener(env, platform);
  try {
    const child = spawn(command, [...args, url], { stdio: 'ignore', detached: true });
    child.on('error', (error) => warn(`could not open the dashboard with ${command}: ${error.message}`));
    child.unref();
  } catch (error) {
    warn(`could not open the dashboard with ${command}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * After the ready line: prints where the dashboard is and, when allowed
 * (`mayOpenBrowser`), opens it once with a fresh pairing code minted through
 * the daemon's own IPC route. `bound` is the address the Host guard accepts.
 */
export async function announceDashboard(app: App, url: string, bound: { host: string; port: number }, autoOpen: boolean, log: Logger): Promise<void> {
  process.stdout.write(`${dashboardLine(url)}\n`);
  if (!mayOpenBrowser(autoOpen, process.env, process.platform)) return;
  const host = bound.host.includes(':') && !bound.host.startsWith('[') ? `[${bound.host}]` : bound.host;
  const minted = await app.fetch(
    new Request(`${url}/api/ipc/dashboard/pair-code`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.services.tokens.daemon}`, host: `${host}:${bound.port}` },
    }),
    { remoteAddress: '127.0.0.1' },
  );
  const { code } = (await minted.json()) as { code?: unknown };
  if (typeof code !== 'string') {
    log.warn('could not mint a pairing code to open the dashboard', { status: minted.status });
    return;
  }
  openBrowser(`${url}/#pair=${code}`, process.env, process.platform, (message) => log.warn(message));
}
