/**
 * The dashboard with a Pro licence and `dashboard_auth = false`: no pairing
 * is needed, the Pro pages show their data (analytics tables and chart,
 * policies, sync, notifications), a policy is created and a notification
 * test is sent from the page. Screenshots land beside the Community ones.
 */
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_CONFIG } from '../conformance/context.ts';
import { createLicenceMinter } from '../conformance/pro-licence.ts';
import { startReceiver, type Receiver } from '../conformance/pro-receiver.ts';
import { digestClient } from '../conformance/digest-client.ts';
import { launchHost, type HostKind, type RunningHost } from '../support/host-process.ts';
import { launchChromium, type Browser } from './chromium.ts';
import { showPage, watchPage, type PageWatch } from './page-watch.ts';

const OUTPUT = resolve(import.meta.dirname, '../../test-output/dashboard');
const SECRET = 'browser-test-secret';

export function proSuite(kind: HostKind): void {
  describe(`the dashboard on the ${kind} host with a Pro licence and dashboard_auth = false`, () => {
    let host: RunningHost;
    let browser: Browser;
    let receiver: Receiver;
    let page: Page;
    let watch: PageWatch;
    const shots = join(OUTPUT, kind);

    beforeAll(async () => {
      receiver = await startReceiver(SECRET);
      const minter = await createLicenceMinter();
      const config = [
        SHARED_CONFIG,
        '[server]',
        'dashboard_auth = false',
        '[[notifications.channels]]',
        'id = "ops"',
        'type = "webhook"',
        `url = "${receiver.url}"`,
        `secret = "${SECRET}"`,
        '',
      ].join('\n');
      [host, browser] = await Promise.all([
        launchHost(kind, {
          files: { 'config.toml': config, 'license.json': await minter.mint(), 'sync/10-base.json': JSON.stringify({ proxy: { auto_allow_threshold: 2.5 } }) },
          env: minter.env,
        }),
        launchChromium(),
      ]);
      page = await browser.context.newPage();
      watch = await watchPage(page);
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await host?.stop();
      await receiver?.close();
    });

    const show = (name: string) => showPage(page, host.baseUrl, name);

    it('needs no pairing: the page opens on the overview and reads', async () => {
      const client = await digestClient(host.baseUrl, host.configDir).catch(() => null);
      expect(client).toBeNull(); // no dashboard.token is written in this mode
      await page.goto(`${host.baseUrl}/`);
      await page.getByRole('navigation', { name: 'Pages' }).waitFor();
      await page.getByText('pro', { exact: true }).first().waitFor();
    });

    it('shows the Pro analytics tables and chart with their freshness', async () => {
      const daemon = (await import('node:fs/promises')).readFile(join(host.configDir, 'daemon.token'), 'utf8');
      const token = (await daemon).trim();
      for (let i = 0; i < 3; i++) {
        await fetch(`${host.baseUrl}/api/proxy/evaluate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tool_call: { type: 'HttpRequest', method: 'GET', url: `https://example.com/${i}` }, session_id: randomUUID() }),
        });
      }
      await show('analytics');
      await page.getByRole('heading', { name: '30 and 90 days' }).waitFor();
      await page.getByRole('heading', { name: /^30 days/ }).waitFor();
      await page.getByText(/^Data through/).first().waitFor();
      await page.screenshot({ path: join(shots, 'pro-analytics.png'), fullPage: true });
    });

    it('creates a policy from the policy editor', async () => {
      await show('policies');
      await page.getByRole('button', { name: 'New policy' }).click();
      await page.getByLabel('Name (letters, digits, hyphens)').fill('browser-policy');
      await page.getByLabel('Description').fill('made in the browser test');
      await page.getByLabel('Allowed domains (one per line)').fill('example.com\nexample.org');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('browser-policy').first().waitFor();
      const stored = await (await fetch(`${host.baseUrl}/api/policies/browser-policy`, { headers: { 'x-svc-csrf': 'svc-dashboard' } })).json();
      expect(stored).toMatchObject({ name: 'browser-policy', version: 1, rules: { allowlists: { domains: ['example.com', 'example.org'] } } });
      await page.screenshot({ path: join(shots, 'pro-policies.png'), fullPage: true });
    });

    it('shows sync status and sends a notification test', async () => {
      await show('sync');
      await page.getByText('10-base.json').waitFor();
      await page.screenshot({ path: join(shots, 'pro-sync.png'), fullPage: true });
      await show('notifications');
      await page.getByRole('button', { name: 'Send a test to ops' }).click();
      await page.getByText(/^delivered in \d+ ms$/).waitFor();
      expect(receiver.received.length).toBeGreaterThan(0);
      expect(receiver.received.at(-1)!.signatureValid).toBe(true);
      await page.screenshot({ path: join(shots, 'pro-notifications.png'), fullPage: true });
    });

    it('logged no console error and no CSP violation', async () => {
      expect([...watch.problems, ...(await watch.collect())]).toEqual([]);
    });
  });
}
