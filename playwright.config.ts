import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// End-to-end journeys against the built node server (`npm run build` first; `npm test`
// does it) on a fresh embedded database under .data/e2e. The browser is Chromium's headless
// shell from Debian (/usr/bin/chromium-headless-shell), as Playwright itself runs headless
// Chromium: the full browser in headless mode starts more processes for each new context
// and page, and costs the suite more CPU than anything it tests. CHROME_PATH overrides it;
// the full Chromium, then Playwright's own browser, are the fallbacks elsewhere.
const port = Number(process.env.E2E_PORT) || 4399;
export const baseURL = `http://localhost:${port}`;
export const E2E_GOOGLE_CLIENT_ID = 'e2e-test-client.apps.googleusercontent.com';
/** Lets the journeys run a scheduled job through /api/cron/{job}, as Vercel Cron does. */
export const E2E_CRON_SECRET = 'e2e-cron-secret-for-the-journeys';
const CATALOGUE_WRITERS = /(admin|api-inventory)\.spec\.ts$/;
const executablePath =
  process.env.CHROME_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A journey ends with two axe audits of the page it leaves (fixtures.ts), whatever it visited.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace costs every test about a tenth of its time, and CI keeps none of them:
    // to see a failure step by step, run it again with `--trace retain-on-failure`.
    trace: 'off',
    // A journey is a first visit, and the site's service worker (installed on each visit's
    // first page, then answering the rest) is a cost every test pays for nothing it checks. The
    // journeys that reload or come back to a page after a write, where a kept copy could
    // show what the write changed, run with it, as a returning visitor has it
    // (RETURNING_VISITOR in fixtures.ts), and site.spec.ts tests the worker itself.
    serviceWorkers: 'block',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      // Flags for a root sandbox without network: no sandbox, and no background calls home.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Journeys that add games to the shared catalogue (administrators creating, approving and
  // merging games, the API inventory's rows) run after the rest, whose counts are the demo catalogue's.
  projects: [
    { name: 'journeys', testIgnore: CATALOGUE_WRITERS },
    { name: 'catalogue-writers', testMatch: CATALOGUE_WRITERS, dependencies: ['journeys'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: 'localhost',
      PGLITE_DIR: '.data/e2e',
      STORAGE_DIR: '.data/e2e-storage',
      // Google sign-in against the local stand-in key set (scripts/e2e-server.ts).
      PUBLIC_GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      // Every journey signs in, confirms its email and refreshes its session from the same
      // address; Supabase's 30 per 5 minutes would throttle the suite itself, which signs up
      // an account for most journeys (the limits are tested in
      // tests/integration/auth-conformance.test.ts).
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
      AUTH_RATE_LIMIT_VERIFY: '100000',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
      AUTH_RATE_LIMIT_EMAIL_PER_CLIENT: '100000',
      AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
      CRON_SECRET: E2E_CRON_SECRET,
    },
  },
});
