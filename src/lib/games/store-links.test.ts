import { describe, expect, it } from 'vitest';
import { storeLinks } from './store-links.ts';

describe('storeLinks', () => {
  it('links a Steam app id to its store page, naming the game for screen readers', () => {
    expect(storeLinks('Hollow Knight', [{ source: 'steam', externalId: '367520' }])).toEqual([
      {
        label: 'Steam',
        context: ' store page for Hollow Knight',
        url: 'https://store.steampowered.com/app/367520/',
      },
    ]);
  });

  it('tells several Steam app ids apart, in app id order', () => {
    const links = storeLinks('DOOM', [
      { source: 'steam', externalId: '379720' },
      { source: 'steam', externalId: '2280' },
    ]);
    expect(links.map((link) => [link.label, link.url])).toEqual([
      ['Steam (app 2280)', 'https://store.steampowered.com/app/2280/'],
      ['Steam (app 379720)', 'https://store.steampowered.com/app/379720/'],
    ]);
  });

  it('makes no link it cannot build from the id alone: GOG and Epic ids, the IGDB id, a malformed app id', () => {
    expect(
      storeLinks('Celeste', [
        { source: 'gog', externalId: '1207658924' },
        { source: 'epic', externalId: 'b671fbc7be424e888c9346a9a6d3d9db' },
        { source: 'igdb', externalId: '26226' },
        { source: 'steam', externalId: '../../evil' },
      ]),
    ).toEqual([]);
  });
});
