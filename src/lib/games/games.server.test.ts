import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { countOf } from '../../../tests/helpers/sql.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { criticSummaryOf } from '../reviews/reviews.ts';
import { userScoreOf } from '../user-reviews/user-reviews.ts';
import { getGameBySlug, recentReleases, upcomingReleases } from './games.server.ts';

// The demo catalogue plus one game without a release date (the demo has none). Expected
// values come from plain SQL on the same database.

const TODAY = '2014-01-01';
const UNDATED = { slug: 'untitled-prototype', title: 'Untitled Prototype' };

let connection: DatabaseConnection;

const count = <T>(query: RawBuilder<T>) => countOf(connection.db, query);

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await connection.db
    .insertInto('games')
    .values({ ...UNDATED, summary: null, release_date: null, sources: ['editorial'] })
    .execute();
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
    expect(releases.ps3).toEqual({
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any
      id: expect.any(Number),
      slug: 'ps3',
      name: 'PlayStation 3',
      abbreviation: 'PS3',
      releaseDate: '2013-09-17',
    });
    expect(releases['xbox-360']?.releaseDate).toBe('2013-09-17');
    expect(releases.ps4?.releaseDate).toBe('2014-11-18');
    const dates = game!.releases.map((r) => r.releaseDate ?? '9999');
    expect(dates).toEqual([...dates].sort());
    expect(game!.platforms.map((p) => p.slug)).toEqual(game!.releases.map((r) => r.slug));
  });

  it('returns a game without links with empty lists', async () => {
    const game = await getGameBySlug(connection.db, UNDATED.slug);
    expect(game).toMatchObject({
      title: UNDATED.title,
      releaseDate: null,
      releases: [],
      developers: [],
      publishers: [],
      genres: [],
      platforms: [],
    });
  });

  it('carries the kept critic numbers, user score and held review windows with the game', async () => {
    const bare = await getGameBySlug(connection.db, UNDATED.slug);
    expect(bare).toMatchObject({
      critic: criticSummaryOf(null),
      userScore: userScoreOf(null),
      heldWindows: [],
      criticScore: null,
      scoredCount: 0,
      userRatingCount: 0,
    });

    const id = bare!.id;
    await connection.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('game_critic_stats')
        .values({
          game_id: id,
          review_count: 6,
          scored_count: 5,
          score_sum: 410,
          recommended_count: 3,
          acclaimed_count: 1,
          favourable_count: 4,
        })
        .execute();
      await trx
        .insertInto('game_user_scores')
        .values({
          game_id: id,
          review_count: 7,
          rating_count: 6,
          rating_sum: 45,
          rating_steps: [0, 0, 0, 0, 0, 0, 2, 2, 2, 0],
        })
        .execute();
      await trx
        .insertInto('user_review_windows')
        .values([
          {
            game_id: id,
            kind: 'anomaly',
            starts_at: '2026-02-02T00:00:00Z',
            ends_at: '2026-02-03T00:00:00Z',
            status: 'confirmed',
          },
          {
            game_id: id,
            kind: 'launch',
            starts_at: '2026-01-01T00:00:00Z',
            ends_at: '2026-01-08T00:00:00Z',
            status: 'flagged',
          },
          {
            game_id: id,
            kind: 'anomaly',
            starts_at: '2026-03-01T00:00:00Z',
            ends_at: '2026-03-02T00:00:00Z',
            status: 'cleared',
          },
        ])
        .execute();
    });
    try {
      const game = await getGameBySlug(connection.db, UNDATED.slug);
      const stats = await connection.db
        .selectFrom('game_critic_stats')
        .selectAll()
        .where('game_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(game!.critic).toEqual(criticSummaryOf(stats));
      expect(game!.critic).toMatchObject({
        reviewCount: 6,
        scoredCount: 5,
        criticScore: 82,
        bandCounts: { acclaimed: 1, favourable: 4 },
      });
      expect(game).toMatchObject({ criticScore: 82, scoredCount: 5, userRatingCount: 6, userRatingSum: 45 });
      expect(game!.userScore).toEqual({ score: 7.5, count: 6, reviewCount: 7, steps: [0, 0, 0, 0, 0, 0, 2, 2, 2, 0] });
      // Cleared windows count again: only the others, oldest first, with their times as dates.
      expect(game!.heldWindows.map((w) => [w.kind, w.status, w.startsAt.toISOString()])).toEqual([
        ['launch', 'flagged', '2026-01-01T00:00:00.000Z'],
        ['anomaly', 'confirmed', '2026-02-02T00:00:00.000Z'],
      ]);
      expect(game!.heldWindows[0]!.endsAt).toEqual(new Date('2026-01-08T00:00:00Z'));
    } finally {
      await connection.db.deleteFrom('user_review_windows').where('game_id', '=', id).execute();
      await connection.db.deleteFrom('game_user_scores').where('game_id', '=', id).execute();
      await connection.db.deleteFrom('game_critic_stats').where('game_id', '=', id).execute();
    }
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
    const newer = await count(
      sql<{
        n: number;
      }>`select count(*)::int as n from games where release_date <= ${TODAY} and release_date > ${dates[0]!}`,
    );
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
