import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { countOf } from '../../../tests/helpers/sql.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { getGameBySlug, recentReleases, upcomingReleases } from './games.server.ts';

// The demo catalogue plus one game without a release date (the demo has none). Expected
// values come from plain SQL on the same database.

const TODAY = '2014-01-01';
const UNDATED = { slug: 'untitled-prototype', title: 'Untitled Prototype' };

let connection: DatabaseConnection;

const count = <T>(query: RawBuilder<T>) => countOf(connection.db, query);

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await connection.db.insertInto('games').values({ ...UNDATED, summary: null, release_date: null, sources: ['editorial'] }).execute();
});

afterAll(() => connection.close());

describe('getGameBySlug', () => {
  it('returns Grand Theft Auto V with its releases, companies, genres and sources', async () => {
    const game = await getGameBySlug(connection.db, 'grand-theft-auto-v');
    expect(game).toBeDefined();
    expect(game).toMatchObject({
      slug: 'grand-theft-auto-v',
      title: 'Grand Theft Auto V',
      releaseDate: '2013-09-17',
      sources: ['vgchartz_2024'],
      developers: [{ slug: 'rockstar-north', name: 'Rockstar North' }],
      publishers: [{ slug: 'rockstar-games', name: 'Rockstar Games' }],
      genres: [{ slug: 'action', name: 'Action' }],
    });
    expect(game?.summary).toMatch(/^Grand Theft Auto V is listed under Action\./);
    expect(game?.updatedAt).toBeInstanceOf(Date);
    const releases = Object.fromEntries(game!.releases.map((r) => [r.slug, r]));
    expect(releases.ps3).toEqual({ id: expect.any(Number), slug: 'ps3', name: 'PlayStation 3', abbreviation: 'PS3', releaseDate: '2013-09-17' });
    expect(releases['xbox-360']?.releaseDate).toBe('2013-09-17');
    expect(releases.ps4?.releaseDate).toBe('2014-11-18');
    const dates = game!.releases.map((r) => r.releaseDate ?? '9999');
    expect(dates).toEqual([...dates].sort());
    expect(game!.platforms.map((p) => p.slug)).toEqual(game!.releases.map((r) => r.slug));
  });

  it('returns a game without links with empty lists', async () => {
    const game = await getGameBySlug(connection.db, UNDATED.slug);
    expect(game).toMatchObject({ title: UNDATED.title, releaseDate: null, releases: [], developers: [], publishers: [], genres: [], platforms: [] });
  });

  it('returns undefined for an unknown slug', async () => {
    expect(await getGameBySlug(connection.db, 'no-such-game')).toBeUndefined();
  });
});

describe('recentReleases and upcomingReleases', () => {
  it('lists the latest released games, newest first', async () => {
    const games = await recentReleases(connection.db, TODAY, 5);
    expect(games).toHaveLength(5);
    const dates = games.map((g) => g.releaseDate!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((d) => d <= TODAY)).toBe(true);
    const newer = await count(sql<{ n: number }>`select count(*)::int as n from games where release_date <= ${TODAY} and release_date > ${dates[0]!}`);
    expect(newer).toBe(0);
  });

  it('lists the next games to come out, soonest first', async () => {
    const games = await upcomingReleases(connection.db, TODAY, 3);
    expect(games).toHaveLength(3);
    const dates = games.map((g) => g.releaseDate!);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((d) => d > TODAY)).toBe(true);
    expect(games[0]?.slug).toBe('minecraft');
  });
});

