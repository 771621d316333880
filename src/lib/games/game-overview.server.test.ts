import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { latestCoverageQuery, splitCoverage } from '../reviews/reviews.server.ts';
import { toView } from '../user-reviews/user-review-rows.server.ts';
import { topReviewsQuery } from '../user-reviews/user-reviews.server.ts';
import {
  getGameOverviewBySlug,
  OVERVIEW_PREVIEWS,
  OVERVIEW_REVIEWS,
  OVERVIEW_SIMILAR,
} from './game-overview.server.ts';
import { getGameBySlug, similarGames } from './games.server.ts';

// The game page reads everything in one statement, with its parts as JSON columns. What it
// gets must be exactly what each part's query gives when it runs on its own (ids as strings,
// times as Dates, order kept), or a card would show a wrong date or link.

let connection: DatabaseConnection;
let slug: string;

const USERS = [
  '0c1f3a52-0000-4000-8000-000000000001',
  '0c1f3a52-0000-4000-8000-000000000002',
  '0c1f3a52-0000-4000-8000-000000000003',
];

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true });
  const db = connection.db;
  // A game with five reviews and similar games, so that every part of the page has rows.
  const covered = await db
    .selectFrom('critic_reviews')
    .innerJoin('games', 'games.id', 'critic_reviews.game_id')
    .select(['games.id', 'games.slug'])
    .where('critic_reviews.kind', '=', 'review')
    .groupBy(['games.id', 'games.slug'])
    .having(sql`count(*)`, '>=', OVERVIEW_REVIEWS)
    .orderBy('games.id')
    .execute();
  const similarCounts = await Promise.all(
    covered.map(async (g) => (await similarGames(db, g.id, OVERVIEW_SIMILAR.shown, OVERVIEW_SIMILAR.pool)).length),
  );
  const game = covered[similarCounts.findIndex((n) => n > 0)]!;
  slug = game.slug;
  await db
    .insertInto('critic_reviews')
    .values({
      game_id: game.id,
      outlet_id: (await db.selectFrom('outlets').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      kind: 'preview',
      excerpt: 'Hands-on.',
      published_at: new Date(Date.now() - 86_400_000),
    })
    .execute();
  for (const [n, id] of USERS.entries()) {
    await sql`insert into auth.users (id, email, raw_user_meta_data) values (${id}, ${`overview${n}@example.test`}, ${JSON.stringify({ username: `overview_${n}` })}::jsonb)`.execute(
      db,
    );
    await db
      .insertInto('user_reviews')
      .values({
        user_id: id,
        game_id: game.id,
        rating: 4 + n * 2,
        title: `Take ${n}`,
        body: 'Plain words.',
        hours_played: n === 0 ? '12.5' : null,
        helpful_count: n,
      })
      .execute();
  }
  // One review edited after it was published, one critic score changed after publishing.
  await db
    .updateTable('user_reviews')
    .set({ edited_at: new Date(Date.now() - 60_000) })
    .where('user_id', '=', USERS[0]!)
    .execute();
  await sql`update critic_reviews set score_updated_at = now() where id = (select min(id) from critic_reviews where game_id = ${game.id} and kind = 'review')`.execute(
    db,
  );
});

afterAll(() => connection.close());

describe('getGameOverviewBySlug', () => {
  it('gives the game, its coverage, similar games and top user reviews exactly as their own reads do', async () => {
    const db = connection.db;
    const read = await getGameOverviewBySlug(db, slug);
    expect(read).toBeDefined();
    const game = (await getGameBySlug(db, slug))!;
    const coverage = splitCoverage(
      await latestCoverageQuery(db, game.id, { reviews: OVERVIEW_REVIEWS, previews: OVERVIEW_PREVIEWS }).execute(),
    );
    expect(read!.game).toEqual(game);
    expect(read!.reviews).toEqual(coverage.reviews);
    expect(read!.previews).toEqual(coverage.previews);
    expect(read!.similar).toEqual(await similarGames(db, game.id, OVERVIEW_SIMILAR.shown, OVERVIEW_SIMILAR.pool));
    expect(read!.top).toEqual((await topReviewsQuery(db, game.id).execute()).map(toView));

    // The comparison means something only if every part has rows, of the types pages use.
    expect(read!.reviews.length).toBe(OVERVIEW_REVIEWS);
    expect(read!.previews.length).toBeGreaterThan(0);
    expect(read!.similar.length).toBeGreaterThan(0);
    expect(read!.top.map((review) => review.title)).toEqual(['Take 2', 'Take 1', 'Take 0']);
    expect(typeof read!.reviews[0]!.id).toBe('string');
    expect(read!.reviews.some((review) => review.scoreUpdatedAt instanceof Date)).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any
    expect(read!.top[2]).toMatchObject({ hoursPlayed: 12.5, editedAt: expect.any(Date), createdAt: expect.any(Date) });
    expect(typeof read!.top[0]!.id).toBe('string');
  });

  it('gives the store ids of the game with their addresses, and of no other', async () => {
    const db = connection.db;
    const game = (await getGameBySlug(db, slug))!;
    expect((await getGameOverviewBySlug(db, slug))!.externalIds).toEqual([]);
    const other = await db.selectFrom('games').select('id').where('id', '<>', game.id).executeTakeFirstOrThrow();
    await db
      .insertInto('game_external_ids')
      .values([
        { game_id: game.id, source: 'steam', external_id: '367520' },
        { game_id: game.id, source: 'gog', external_id: '1308320804', url: 'https://www.gog.com/game/hollow_knight' },
        { game_id: game.id, source: 'igdb', external_id: '14593', url: 'https://www.igdb.com/games/hollow-knight' },
        { game_id: other.id, source: 'steam', external_id: '292030' },
      ])
      .execute();
    expect((await getGameOverviewBySlug(db, slug))!.externalIds).toEqual([
      { source: 'gog', externalId: '1308320804', url: 'https://www.gog.com/game/hollow_knight' },
      { source: 'igdb', externalId: '14593', url: 'https://www.igdb.com/games/hollow-knight' },
      { source: 'steam', externalId: '367520', url: null },
    ]);
  });

  it('finds nothing for an unknown slug', async () => {
    expect(await getGameOverviewBySlug(connection.db, 'no-such-game-anywhere')).toBeUndefined();
  });
});
