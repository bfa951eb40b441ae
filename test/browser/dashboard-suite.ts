/**
 * The dashboard in a real browser against a real daemon: pair with a fresh
 * code, watch a queued call arrive live, approve it (the waiting caller gets
 * `allow`), deny another, page the audit log, create a canary, and take a
 * screenshot of every page into test-output/dashboard/<host>/. Console
 * errors and CSP violations fail the run.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_CONFIG } from '../conformance/context.ts';
import { QUEUED_CALL, digestClient } from '../conformance/digest-client.ts';
import { launchHost, type HostKind, type RunningHost } from '../support/host-process.ts';
import { launchChromium, type Browser } from './chromium.ts';
import { showPage, watchPage, type PageWatch } from './page-watch.ts';

const OUTPUT = resolve(import.meta.dirname, '../../test-output/dashboard');
const ALLOWED_CALL = { type: 'FileRead', path: '/home/dev/project/README.md' };
const PAGES = ['overview', 'digest', 'audit', 'sessions', 'canaries', 'analytics', 'policies', 'sync', 'notifications', 'settings'];

/** Failures the flow provokes on purpose: the Pro routes on a Community licence (the reused pairing code is its own page). */
const EXPECTED_FAILURES = [
  { path: /^\/api\/(analytics\/v2\/pro|policies|sync\/status|sync\/configs|notifications\/(channels|status))$/, status: 403 },
];

