import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clip, SHARE_IMAGE, shareImageAlt, shareImageSvg, titleSize, type ShareImageContent } from './share-image.ts';
import { renderShareImage } from './share-image.server.ts';

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

describe('the year-in-review picture', () => {
  it('says what the page says, with names escaped and cut to fit', () => {
    const svg = shareImageSvg(content);
    expect(svg).toContain('Pat &lt;script&gt;&amp;’s 2025');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('>12</text>');
    expect(svg).toContain('>140.5</text>');
    expect(svg).toContain('Most played genre: Role-playing (RPG)');
    expect(svg).toContain(`Best rated: ${clip(content.best!.title, 40)} (4.5/5)`);
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
    expect(shareImageSvg(bare)).not.toContain('Most played');
    expect(shareImageSvg(bare)).toContain('game finished');
    const png = await renderShareImage(`test-bare:${Date.now()}`, bare);
    expect((await sharp(png).metadata()).width).toBe(SHARE_IMAGE.width);
  });
});

describe('the picture’s heading', () => {
  it('shrinks for a long name so it stays inside the margins', () => {
    expect(titleSize('Pat’s 2025')).toBe(64);
    const long = `${clip('A Very Long Display Name Indeed Of Thirty Two', 32)}’s 2025`;
    expect(titleSize(long) * 0.66 * [...long].length).toBeLessThanOrEqual(1040);
    expect(shareImageSvg({ ...content, displayName: 'A Very Long Display Name Indeed Of Thirty Two' })).toContain(
      `font-size="${titleSize(long)}"`,
    );
  });
});
