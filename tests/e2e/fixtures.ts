import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { hasAuthCookie } from '../../src/lib/auth/cookies.ts';
import { pageRoutes, routeOf } from '../helpers/page-routes.ts';

/**
 * `test` with an accessibility audit built in: the page as the test left it is audited with
 * axe-core in light and in dark mode, on the page itself (no navigation, no new context), so
 * a test pays at most two audits however many pages it visits, and none when a journey before
 * it in the run (in any worker) left the same route, signed in or out as it is. Every page
 * route, for visitors and for members, is audited in both modes by accessibility.spec.ts.
 * Serious or critical violations fail the test.
 *
 * It also fails a test on any Content Security Policy violation the browser reports while
 * it runs (a `securitypolicyviolation` event in any document, or a console "Refused to …"),
 * so a script or style the policy would block never goes unnoticed.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * The rules whose verdict follows the colours: the ones a change of colour scheme can turn.
 * Everything else axe checks reads the document and its layout, which the scheme leaves alone
 * (the site's dark mode is CSS only), so the dark pass runs these alone.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = AxeResults['violations'][number];
type Scope = 'every rule' | 'colour rules';

function describe(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');
}

/**
 * Audits `page` as it is now with axe-core, in the page itself: axe is added to a document
 * once (adding it is dearer than most runs) and `axe.run` reports only the violations. The
 * site embeds no other origin's frames, so nothing runs per frame. Serious or critical
 * violations fail the test.
 */
export async function auditAccessibility(page: Page, label: string, scope: Scope = 'every rule'): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const runOnly = scope === 'every rule' ? { type: 'tag', values: AXE_TAGS } : { type: 'rule', values: COLOUR_RULES };
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    { runOnly, resultTypes: ['violations'] },
  );
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking, `Accessibility violations on ${label}:\n${describe(blocking)}`).toEqual([]);
}

/**
 * Audits `page` with every rule in light mode, then with the colour rules in dark mode. The
 * site follows the system's colour scheme as it changes, so the page is not loaded again.
 * The browser applies an emulated scheme at its next frame (the site's listener and then the
 * colour transitions it starts come with it), so the audit waits two frames, then takes every
 * transition to its end: axe reads the scheme's own colours, never a colour on the way.
 */
export async function auditInBothSchemes(page: Page, label: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(async () => {
      for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
      // An endless animation (a spinner, a pulse) is left running: it has no end to go to.
      for (const animation of document.getAnimations())
        if (Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity)) animation.finish();
    });
    await auditAccessibility(
      page,
      `${label} (${colorScheme})`,
      colorScheme === 'light' ? 'every rule' : 'colour rules',
    );
  }
}

/**
 * The options of a journey that runs as a returning visitor does: with the site's service
 * worker, which the journeys otherwise block (playwright.config.ts). For the journeys that
 * reload or come back to a page after a write, where a page the worker kept could show
 * what the write changed.
 */
export const RETURNING_VISITOR = { serviceWorkers: 'allow' } as const;

/** Runs in every document: reports each CSP violation to `__reportCspViolation`. */
function reportCspViolations(): void {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as { __reportCspViolation?: (line: string) => void }).__reportCspViolation;
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`,
      );
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

/**
 * Whether this test is the run's first to leave a route in a sign-in state (`key`): a journey
 * audits the page it leaves only then (accessibility.spec.ts audits every route for each
 * identity it renders for). Workers claim a key by creating a file named for it in the
 * project's output folder, which Playwright empties when a run starts; creating a file that
 * exists fails, so two workers never both claim one.
 */
function firstToLeave(key: string, outputDir: string): boolean {
  const dir = path.join(outputDir, '.left-and-audited');
  mkdirSync(dir, { recursive: true });
  try {
    closeSync(openSync(path.join(dir, createHash('sha256').update(key).digest('hex').slice(0, 32)), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
const ROUTES = pageRoutes().map(({ route }) => route);

export const test = base.extend({
  page: async ({ page, baseURL }, use, testInfo) => {
    const cspViolations = await watchCspViolations(page);
    waitForEagerIslandsAfterNavigation(page);
    const origin = new URL(baseURL ?? 'http://localhost').origin;

    await use(page);

    expect(cspViolations, `Content Security Policy violations:\n${cspViolations.join('\n')}`).toEqual([]);
    const left = page.isClosed() ? undefined : new URL(page.url());
    if (left && left.origin === origin && !left.pathname.startsWith('/api/')) {
      const cookies = await page.context().cookies();
      const signedIn = hasAuthCookie(cookies.map(({ name, value }) => `${name}=${value}`).join('; '));
      const key = `${routeOf(left.pathname, ROUTES) ?? left.pathname} ${signedIn ? 'signed in' : 'signed out'}`;
      if (firstToLeave(key, testInfo.project.outputDir))
        await auditInBothSchemes(page, `${left.href} (as the test left it)`);
    }
  },
});

export { expect };

/** React's chunks as the build names them (client, jsx-runtime, mount, react…); a module of ours named x.client.ts is no React. */
export const REACT_CHUNK = /\/_astro\/(client|jsx-runtime|mount|react[\w-]*)\.[\w-]+\.js$/i;

/**
 * Makes `page.goto` and `page.reload` also wait until every `client:load` island has
 * hydrated. A user who clicks a controlled input before React takes over sees the click
 * undone; a test that does the same fails on a slow machine only, so the suite waits as
 * a user waits for a page that has finished loading.
 */
function waitForEagerIslandsAfterNavigation(page: Page): void {
  const pending = eagerIslandsPending(page);
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

/** The `client:load` islands of `page` that have not hydrated yet. */
export function eagerIslandsPending(page: Page): Locator {
  return page.locator('astro-island[ssr][client="load"]');
}
