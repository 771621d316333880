import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test';

/**
 * `test` with an accessibility audit built in: every page a test visits (each main-frame
 * navigation on the site's origin) is audited with axe-core afterwards, in light and in
 * dark mode, and the page as the test left it is audited too. Serious or critical
 * violations fail the test. Each URL is audited once per worker.
 *
 * It also fails a test on any Content Security Policy violation the browser reports while
 * it runs (a `securitypolicyviolation` event in any document, or a console "Refused to …"),
 * so a script or style the policy would block never goes unnoticed.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const audited = new Set<string>();

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describe(violations: Violation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
}

export async function auditAccessibility(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking, `Accessibility violations on ${label}:\n${describe(blocking)}`).toEqual([]);
}

async function auditUrl(browser: Browser, url: string, colorScheme: 'light' | 'dark'): Promise<void> {
  const key = `${colorScheme} ${url}`;
  if (audited.has(key)) return;
  audited.add(key);
  const context = await browser.newContext({ colorScheme });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await auditAccessibility(page, `${url} (${colorScheme})`);
  } finally {
    await context.close();
  }
}

/** Runs in every document: reports each CSP violation to `__reportCspViolation`. */
function reportCspViolations(): void {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as { __reportCspViolation?: (line: string) => void }).__reportCspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`);
    },
    true,
  );
}

/** Collects the CSP violations the browser reports in `page` from now on (a live list). */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (line: string) => violations.push(line));
  await page.addInitScript(reportCspViolations);
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

export const test = base.extend({
  page: async ({ page, browser, baseURL }, use) => {
    const cspViolations = await watchCspViolations(page);
    waitForEagerIslandsAfterNavigation(page);
    const origin = new URL(baseURL ?? 'http://localhost').origin;
    const visited = new Set<string>();
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = new URL(frame.url());
      if (url.origin === origin && !url.pathname.startsWith('/api/')) {
        url.hash = '';
        visited.add(url.href);
      }
    });

    await use(page);

    expect(cspViolations, `Content Security Policy violations:\n${cspViolations.join('\n')}`).toEqual([]);
    if (!page.isClosed() && visited.size > 0) await auditAccessibility(page, `${page.url()} (as the test left it)`);
    for (const url of visited) {
      await auditUrl(browser, url, 'light');
      await auditUrl(browser, url, 'dark');
    }
  },
});

export { expect };

/**
 * Makes `page.goto` and `page.reload` also wait until every `client:load` island has
 * hydrated. A user who clicks a controlled input before React takes over sees the click
 * undone; a test that does the same fails on a slow machine only, so the suite waits as
 * a user waits for a page that has finished loading.
 */
function waitForEagerIslandsAfterNavigation(page: Page): void {
  const pending = page.locator('astro-island[ssr][client="load"]');
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await expect(pending).toHaveCount(0);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await expect(pending).toHaveCount(0);
    return response;
  };
}

/**
 * Waits until the island around `locator` has hydrated (Astro drops the island's `ssr`
 * attribute then). Needed before acting on controls whose events React must see and that
 * give no visible sign of being live, such as a hidden file input.
 */
export async function expectHydrated(locator: Locator): Promise<void> {
  await expect(locator.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
}
