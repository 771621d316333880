import { describe, expect, it } from 'vitest';
import {
  COVER_SIZES,
  coverPlaceholder,
  coverSources,
  coverVariantName,
  igdbCoverImageId,
  igdbCoverSources,
} from './covers.ts';
import { COVER_WIDTHS, GAME_COVER_IMAGE } from './images.ts';

const base = 'https://project.supabase.co/storage/v1/object/public/game-covers/42/';
const version = '0123456789abcdef';

describe('the cover variant set', () => {
  it('is four 3:4 widths in AVIF and WebP, named by width', () => {
    expect(COVER_WIDTHS).toEqual([150, 300, 450, 600]);
    expect(GAME_COVER_IMAGE.formats).toEqual(['avif', 'webp']);
    expect(GAME_COVER_IMAGE.variants.map((v) => [v.name, v.width, v.height, v.fit])).toEqual([
      ['w150', 150, 200, 'cover'],
      ['w300', 300, 400, 'cover'],
      ['w450', 450, 600, 'cover'],
      ['w600', 600, 800, 'cover'],
    ]);
    expect(coverVariantName(450, version, 'avif')).toBe(`cover-w450-${version}.avif`);
  });
});

describe('coverSources', () => {
  it('gives every width in both formats from the one stored URL, with a 300 px WebP fallback', () => {
    const sources = coverSources(`${base}cover-w600-${version}.webp`);
    expect(sources).toEqual({
      src: `${base}cover-w300-${version}.webp`,
      avifSrcset: [150, 300, 450, 600].map((w) => `${base}cover-w${w}-${version}.avif ${w}w`).join(', '),
      webpSrcset: [150, 300, 450, 600].map((w) => `${base}cover-w${w}-${version}.webp ${w}w`).join(', '),
      width: 300,
      height: 400,
    });
  });

  it('works from any variant of the set, on the local storage service too', () => {
    const local = 'http://localhost:4321/storage/v1/object/public/game-covers/7/';
    expect(coverSources(`${local}cover-w150-${version}.avif`)?.src).toBe(`${local}cover-w300-${version}.webp`);
  });

  it('leaves other URLs alone: older uploads, outside images, unknown widths, no URL', () => {
    expect(coverSources(`${base}cover-600-${version}.webp`)).toBeNull();
    expect(coverSources('https://images.igdb.com/igdb/image/upload/t_cover_big/co1wyy.jpg')).toBeNull();
    expect(coverSources(`${base}cover-w700-${version}.webp`)).toBeNull();
    expect(coverSources(`${base}cover-w600-${version}.webp?x=1`)).toBeNull();
    expect(coverSources(null)).toBeNull();
    expect(coverSources('')).toBeNull();
  });
});

describe('sizes and placeholders', () => {
  it('has a sizes value for each way a cover is drawn', () => {
    expect(Object.keys(COVER_SIZES)).toEqual(['page', 'card', 'wall', 'thumb']);
    expect(COVER_SIZES.page).toBe('(min-width: 768px) 16rem, 12rem');
  });

  it('gives the same title the same initials and hue', () => {
    expect(coverPlaceholder('Portal 2')).toEqual(coverPlaceholder('Portal 2'));
    expect(coverPlaceholder('The Legend of Zelda: Breath of the Wild').initials).toBe('TL');
    expect(coverPlaceholder('Half-Life').initials).toBe('HL');
  });
});

describe("covers on IGDB's CDN", () => {
  const igdb = 'https://images.igdb.com/igdb/image/upload';

  it('are recognised by their image id in any size, and nothing else is', () => {
    expect(igdbCoverImageId(`${igdb}/t_cover_big/co1wyy.jpg`)).toBe('co1wyy');
    expect(igdbCoverImageId(`${igdb}/t_1080p/co1wyy.jpg`)).toBe('co1wyy');
    expect(igdbCoverImageId(`http://images.igdb.com/igdb/image/upload/t_cover_big/co1wyy.jpg`)).toBeNull();
    expect(igdbCoverImageId(`https://images.igdb.com.example/igdb/image/upload/t_cover_big/co1wyy.jpg`)).toBeNull();
    expect(igdbCoverImageId(`${igdb}/t_cover_big/../co1wyy.jpg`)).toBeNull();
    expect(igdbCoverImageId(`${base}cover-w600-${version}.webp`)).toBeNull();
    expect(igdbCoverImageId(null)).toBeNull();
  });

  it("are drawn in IGDB's cover sizes, 3:4", () => {
    expect(igdbCoverSources(`${igdb}/t_cover_big/co1wyy.jpg`)).toEqual({
      src: `${igdb}/t_cover_big/co1wyy.jpg`,
      srcset: `${igdb}/t_cover_small/co1wyy.jpg 90w, ${igdb}/t_cover_big/co1wyy.jpg 264w, ${igdb}/t_cover_big_2x/co1wyy.jpg 528w`,
      width: 264,
      height: 352,
    });
    expect(igdbCoverSources('https://images.example.com/halo.jpg')).toBeNull();
  });
});
