// `npm run lighthouse`: Lighthouse (mobile, its default) scores for /, /games, a game page,
// /reviews, the game's user reviews, a profile, a public list and, signed in as a demo
// account (LIGHTHOUSE_ACCOUNT, demo_premium by default), /dashboard; against the built node
// server on a fresh demo database (.data/lighthouse, port 4612 or LIGHTHOUSE_PORT).
// Targets: performance >= 95; accessibility, best practices and SEO = 100 (no SEO score for
// the dashboard: personal pages ask search engines not to index them). Chromium comes from
// Debian (/usr/bin/chromium) or CHROME_PATH.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD } from '../src/lib/seed/demo/accounts.server.ts';
import { clearBrowserCookies, cookieHeader, sampleList, setBrowserCookies, signIn } from './lighthouse-session.ts';

const PORT = Number(process.env.LIGHTHOUSE_PORT) || 4612;
const HOST = '127.0.0.1';
const DIR = '.data/lighthouse';
const GAME = '/games/grand-theft-auto-v';
const ACCOUNT = process.env.LIGHTHOUSE_ACCOUNT || 'demo_premium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

rmSync(DIR, { recursive: true, force: true });
rmSync(`${DIR}.lock`, { force: true });
const server = spawn(process.execPath, ['scripts/start.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST, PGLITE_DIR: DIR },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => {
  if (server.exitCode === null && server.pid) process.kill(server.pid, 'SIGTERM');
};
process.on('exit', stopServer);

const base = `http://${HOST}:${PORT}`;
for (let attempt = 0; ; attempt += 1) {
  if (attempt > 480 || server.exitCode !== null) throw new Error('the server did not start');
  const ok = await fetch(`${base}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);
  if (ok) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const session = await signIn(base, ACCOUNT, DEMO_PASSWORD);
/** The pages, signed out unless `signedIn`; personal pages have no SEO target (they are noindex). */
const PAGES: { path: string; signedIn?: true }[] = [
  { path: '/' },
  { path: '/games' },
  { path: GAME },
  { path: '/reviews' },
  { path: `${GAME}/user-reviews` },
  { path: `/${ACCOUNT}` },
  { path: await sampleList(base, ACCOUNT, session) },
  { path: '/dashboard', signedIn: true },
];

const rows: string[][] = [];
let missed = 0;
try {
  for (const { path, signedIn } of PAGES) {
    // First visit warms the route cache, as a real visitor after the first would find it.
    await fetch(`${base}${path}`, signedIn ? { headers: { cookie: cookieHeader(session) } } : {});
    if (signedIn) await setBrowserCookies(chrome.port, base, session);
    const categories = CATEGORIES.filter((category) => !(signedIn && category === 'seo'));
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (signedIn) await clearBrowserCookies(chrome.port);
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== path)
      throw new Error(`${path} ended on ${result.lhr.finalDisplayedUrl}, not on the page itself`);
    const scores = CATEGORIES.map((category) => {
      const score = result.lhr.categories[category]?.score;
      return categories.includes(category) ? Math.round((score ?? 0) * 100) : null;
    });
    scores.forEach((score, i) => {
      if (score !== null && score < TARGETS[CATEGORIES[i]!]) missed += 1;
    });
    const failing = Object.values(result.lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'manual',
      )
      .map((audit) => audit.id);
    const label = signedIn ? `${path} (signed in)` : path;
    rows.push([
      label,
      ...scores.map((score) => (score === null ? '-' : String(score))),
      failing.slice(0, 6).join(', '),
    ]);
  }
} finally {
  chrome.kill();
  stopServer();
}

const header = ['page', 'performance', 'accessibility', 'best-practices', 'seo', 'audits below 90'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
console.log(`\nLighthouse (mobile) on ${base}\n`);
console.log(header.map((h, i) => h.padEnd(widths[i]!)).join('  '));
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
console.log(
  `\nTargets: performance >= 95, accessibility, best practices and SEO = 100: ${missed === 0 ? 'met' : `${missed} score(s) below target`}`,
);
