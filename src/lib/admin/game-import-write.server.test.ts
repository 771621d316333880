import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import type { GameInput } from './games.ts';
import { insertImportedGames } from './game-import-write.server.ts';

let connection: DatabaseConnection;
const admin = randomUUID();
const game = (title: string, more: Partial<GameInput> = {}): GameInput => ({
  title,
  platforms: [],
  genres: [],
  developers: [],
  publishers: [],
  ...more,
});

beforeAll(async () => {
  connection = await createTestDatabase();
  await sql`insert into auth.users (id, email) values (${admin}, ${`${admin}@example.test`})`.execute(connection.db);
  await sql`insert into public.platforms (slug, name, abbreviation) values ('wr-pc', 'Writer PC', 'WPC'), ('wr-deck', 'Writer Deck', 'WD') on conflict do nothing`.execute(
    connection.db,
  );
  await sql`insert into public.genres (slug, name) values ('wr-puzzle', 'Wr Puzzle')`.execute(connection.db);
  const kept = await connection.db
    .insertInto('games')
    .values({ slug: 'echo-vale', title: 'Echo Vale' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await connection.db.insertInto('game_slug_redirects').values({ old_slug: 'echo-vale-2', game_id: kept.id }).execute();
});
afterAll(() => connection.close());

describe('writing a run of imported games set-based', () => {
  it('gives each game a free slug: past a game, an old slug that redirects, and each other', async () => {
    const made = await connection.db
      .transaction()
      .execute((trx) => insertImportedGames(trx, [game('Echo Vale!'), game('Echo Vale?'), game('Quiet Lake')], admin));
    expect(made.map((row) => row.slug)).toEqual(['echo-vale-3', 'echo-vale-4', 'quiet-lake']);
    const titles = await connection.db
      .selectFrom('games')
      .select(['slug', 'title', 'sources'])
      .where(
        'id',
        'in',
        made.map((row) => row.id),
      )
      .orderBy('slug')
      .execute();
    expect(titles.map((row) => [row.slug, row.title, row.sources])).toEqual([
      ['echo-vale-3', 'Echo Vale!', ['editorial']],
      ['echo-vale-4', 'Echo Vale?', ['editorial']],
      ['quiet-lake', 'Quiet Lake', ['editorial']],
    ]);
  });

  it('links platforms with their dates, genres and companies once per name whatever its case, and audits each game', async () => {
    const audited = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from app_meta.admin_audit_log where action = 'game.create'`.execute(connection.db)
        ).rows[0]!.n,
      );
    const before = await audited();
    const made = await connection.db.transaction().execute((trx) =>
      insertImportedGames(
        trx,
        [
          game('Night Drive', {
            platforms: [
              { slug: 'wr-pc', releaseDate: '2022-05-01' },
              { slug: 'wr-deck', releaseDate: '2021-02-03' },
            ],
            genres: ['wr puzzle', 'Racing Sims'],
            developers: ['Neon Works'],
            publishers: ['NEON WORKS'],
          }),
          game('Day Drive', {
            releaseDate: '2020-01-01',
            platforms: [{ slug: 'wr-pc', releaseDate: '' }],
            genres: ['racing sims'],
            developers: ['neon works', 'Other Studio'],
          }),
        ],
        admin,
      ),
    );
    const [night, day] = made.map((row) => row.id) as [number, number];
    const rows = await sql<{ game: number; kind: string; name: string; date: string | null }>`
      select gp.game_id as game, 'platform' as kind, p.slug as name, gp.release_date::text as date from public.game_platforms gp join public.platforms p on p.id = gp.platform_id where gp.game_id in (${night}, ${day})
      union all select gg.game_id, 'genre', g.name, null from public.game_genres gg join public.genres g on g.id = gg.genre_id where gg.game_id in (${night}, ${day})
      union all select gd.game_id, 'developer', c.name, null from public.game_developers gd join public.companies c on c.id = gd.company_id where gd.game_id in (${night}, ${day})
      union all select gb.game_id, 'publisher', c.name, null from public.game_publishers gb join public.companies c on c.id = gb.company_id where gb.game_id in (${night}, ${day})
      `.execute(connection.db);
    const links = rows.rows
      .map((row) => [row.game === night ? 'night' : 'day', row.kind, row.name, row.date].join(' '))
      .sort();
    expect(links).toEqual(
      [
        ['night', 'developer', 'Neon Works', null],
        ['night', 'genre', 'Racing Sims', null],
        ['night', 'genre', 'Wr Puzzle', null],
        ['night', 'platform', 'wr-deck', '2021-02-03'],
        ['night', 'platform', 'wr-pc', '2022-05-01'],
        ['night', 'publisher', 'Neon Works', null],
        ['day', 'developer', 'Neon Works', null],
        ['day', 'developer', 'Other Studio', null],
        ['day', 'genre', 'Racing Sims', null],
        ['day', 'platform', 'wr-pc', null],
      ]
        .map((link) => link.join(' '))
        .sort(),
    );
    const firsts = await connection.db
      .selectFrom('games')
      .select(['id', 'release_date'])
      .where('id', 'in', [night, day])
      .execute();
    expect(
      Object.fromEntries(firsts.map((row) => [row.id === night ? 'night' : 'day', String(row.release_date)])),
    ).toEqual({ night: '2021-02-03', day: '2020-01-01' });
    const companies = await sql<{
      n: string;
    }>`select count(*) as n from public.companies where lower(name) = 'neon works'`.execute(connection.db);
    expect(Number(companies.rows[0]!.n)).toBe(1);
    expect(await audited()).toBe(before + 2);
  });
});
