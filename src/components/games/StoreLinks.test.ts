import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeLinks } from '../../lib/games/store-links.ts';
import StoreLinks from './StoreLinks.astro';

let container: AstroContainer;

beforeAll(async () => {
  container = await AstroContainer.create();
});

describe('StoreLinks', () => {
  it('lists each store page as an ordinary link named for its game', async () => {
    const html = await container.renderToString(StoreLinks, {
      props: { stores: storeLinks('Hollow Knight', [{ source: 'steam', externalId: '367520', url: null }]) },
    });
    expect(html).toContain('<h2 id="stores-heading"');
    expect(html).toContain('aria-labelledby="stores-heading"');
    const link = /<a [^>]*>.*?<\/a>/s.exec(html)?.[0] ?? '';
    expect(link).toContain('href="https://store.steampowered.com/app/367520/"');
    expect(link).toContain('rel="noopener"');
    expect(link).not.toContain('target=');
    expect(
      link
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe('Steam store page for Hollow Knight');
  });

  it('lists Steam, GOG, Epic and IGDB in that order, each named for its game', async () => {
    const html = await container.renderToString(StoreLinks, {
      props: {
        stores: storeLinks('Celeste', [
          { source: 'igdb', externalId: '26226', url: 'https://www.igdb.com/games/celeste' },
          { source: 'epic', externalId: 'celeste', url: 'https://store.epicgames.com/p/celeste' },
          { source: 'gog', externalId: '1207658924', url: 'https://www.gog.com/game/celeste' },
          { source: 'steam', externalId: '504230', url: null },
        ]),
      },
    });
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/gs)].map(([, href, text]) => [
      href,
      (text ?? '')
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ]);
    expect(links).toEqual([
      ['https://store.steampowered.com/app/504230/', 'Steam store page for Celeste'],
      ['https://www.gog.com/game/celeste', 'GOG store page for Celeste'],
      ['https://store.epicgames.com/p/celeste', 'Epic Games store page for Celeste'],
      ['https://www.igdb.com/games/celeste', 'IGDB page for Celeste'],
    ]);
  });

  it('renders nothing without a store', async () => {
    expect((await container.renderToString(StoreLinks, { props: { stores: [] } })).trim()).toBe('');
  });
});