export function dashboardSuite(kind: HostKind): void {
  describe(`the dashboard on the ${kind} host, in chromium`, () => {
    let host: RunningHost;
    let browser: Browser;
    let page: Page;
    let watch: PageWatch;
    let client: Awaited<ReturnType<typeof digestClient>>;
    const shots = join(OUTPUT, kind);

    beforeAll(async () => {
      await mkdir(shots, { recursive: true });
      [host, browser] = await Promise.all([launchHost(kind, { files: { 'config.toml': SHARED_CONFIG } }), launchChromium()]);
      client = await digestClient(host.baseUrl, host.configDir);
      page = await browser.context.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      watch = await watchPage(page);
      watch.expect(EXPECTED_FAILURES);
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await host?.stop();
    });

    const show = (name: string) => showPage(page, host.baseUrl, name);

    it('pairs with a fresh code from the IPC route and removes it from the address bar', async () => {
      const { body } = await client.ipcPost('/api/ipc/dashboard/pair-code');
      await page.goto(`${host.baseUrl}/#pair=${body.code}`);
      await page.getByRole('navigation', { name: 'Pages' }).waitFor();
      expect(page.url()).not.toContain('pair=');
      expect(await page.evaluate(() => sessionStorage.getItem('svc.dashboard.token'))).toBe(client.dashboard);
      // The code is spent: a second tab with the same link is told so.
      const other = await browser.context.newPage();
      const otherWatch = await watchPage(other);
      otherWatch.expect([{ path: /^\/api\/dashboard\/pair$/, status: 401 }]);
      await other.goto(`${host.baseUrl}/#pair=${body.code}`);
      await other.getByText('this pairing link was already used — run `svc pair` for a new one').waitFor();
      expect(otherWatch.problems).toEqual([]);
      expect(await otherWatch.collect()).toEqual([]);
      await other.close();
    });

    it('shows a decision live on the overview', async () => {
      await show('overview');
      await client.evaluate(ALLOWED_CALL, { session_id: randomUUID() });
      await page.locator('.ticker li', { hasText: 'FileRead' }).first().waitFor();
      await page.screenshot({ path: join(shots, 'overview.png'), fullPage: true });
    });

    it('shows a queued call arriving live; approving it gives the waiting caller allow; d denies another', async () => {
      await show('digest');
      const session = randomUUID();
      const first = await client.queue(session);
      await page.locator(`#item-${first}`).waitFor();
      const waiting = client.ipcGet(`/api/ipc/digest/items/${first}/wait?timeout_ms=30000`);
      await page.locator(`#item-${first}`).click();
      await page.getByLabel('Notes (optional, stored with the review)').fill('looks fine');
      await page.getByRole('button', { name: /^Approve/ }).click();
      const resolved = await waiting;
      expect(resolved.body.item.outcome).toBe('allow');
      expect(resolved.body.item.reviewer_notes).toBe('looks fine');
      await page.locator(`#item-${first}`).waitFor({ state: 'detached' });

      const second = await client.queue(session, { ...QUEUED_CALL, path: '/home/dev/.zshrc' });
      // The queue and the detail name the file first, and fold away the filters that found nothing.
      await page.locator(`#item-${second}`, { hasText: '/home/dev/.zshrc' }).click();
      await page.getByRole('definition').filter({ hasText: /^\S+ \/home\/dev\/\.zshrc$/ }).waitFor();
      await page.locator('.detail details summary', { hasText: /^\d+ filters? found nothing$/ }).waitFor();
      await page.screenshot({ path: join(shots, 'digest.png'), fullPage: true });
      await page.keyboard.press('d');
      await page.locator(`#item-${second}`).waitFor({ state: 'detached' });
      const denied = await client.ipcGet(`/api/ipc/digest/items/${second}`);
      expect(denied.body.status).toBe('denied');
    });

    it('pages the audit log and opens a record', async () => {
      for (let i = 0; i < 22; i++) await client.evaluate({ ...ALLOWED_CALL, path: `/home/dev/project/file-${i}.txt` }, { session_id: randomUUID() });
      await show('audit');
      await page.getByText(/Page 1 ·/).waitFor();
      await page.getByRole('button', { name: 'Older' }).click();
      await page.getByText(/Page 2 ·/).waitFor();
      await page.getByRole('button', { name: 'Newer' }).click();
      await page.getByText(/Page 1 ·/).waitFor();
      await page.locator('table.records tbody tr button').first().click();
      await page.getByRole('heading', { name: /^Record / }).waitFor();
      await page.screenshot({ path: join(shots, 'audit.png'), fullPage: true });
    });

    it('exports the audit log as CSV with the cold archives included', async () => {
      await page.getByLabel('Format').selectOption('csv');
      await page.getByLabel('include cold archives').check();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
      const file = join(shots, 'audit-export.csv');
      await download.saveAs(file);
      const text = await readFile(file, 'utf8');
      expect(text.split('\n')[0]).toContain('id');
      expect(text.split('\n').filter((line) => line.includes('/home/dev/project/file-')).length).toBe(22);
    });

    it('creates a canary and shows its value once', async () => {
      await show('canaries');
      await page.getByLabel('Label').fill('browser-test decoy');
      await page.getByRole('button', { name: 'Create canary' }).click();
      const value = (await page.getByLabel('canary value').textContent())?.trim() ?? '';
      expect(value).toMatch(/^[0-9a-f]{48}$/);
      await page.getByRole('cell', { name: 'browser-test decoy', exact: true }).waitFor();
      await page.getByRole('cell', { name: `${value.slice(0, 4)}…`, exact: true }).waitFor();
      await page.screenshot({ path: join(shots, 'canaries.png'), fullPage: true });
      const listed = await client.get('/api/canaries');
      expect(listed.body.items.map((c: { label: string }) => c.label)).toContain('browser-test decoy');
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await page.getByRole('button', { name: 'Rotate browser-test decoy' }).click();
      const rotated = (await page.getByLabel('canary value').textContent())?.trim() ?? '';
      expect(rotated).toMatch(/^[0-9a-f]{48}$/);
      expect(rotated).not.toBe(value);
      await page.getByRole('cell', { name: `${rotated.slice(0, 4)}…`, exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete browser-test decoy' }).click();
      await page.getByText('No canaries yet.').waitFor();
      expect((await client.get('/api/canaries')).body.total).toBe(0);
    });

    it('shows a supervised session arriving live and kills it', async () => {
      await show('sessions');
      const registered = await client.ipcPost('/api/ipc/sessions', { tool_name: 'claude-code', root_pid: 4242, project_name: 'browser-test' });
      expect(registered.status).toBe(201);
      const id = registered.body.id as string;
      const row = page.getByRole('row').filter({ hasText: 'browser-test' });
      await row.waitFor();
      await page.screenshot({ path: join(shots, 'sessions.png'), fullPage: true });
      await row.getByRole('button', { name: /^Kill session/ }).click();
      await row.getByText('terminating').waitFor();
      expect((await client.get(`/api/supervisor/sessions/${id}`)).body.state).toBe('terminating');
    });

    it('renders every other page without an error', async () => {
      for (const name of PAGES.filter((p) => !['overview', 'digest', 'audit', 'canaries', 'sessions'].includes(p))) {
        await show(name);
        // A Community licence: the Pro pages say what Pro would unlock instead of breaking.
        if (['policies', 'sync', 'notifications'].includes(name)) await page.getByText('is part of svc Pro').first().waitFor();
        if (name === 'analytics') await page.getByText('Analytics over 30 and 90 days is part of svc Pro').waitFor();
        if (name === 'settings') await page.getByLabel('Auto-allow below (0–10)').waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
      }
      await page.emulateMedia({ colorScheme: 'dark' });
      await show('overview');
      await page.screenshot({ path: join(shots, 'overview-dark.png'), fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });
    });

    it('labels every control on every page', async () => {
      for (const name of PAGES) {
        await show(name);
        await page.waitForLoadState('networkidle');
        const unlabelled = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('input, select, textarea, button')]
            .filter((el) => {
              const labels = (el as HTMLInputElement).labels;
              const named = (labels && labels.length > 0) || el.getAttribute('aria-label') || (el.tagName === 'BUTTON' && el.textContent?.trim());
              return !named;
            })
            .map((el) => el.outerHTML.slice(0, 80)),
        );
        expect(unlabelled, name).toEqual([]);
      }
    });

    it('signs out: the token leaves sessionStorage', async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('This tab is not paired with the daemon').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('svc.dashboard.token'))).toBeNull();
    });

    it('logged no console error and no CSP violation', async () => {
      expect([...watch.problems, ...(await watch.collect())]).toEqual([]);
    });
  });
}
