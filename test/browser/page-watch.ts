/**
 * Watches a page for what must fail the test: console errors, uncaught
 * exceptions and Content-Security-Policy violations. Failed API answers the
 * test provokes on purpose (a used pairing code, a Pro route on Community,
 * a route this build does not have) are listed by the test, by path and status.
 */
import type { Page } from 'playwright-core';

export interface ExpectedFailure {
  path: RegExp;
  status: number;
}

export interface PageWatch {
  problems: string[];
  /** Adds answers that are expected to fail from now on. */
  expect(failures: ExpectedFailure[]): void;
  /** Collects CSP violations the page recorded (call before asserting). */
  collect(): Promise<string[]>;
}

/** Installs the watchers; call before the first navigation. */
export async function watchPage(page: Page): Promise<PageWatch> {
  const problems: string[] = [];
  const expected: ExpectedFailure[] = [];
  const failedResponses = new Map<string, number>();
  await page.addInitScript(() => {
    const store: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = store;
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failedResponses.set(response.url(), response.status());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    const status = failedResponses.get(url);
    if (/Failed to load resource/.test(message.text()) && status !== undefined) {
      const path = new URL(url).pathname;
      if (expected.some((e) => e.status === status && e.path.test(path))) return;
    }
    problems.push(`console: ${message.text()} (${url})`);
  });
  return {
    problems,
    expect(failures) {
      expected.push(...failures);
    },
    async collect() {
      const violations = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
      return violations.map((v) => `csp: ${v}`);
    },
  };
}

/** Opens the dashboard page `#/<name>` and waits for its heading. */
export async function showPage(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/#/${name}`);
  await page.getByRole('heading', { level: 1 }).filter({ hasText: new RegExp(name, 'i') }).waitFor();
}
