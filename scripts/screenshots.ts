// Screenshots of pages in Chromium, light and dark, narrow (390 px) and wide (1280 px):
//   node scripts/screenshots.ts http://localhost:4321 / /games /about
// PNGs go to test-results/screenshots/. Uses Debian's Chromium (or CHROME_PATH).
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:4321', ...paths] = process.argv.slice(2);
const outDir = 'test-results/screenshots';
await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const path of paths.length > 0 ? paths : ['/']) {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [390, 1280]) {
        const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
        await page.goto(new URL(path, base).href, { waitUntil: 'load' });
        const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${colorScheme}-${width}.png`;
        await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
        await page.close();
        console.log(`${outDir}/${name}`);
      }
    }
  }
} finally {
  await browser.close();
}
