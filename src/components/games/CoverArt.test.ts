import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import CoverArt from './CoverArt.astro';
import CoverWall from './CoverWall.astro';

let container: AstroContainer;

beforeAll(async () => {
  container = await AstroContainer.create();
});

const render = (props: Record<string, unknown>) => container.renderToString(CoverArt, { props });
const base = 'http://localhost:4321/storage/v1/object/public/game-covers/9/';
const version = 'fedcba9876543210';

describe('CoverArt', () => {
  it('draws a pipeline cover as a <picture>: AVIF then WebP in every width, sizes, a sized lazy fallback', async () => {
    const html = await render({ title: 'Portal 2', url: `${base}cover-w600-${version}.webp` });
    const widths = [150, 300, 450, 600];
    expect(html).toContain(
      `<source type="image/avif" srcset="${widths.map((w) => `${base}cover-w${w}-${version}.avif ${w}w`).join(', ')}" sizes="(min-width: 1024px) 12rem, (min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw">`,
    );
    expect(html).toContain(
      `<source type="image/webp" srcset="${widths.map((w) => `${base}cover-w${w}-${version}.webp ${w}w`).join(', ')}"`,
    );
    expect(html.indexOf('image/avif')).toBeLessThan(html.indexOf('image/webp'));
    const img = /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain(`src="${base}cover-w300-${version}.webp"`);
    expect(img).toContain('alt="Cover art for Portal 2"');
    expect(img).toContain('width="300"');
    expect(img).toContain('height="400"');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('decoding="async"');
    expect(img).not.toContain('fetchpriority');
  });

  it('fetches the game page cover first, with the page sizes', async () => {
    const html = await render({
      title: 'Portal 2',
      url: `${base}cover-w600-${version}.webp`,
      loading: 'eager',
      size: 'page',
    });
    expect(html).toContain('sizes="(min-width: 768px) 16rem, 12rem"');
    const img = /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain('loading="eager"');
    expect(img).toContain('fetchpriority="high"');
    expect(img).not.toContain('decoding');
  });

  it('draws any other URL as a plain sized image, and no URL as the placeholder', async () => {
    const outside = await render({ title: 'Halo', url: 'https://images.example.com/halo.jpg', size: 'thumb' });
    expect(outside).not.toContain('<picture');
    expect(outside).toMatch(/<img src="https:\/\/images\.example\.com\/halo\.jpg"[^>]*width="300" height="400"/);
    const none = await render({ title: 'Half-Life 2', url: null });
    expect(none).not.toContain('<img');
    expect(none).toContain('aria-label="No cover art for Half-Life 2 yet"');
    expect(none).toMatch(/<span aria-hidden="true" class="cover-initials"[^>]*>\s*HL\s*<\/span>/);
  });
});

describe('CoverWall', () => {
  it('links every cover to its game, numbers a ranked wall and keeps placeholders in the grid', async () => {
    const html = await container.renderToString(CoverWall, {
      props: {
        label: 'Games on this list',
        ranked: true,
        games: [
          { slug: 'portal-2', title: 'Portal 2', coverImageUrl: `${base}cover-w600-${version}.webp` },
          { slug: 'halo', title: 'Halo', coverImageUrl: null },
        ],
      },
    });
    expect(html).toMatch(/^<ol class="grid[^"]*" aria-label="Games on this list">/);
    expect(html).toContain('href="/games/portal-2"');
    expect(html).toContain('sizes="(min-width: 640px) 8rem, 33vw"');
    expect(html).toContain('aria-label="No cover art for Halo yet"');
    expect(html).toMatch(/aria-hidden="true"[^>]*>1<\/span>[\s\S]*aria-hidden="true"[^>]*>2<\/span>/);
  });

  it("draws a cover on IGDB's CDN in IGDB's own sizes, sized 3:4 so nothing shifts", async () => {
    const igdb = 'https://images.igdb.com/igdb/image/upload';
    const html = await render({ title: 'Celeste', url: `${igdb}/t_cover_big/co3byy.jpg`, size: 'page' });
    expect(html).not.toContain('<picture');
    const img = /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain(`src="${igdb}/t_cover_big/co3byy.jpg"`);
    expect(img).toContain(
      `srcset="${igdb}/t_cover_small/co3byy.jpg 90w, ${igdb}/t_cover_big/co3byy.jpg 264w, ${igdb}/t_cover_big_2x/co3byy.jpg 528w"`,
    );
    expect(img).toContain('sizes="(min-width: 768px) 16rem, 12rem"');
    expect(img).toContain('width="264"');
    expect(img).toContain('height="352"');
    expect(img).toContain('alt="Cover art for Celeste"');
  });
});
