import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  clip,
  SHARE_IMAGE,
  shareImageAlt,
  shareImageTree,
  titleSize,
  type ShareImageContent,
  type ShareNode,
} from './share-image.ts';
import { renderShareImage, shareImageSvg } from './share-image.server.ts';

const content: ShareImageContent = {
  siteName: 'Critical Hit',
  username: 'pat_01',
  displayName: 'Pat <script>&',
  year: 2025,
  gamesFinished: 12,
  gamesPlayed: 20,
  hours: 140.5,
  reviews: 1,
  lists: 2,
  best: { title: 'A Very Long Game Title That Goes On And On Past The Edge Of The Picture', rating: 9 },
  genre: 'Role-playing (RPG)',
  platform: 'PC (Microsoft Windows)',
};

/** Every text of the tree, in order. */
const texts = (node: ShareNode): string[] => {
  const children = node.props.children ?? [];
  return typeof children === 'string' ? [children] : children.flatMap(texts);
};

/** The node whose text is `text`. */
const nodeOf = (node: ShareNode, text: string): ShareNode | undefined => {
  const children = node.props.children ?? [];
  if (children === text) return node;
  return typeof children === 'string' ? undefined : children.map((child) => nodeOf(child, text)).find(Boolean);
};

/**
 * The brightest pixel where the heading's capitals stand (above the line where a missing
 * glyph's small box would be), with `svg` rendered by sharp in a process whose fontconfig
 * knows no font at all, as on a server without system fonts.
 */
function headingBrightnessWithoutFonts(svg: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'share-fonts-'));
  const config = join(dir, 'fonts.conf');
  writeFileSync(config, '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n');
  const script = `import sharp from 'sharp';
let svg = '';
for await (const chunk of process.stdin) svg += chunk;
const png = await sharp(Buffer.from(svg)).png().toBuffer();
const region = await sharp(png).extract({ left: 80, top: 140, width: 560, height: 30 }).greyscale().raw().toBuffer();
process.stdout.write(String(Math.max(...region)));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    input: svg,
    cwd: import.meta.dirname,
    env: { ...process.env, FONTCONFIG_FILE: config, FONTCONFIG_PATH: dir },
    encoding: 'utf8',
  });
  expect(child.status, child.stderr).toBe(0);
  return Number(child.stdout);
}

describe('the year-in-review picture', () => {
  it('says what the page says, with names cut to fit', async () => {
    const words = texts(shareImageTree(content));
    expect(words).toContain('Pat <script>&’s 2025');
    expect(await shareImageSvg(content)).not.toContain('<script>');
    expect(words).toContain('12');
    expect(words).toContain('140.5');
    expect(words).toContain('Most played genre: Role-playing (RPG)');
    expect(words).toContain(`Best rated: ${clip(content.best!.title, 40)} (4.5/5)`);
    expect(clip(content.best!.title, 40)).toHaveLength(40);
    expect(shareImageAlt(content)).toBe(
      "Pat <script>&'s 2025 in review on Critical Hit; 12 games finished; 140.5 hours; 1 review written; 2 lists made; best rated: A Very Long Game Title That Goes On And On Past The Edge Of The Picture (4.5/5); most played genre: Role-playing (RPG); most played platform: PC (Microsoft Windows).",
    );
  });

  it('renders to a PNG of the Open Graph size, small enough to share', async () => {
    const png = await renderShareImage(`test:${Date.now()}`, content);
    const metadata = await sharp(png).metadata();
    expect(metadata.format).toBe('png');
    expect([metadata.width, metadata.height]).toEqual([SHARE_IMAGE.width, SHARE_IMAGE.height]);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.byteLength).toBeLessThan(200_000);
  });

  it('draws a year without a best-rated game, genre or platform', async () => {
    const bare = { ...content, best: null, genre: null, platform: null, gamesFinished: 1, hours: 1 };
    expect(texts(shareImageTree(bare)).join(' ')).not.toContain('Most played');
    expect(texts(shareImageTree(bare))).toContain('game finished');
    const png = await renderShareImage(`test-bare:${Date.now()}`, bare);
    expect((await sharp(png).metadata()).width).toBe(SHARE_IMAGE.width);
  });
});

describe('the picture’s heading', () => {
  it('shrinks for a long name so it stays inside the margins', () => {
    expect(titleSize('Pat’s 2025')).toBe(64);
    const long = `${clip('A Very Long Display Name Indeed Of Thirty Two', 32)}’s 2025`;
    expect(titleSize(long) * 0.66 * [...long].length).toBeLessThanOrEqual(1040);
    const tree = shareImageTree({ ...content, displayName: 'A Very Long Display Name Indeed Of Thirty Two' });
    expect(nodeOf(tree, long)?.props.style.fontSize).toBe(titleSize(long));
  });
});

describe('the picture without system fonts', () => {
  it('writes every letter as a path, drawn where fontconfig has no font', async () => {
    const svg = await shareImageSvg(content);
    expect(svg).not.toMatch(/<text[\s>]/);
    expect(svg).toMatch(/<path /);
    expect(headingBrightnessWithoutFonts(svg)).toBeGreaterThan(200);
    // The same heading as SVG text draws nothing there: fontconfig really had no font.
    const asText = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#0f172a"/><text x="80" y="190" font-size="64" font-weight="700" fill="#ffffff" font-family="sans-serif">Pat’s 2025</text></svg>`;
    expect(headingBrightnessWithoutFonts(asText)).toBeLessThan(60);
  });
});
