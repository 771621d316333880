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
      props: { stores: storeLinks('Hollow Knight', [{ source: 'steam', externalId: '367520' }]) },
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

  it('renders nothing without a store', async () => {
    expect((await container.renderToString(StoreLinks, { props: { stores: [] } })).trim()).toBe('');
  });
});
