import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openMigratedPostgres } from '../../../tests/helpers/database.ts';
import { writersInTurn } from '../../../tests/helpers/writers-in-turn.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import type { Database } from '../db/schema.ts';
import { gameCardsByIds } from './games.server.ts';

// A card's platforms and genres are kept (game_card_links): after every kind of change to
// links and names, each kept row must equal what the link tables say now.

interface Links {
  game_id: number;
  platforms: unknown;
  genres: unknown;
}

/** What the link tables say now, for every game that has links, as a card shows them. */
async function live(db: Kysely<Database>): Promise<Links[]> {
  const { rows } = await sql<Links>`
    select g.id as game_id,
      (select coalesce(json_agg(agg), '[]') from (
         select p.slug, p.name, p.abbreviation from public.game_platforms gp join public.platforms p on p.id = gp.platform_id
         where gp.game_id = g.id order by gp.release_date asc nulls last, lower(p.name)) agg) as platforms,
      (select coalesce(json_agg(agg), '[]') from (
         select ge.slug, ge.name from public.game_genres gg join public.genres ge on ge.id = gg.genre_id
         where gg.game_id = g.id order by lower(ge.name)) agg) as genres
    from public.games g
    where exists (select 1 from public.game_platforms gp where gp.game_id = g.id)
       or exists (select 1 from public.game_genres gg where gg.game_id = g.id)
    order by g.id`.execute(db);
  return rows;
}

/** The kept rows that say something (a game whose links were all removed keeps two empty lists). */
async function kept(db: Kysely<Database>): Promise<Links[]> {
  const { rows } = await sql<Links>`
    select game_id, platforms, genres from public.game_card_links
    where json_array_length(platforms) > 0 or json_array_length(genres) > 0
    order by game_id`.execute(db);
  return rows;
}

describe('kept card links', () => {
  let connection: DatabaseConnection;
  let db: Kysely<Database>;
  let gameId: number;

  beforeAll(async () => {
    connection = await createTestDatabase({ demo: true, critics: false });
    db = connection.db;
    gameId = (
      await db.selectFrom('games').select('id').where('slug', '=', 'grand-theft-auto-v').executeTakeFirstOrThrow()
    ).id;
  });

  afterAll(() => connection.close());

  /** A platform the game is not on yet. */
  const newPlatform = () =>
    db
      .selectFrom('platforms')
      .select(['id', 'slug', 'name', 'abbreviation'])
      .where('id', 'not in', db.selectFrom('game_platforms').select('platform_id').where('game_id', '=', gameId))
      .orderBy('id')
      .executeTakeFirstOrThrow();
  const genreId = async (slug: string) =>
    (await db.selectFrom('genres').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  const card = async () => (await gameCardsByIds(db, [gameId]))[0]!;

  it('hold what the links say for every game of the demo catalogue', async () => {
    const expected = await live(db);
    expect(expected.length).toBeGreaterThan(100);
    expect(await kept(db)).toEqual(expected);
  });

  it('follow a platform added, its release date moved, and a genre removed', async () => {
    const platform = await newPlatform();
    await db
      .insertInto('game_platforms')
      .values({ game_id: gameId, platform_id: platform.id, release_date: '1990-01-01' })
      .execute();
    expect((await card()).platforms[0]).toEqual({
      slug: platform.slug,
      name: platform.name,
      abbreviation: platform.abbreviation,
    });

    await db
      .updateTable('game_platforms')
      .set({ release_date: null })
      .where('game_id', '=', gameId)
      .where('platform_id', '=', platform.id)
      .execute();
    expect((await card()).platforms.at(-1)?.slug).toBe(platform.slug);

    const [first] = (await card()).genres;
    await db
      .deleteFrom('game_genres')
      .where('game_id', '=', gameId)
      .where('genre_id', '=', await genreId(first!.slug))
      .execute();
    expect((await card()).genres.map((genre) => genre.slug)).not.toContain(first!.slug);
    expect(await kept(db)).toEqual(await live(db));
  });

  it('follow a platform or a genre renamed, on every card that shows it', async () => {
    const platform = (await card()).platforms[0]!;
    await db
      .updateTable('platforms')
      .set({ name: `${platform.name} (Renamed)` })
      .where('slug', '=', platform.slug)
      .execute();
    expect((await card()).platforms.map((each) => each.name)).toContain(`${platform.name} (Renamed)`);

    const link = await db
      .selectFrom('game_genres')
      .innerJoin('genres', 'genres.id', 'game_genres.genre_id')
      .select(['game_id', 'slug', 'name'])
      .orderBy('game_id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('genres')
      .set({ name: `${link.name} Games` })
      .where('slug', '=', link.slug)
      .execute();
    const [shown] = await gameCardsByIds(db, [link.game_id]);
    expect(shown!.genres.map((each) => each.name)).toContain(`${link.name} Games`);
    expect(await kept(db)).toEqual(await live(db));
  });

  it('follow links moved from one game to another, and a game deleted with its links', async () => {
    const other = await db
      .selectFrom('games')
      .select('id')
      .where('id', '<>', gameId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('game_genres').where('game_id', '=', other.id).execute();
    await db.updateTable('game_genres').set({ game_id: other.id }).where('game_id', '=', gameId).execute();
    expect((await card()).genres).toEqual([]);
    expect(await kept(db)).toEqual(await live(db));

    await db.deleteFrom('games').where('id', '=', other.id).execute();
    expect(await db.selectFrom('game_card_links').select('game_id').where('game_id', '=', other.id).execute()).toEqual(
      [],
    );
    expect(await kept(db)).toEqual(await live(db));
  });
});

describe('kept card links under concurrent writers (PostgreSQL)', () => {
  let connection: DatabaseConnection | undefined;

  beforeAll(async () => {
    connection = await openMigratedPostgres(4);
  });

  afterAll(() => connection?.close());

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'keeps both platforms when two transactions link one each to the same game at once',
    async () => {
      const db = connection!.db;
      const { id: gameId } = await db
        .insertInto('games')
        .values({ slug: 'two-writers', title: 'Two Writers' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const [first, second] = await db
        .insertInto('platforms')
        .values([
          { slug: 'first-console', name: 'First Console', abbreviation: 'FC' },
          { slug: 'second-console', name: 'Second Console', abbreviation: 'SC' },
        ])
        .returning('id')
        .execute();

      // The second writer's trigger waits for the first transaction, which commits only then.
      await writersInTurn(
        db,
        (trx) => trx.insertInto('game_platforms').values({ game_id: gameId, platform_id: first!.id }).execute(),
        () =>
          db
            .transaction()
            .execute((trx) =>
              trx.insertInto('game_platforms').values({ game_id: gameId, platform_id: second!.id }).execute(),
            ),
      );

      const [card] = await gameCardsByIds(db, [gameId]);
      expect(card!.platforms.map((platform) => platform.slug)).toEqual(['first-console', 'second-console']);
    },
  );
});
