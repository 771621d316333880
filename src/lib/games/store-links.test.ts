import { describe, expect, it } from 'vitest';
import { safeStoreUrl, storeLinks, type ExternalId } from './store-links.ts';

const steam = (externalId: string, url: string | null = null): ExternalId => ({ source: 'steam', externalId, url });
const gog = (url: string | null, externalId = '1207658924'): ExternalId => ({ source: 'gog', externalId, url });
const epic = (url: string | null, externalId = 'celeste'): ExternalId => ({ source: 'epic', externalId, url });
const igdb = (url: string | null): ExternalId => ({ source: 'igdb', externalId: '26226', url });

/** Each link as its accessible name and address. */
const named = (links: ReturnType<typeof storeLinks>) => links.map((link) => [link.label + link.context, link.url]);

describe('storeLinks', () => {
  it('links a Steam app id to its store page, naming the game for screen readers', () => {
    expect(storeLinks('Hollow Knight', [steam('367520')])).toEqual([
      {
        label: 'Steam',
        context: ' store page for Hollow Knight',
        url: 'https://store.steampowered.com/app/367520/',
      },
    ]);
  });

  it('tells several Steam app ids apart, in app id order', () => {
    const links = storeLinks('DOOM', [steam('379720'), steam('2280')]);
    expect(links.map((link) => [link.label, link.url])).toEqual([
      ['Steam (app 2280)', 'https://store.steampowered.com/app/2280/'],
      ['Steam (app 379720)', 'https://store.steampowered.com/app/379720/'],
    ]);
  });

  it('links GOG, Epic and IGDB through the addresses IGDB gave, after Steam, whatever order the ids come in', () => {
    expect(
      named(
        storeLinks('Celeste', [
          igdb('https://www.igdb.com/games/celeste'),
          epic('https://store.epicgames.com/p/celeste'),
          gog('https://www.gog.com/game/celeste'),
          steam('504230', 'https://store.steampowered.com/app/504230'),
        ]),
      ),
    ).toEqual([
      ['Steam store page for Celeste', 'https://store.steampowered.com/app/504230/'],
      ['GOG store page for Celeste', 'https://www.gog.com/game/celeste'],
      ['Epic Games store page for Celeste', 'https://store.epicgames.com/p/celeste'],
      ['IGDB page for Celeste', 'https://www.igdb.com/games/celeste'],
    ]);
  });

  it("accepts each store's own hosts only", () => {
    const links = storeLinks('Celeste', [
      gog('https://gog.com/en/game/celeste'),
      epic('https://www.epicgames.com/store/p/celeste'),
      igdb('https://igdb.com/games/celeste'),
    ]);
    expect(links.map((link) => link.url)).toEqual([
      'https://gog.com/en/game/celeste',
      'https://www.epicgames.com/store/p/celeste',
      'https://igdb.com/games/celeste',
    ]);
  });

  it('links nothing to a foreign host, a look-alike host, another port or credentials', () => {
    expect(
      storeLinks('Celeste', [
        gog('https://evil.example/game/celeste'),
        gog('https://www.gog.com.evil.example/game/celeste', '2'),
        gog('https://evilgog.com/game/celeste', '3'),
        gog('https://www.gog.com:8443/game/celeste', '4'),
        gog('https://user@www.gog.com/game/celeste', '5'),
        epic('https://store.steampowered.com/app/504230'),
        epic('https://epicgames.com.evil.example/p/celeste', 'x'),
        igdb('https://www.gog.com/game/celeste'),
      ]),
    ).toEqual([]);
  });

  it('links nothing over http, to javascript: or data:, or from a broken or missing address', () => {
    expect(
      storeLinks('Celeste', [
        gog('http://www.gog.com/game/celeste'),
        gog('javascript:alert(document.cookie)', '2'),
        gog('JavaScript://www.gog.com/%0Aalert(1)', '3'),
        epic('data:text/html,<script>alert(1)</script>'),
        epic('//store.epicgames.com/p/celeste', 'x'),
        epic('not a url', 'y'),
        igdb(null),
      ]),
    ).toEqual([]);
  });

  it('makes no link from an id alone but a Steam app id: GOG and Epic ids, the IGDB id, a malformed app id', () => {
    expect(
      storeLinks('Celeste', [
        gog(null),
        epic(null, 'b671fbc7be424e888c9346a9a6d3d9db'),
        igdb(null),
        steam('../../evil'),
        steam('0123'),
      ]),
    ).toEqual([]);
  });

  it("falls back on IGDB's address for a Steam id that is no app id, on Steam's host only", () => {
    expect(
      named(
        storeLinks('Celeste', [
          steam('celeste', 'https://store.steampowered.com/app/504230/Celeste/'),
          steam('x', 'https://steam.evil.example/app/504230/'),
        ]),
      ),
    ).toEqual([['Steam store page for Celeste', 'https://store.steampowered.com/app/504230/Celeste/']]);
  });

  it('tells several ids of one store apart by id, and makes one link of ids sharing an address', () => {
    expect(
      named(
        storeLinks('DOOM', [
          gog('https://www.gog.com/game/doom_2016', '1390579243'),
          gog('https://www.gog.com/game/doom_1993', '2015545325'),
          epic('https://store.epicgames.com/p/doom', 'a1'),
          epic('https://store.epicgames.com/p/doom', 'b2'),
        ]),
      ),
    ).toEqual([
      ['GOG (id 1390579243) store page for DOOM', 'https://www.gog.com/game/doom_2016'],
      ['GOG (id 2015545325) store page for DOOM', 'https://www.gog.com/game/doom_1993'],
      ['Epic Games store page for DOOM', 'https://store.epicgames.com/p/doom'],
    ]);
  });
});

describe('safeStoreUrl', () => {
  it('gives the normalised address on an allowed host, else null', () => {
    expect(safeStoreUrl('https://WWW.GOG.COM/game/celeste', ['www.gog.com'])).toBe('https://www.gog.com/game/celeste');
    expect(safeStoreUrl('https://www.gog.com:443/game/celeste', ['www.gog.com'])).toBe(
      'https://www.gog.com/game/celeste',
    );
    expect(safeStoreUrl('https://www.gog.com/game/celeste', ['gog.com'])).toBeNull();
    expect(safeStoreUrl(null, ['www.gog.com'])).toBeNull();
    expect(safeStoreUrl('', ['www.gog.com'])).toBeNull();
  });
});
