import { chromium } from '@playwright/test';
const base = 'http://localhost:4422';
const pages: [string, string][] = [
  ['lists', '/lists'],
  ['leaderboard', '/leaderboard'],
  ['user-reviews', `/games/${process.argv[2]}/user-reviews`],
  ['profile', '/demo_mara_quill'],
  ['private-profile', '/demo_kit_delacroix'],
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const scheme of ['light', 'dark'] as const)
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
    const page = await context.newPage();
    for (const [name, path] of pages) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `/tmp/shots-community/${name}-${width}-${scheme}.png`, fullPage: width === 1280 });
    }
    await context.close();
  }
await browser.close();
