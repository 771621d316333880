import type { AstroGlobal } from 'astro';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIgdbStandIn, type IgdbStandIn } from '../../../tests/helpers/igdb-stand-in.ts';
import { standInClient, SYNC_DATABASES } from '../../../tests/helpers/igdb-sync-setup.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { setConnector } from '../db/db.server.ts';
import type { Database } from '../db/schema.ts';
import { loadGameOverview } from '../games/game-page.server.ts';
import { runFullSync } from './sync.server.ts';

/** The parts of Astro's page global the game page's loader reads. */
function astroFor(slug: string): AstroGlobal {
  const url = new URL(`/games/${slug}`, 'http://localhost');
  return {
    url,
    params: { slug },
    request: new Request(url),
    locals: { user: null },
    cache: { set() {} },
    redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
  } as unknown as AstroGlobal;
}

describe.each(SYNC_DATABASES)('store addresses from the IGDB sync (%s)', (_mode, open) => {
  let connection: DatabaseConnection | undefined;
  let db: Kysely<Database>;
  let standIn: IgdbStandIn;

  const addresses = (igdbId: number) =>
    db
      .selectFrom('game_external_ids as own')
      .innerJoin('game_external_ids as e', 'e.game_id', 'own.game_id')
      .select(['e.source', 'e.external_id', 'e.url'])
      .where('own.source', '=', 'igdb')
      .where('own.external_id', '=', String(igdbId))
      .orderBy('e.source')
      .orderBy('e.external_id')
      .execute();
  const slugOf = async (igdbId: number) =>
    (
      await db
        .selectFrom('games as g')
        .innerJoin('game_external_ids as e', 'e.game_id', 'g.id')
        .select('g.slug')
        .where('e.source', '=', 'igdb')
        .where('e.external_id', '=', String(igdbId))
        .executeTakeFirstOrThrow()
    ).slug;
  /** The game page's store links, as its loader gives them (each as its accessible name and address). */
  const storeLinks = async (slug: string) => {
    const page = await loadGameOverview(astroFor(slug), {
      today: '2026-11-29',
      origin: 'https://critical-hit.example',
    });
    if (page instanceof Response) throw new Error(`/games/${slug} answered ${page.status}`);
    return page.stores.map((store) => [store.label + store.context, store.url]);
  };

  beforeAll(async () => {
    connection = await open();
    if (!connection) return;
    db = connection.db;
    const opened = connection;
    setConnector(async () => opened);
    standIn = await startIgdbStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
    await connection?.close();
  });

  it('keeps the addresses IGDB gives, and the game page links Steam, GOG, Epic and IGDB', async () => {
    await expect(runFullSync(db, standInClient(standIn), { pageSize: 2 })).resolves.toMatchObject({
      status: 'finished',
    });
    expect(await addresses(26226)).toEqual([
      { source: 'epic', external_id: 'celeste', url: 'https://store.epicgames.com/p/celeste' },
      { source: 'gog', external_id: '1207658924', url: 'https://www.gog.com/game/celeste' },
      { source: 'igdb', external_id: '26226', url: 'https://www.igdb.com/games/celeste' },
      { source: 'steam', external_id: '504230', url: 'https://store.steampowered.com/app/504230' },
    ]);
    expect(await storeLinks(await slugOf(26226))).toEqual([
      ['Steam store page for Celeste', 'https://store.steampowered.com/app/504230/'],
      ['GOG store page for Celeste', 'https://www.gog.com/game/celeste'],
      ['Epic Games store page for Celeste', 'https://store.epicgames.com/p/celeste'],
      ['IGDB page for Celeste', 'https://www.igdb.com/games/celeste'],
    ]);
  });

  it('takes a changed address in an incremental sync, and links no address off the store', async () => {
    const external = standIn.records.get('external_games');
    Object.assign(external?.get(3009) ?? {}, { url: 'https://www.gog.com/en/game/celeste' });
    Object.assign(external?.get(3008) ?? {}, { url: 'https://store.epicgames.com.evil.example/p/celeste' });
    // A record IGDB cannot keep: the address is dropped, the id kept.
    Object.assign(external?.get(3007) ?? {}, { url: 'http://store.steampowered.com/app/504230' });
    standIn.changeGame(26226, {});
    await expect(runFullSync(db, standInClient(standIn), { kind: 'incremental' })).resolves.toMatchObject({
      kind: 'incremental',
      status: 'finished',
      updated: 1,
    });
    expect(await addresses(26226)).toEqual([
      { source: 'epic', external_id: 'celeste', url: 'https://store.epicgames.com.evil.example/p/celeste' },
      { source: 'gog', external_id: '1207658924', url: 'https://www.gog.com/en/game/celeste' },
      { source: 'igdb', external_id: '26226', url: 'https://www.igdb.com/games/celeste' },
      { source: 'steam', external_id: '504230', url: null },
    ]);
    expect(await storeLinks(await slugOf(26226))).toEqual([
      ['Steam store page for Celeste', 'https://store.steampowered.com/app/504230/'],
      ['GOG store page for Celeste', 'https://www.gog.com/en/game/celeste'],
      ['IGDB page for Celeste', 'https://www.igdb.com/games/celeste'],
    ]);
    // Other games keep theirs.
    const witcher = await addresses(1942);
    expect(witcher.map((row) => row.url)).toEqual([
      'https://www.gog.com/game/the_witcher_3_wild_hunt',
      'https://www.igdb.com/games/the-witcher-3-wild-hunt',
      'https://store.steampowered.com/app/292030',
    ]);
  });

  it('refuses an address that is not https, has spaces or is longer than 500 characters', async () => {
    const game = await db.selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const url of [
      'http://www.gog.com/game/celeste',
      'javascript:alert(1)',
      'https://www.gog.com/game/ celeste',
      `https://www.gog.com/game/${'a'.repeat(480)}`,
    ]) {
      await expect(
        db
          .insertInto('game_external_ids')
          .values({ game_id: game.id, source: 'gog', external_id: '999', url })
          .execute(),
        url,
      ).rejects.toThrow(/game_external_ids_url_https/);
    }
  });
});
