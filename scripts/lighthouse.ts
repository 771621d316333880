// `npm run lighthouse`: Lighthouse (mobile, its default) scores for /, /games, a game page
// and /reviews, against the built node server on a fresh demo database (.data/lighthouse,
// port 4612 or LIGHTHOUSE_PORT). Targets: performance >= 95; accessibility, best practices
// and SEO = 100. Chromium comes from Debian (/usr/bin/chromium) or CHROME_PATH.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PORT = Number(process.env.LIGHTHOUSE_PORT) || 4612;
const HOST = '127.0.0.1';
const DIR = '.data/lighthouse';
const PAGES = ['/', '/games', '/games/grand-theft-auto-v', '/reviews'];
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
const rows: string[][] = [];
let missed = 0;
try {
  for (const path of PAGES) {
    // First visit warms the route cache, as a real visitor after the first would find it.
    await fetch(`${base}${path}`);
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const scores = CATEGORIES.map((category) => Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
    scores.forEach((score, i) => {
      if (score < TARGETS[CATEGORIES[i]!]) missed += 1;
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
    rows.push([path, ...scores.map(String), failing.slice(0, 6).join(', ')]);
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
