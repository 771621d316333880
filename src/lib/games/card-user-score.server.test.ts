import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { releasesBetween } from '../calendar/calendar.server.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { searchGames } from '../search/search.server.ts';
import { userScoreFigure } from '../user-reviews/user-reviews.ts';
import { gameCardsByIds, recentReleases } from './games.server.ts';
import { listGames } from './listing.server.ts';

// Cards carry the kept user-score sums (game_user_scores), read in the listing statement
// itself: a rated game, a game under the minimum, and an unrated one, on every card query.

let connection: DatabaseConnection;
let rated: { id: number; slug: string; title: string; release_date: string | null };
let few: { id: number; slug: string; title: string; release_date: string | null };
let unrated: { id: number };
const users = Array.from({ length: 6 }, () => randomUUID());
const RATINGS = [10, 9, 8, 7, 7, 4]; // sum 45 over 6: 7.5

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  const games = await connection.db
    .selectFrom('games')
    .select(['id', 'slug', 'title', 'release_date'])
    .where('release_date', '<', '2015-01-01')
    .orderBy('release_date', 'desc')
    .orderBy('id')
    .limit(3)
    .execute();
  [rated, few] = [games[0]!, games[1]!];
  unrated = games[2]!;
  for (const [i, id] of users.entries()) {
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${id}, ${`card${i}@example.test`}, now(), ${JSON.stringify({ username: `card_rater_${i}`, full_name: 'C' })}::jsonb)`.execute(
      connection.db,
    );
  }
  const at = '2020-06-01T12:00:00Z';
  await connection.db
    .insertInto('user_reviews')
    .values(users.map((user_id, i) => ({ user_id, game_id: rated.id, rating: RATINGS[i]!, created_at: at })))
    .execute();
  await connection.db
    .insertInto('user_reviews')
    .values(users.slice(0, 2).map((user_id) => ({ user_id, game_id: few.id, rating: 6, created_at: at })))
    .execute();
});

afterAll(() => connection.close());

describe('game cards carry the user score', () => {
  it('reads the kept sums in the card query: 7.5 from 6 ratings, "not enough" under 5, nothing for an unrated game', async () => {
    const cards = await gameCardsByIds(connection.db, [rated.id, few.id, unrated.id]);
    expect(cards.map((c) => [c.userRatingCount, c.userRatingSum])).toEqual([
      [6, 45],
      [2, 12],
      [0, 0],
    ]);
    expect(userScoreFigure(cards[0]!.userRatingSum, cards[0]!.userRatingCount)).toBe(7.5);
    expect(userScoreFigure(cards[1]!.userRatingSum, cards[1]!.userRatingCount)).toBeNull();
  });

  it('follows a write at once: a deleted review leaves the listing with 5 ratings', async () => {
    await connection.db
      .deleteFrom('user_reviews')
      .where('game_id', '=', rated.id)
      .where('user_id', '=', users[5]!)
      .execute();
    const [card] = await gameCardsByIds(connection.db, [rated.id]);
    expect([card!.userRatingCount, card!.userRatingSum]).toEqual([5, 41]);
    expect(userScoreFigure(card!.userRatingSum, card!.userRatingCount)).toBe(8.2);
  });

  it('is on /games listings, search results, the home page lists and the calendar', async () => {
    const listing = await listGames(
      connection.db,
      { page: 1, sort: 'release-desc', when: 'released', platform: undefined, genre: undefined },
      '2015-01-01',
    );
    expect(listing.items.find((g) => g.id === rated.id)).toMatchObject({ userRatingCount: 5, userRatingSum: 41 });
    const found = await searchGames(connection.db, rated.title, 1);
    expect(found.items.find((g) => g.id === rated.id)).toMatchObject({ userRatingCount: 5, userRatingSum: 41 });
    const recent = await recentReleases(connection.db, '2015-01-01', 3);
    expect(recent.find((g) => g.id === few.id)).toMatchObject({ userRatingCount: 2, userRatingSum: 12 });
    const days = await releasesBetween(connection.db, rated.release_date!, rated.release_date!);
    const games = days.flatMap((d) => d.games);
    expect(games.find((g) => g.id === rated.id)).toMatchObject({ userRatingCount: 5, userRatingSum: 41 });
  });
});
