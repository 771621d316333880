import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { similarGames } from './games.server.ts';

// public.similar_games() ranks in SQL (on the request path, so it is written for speed);
// this recomputes the same ranking by brute force in TypeScript over the demo catalogue's
// links: 4 points per shared developer, 3 per genre, 2 per publisher, 1 per platform, at
// least one genre shared, ties to the game released closest in time, then the lower id.
// With a pool larger than the catalogue every game sharing a link is a candidate, so
// the two must agree exactly.

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
});

afterAll(() => connection.close());

type Links = {
  genres: Set<number>;
  developers: Set<number>;
  publishers: Set<number>;
  platforms: Set<number>;
  date: string | null;
};

async function catalogueLinks(): Promise<Map<number, Links>> {
  const db = connection.db;
  const games = await db.selectFrom('games').select(['id', 'release_date']).execute();
  const links = new Map<number, Links>(
    games.map((game) => [
      game.id,
      {
        genres: new Set(),
        developers: new Set(),
        publishers: new Set(),
        platforms: new Set(),
        date: game.release_date,
      },
    ]),
  );
  for (const row of await db.selectFrom('game_genres').select(['game_id', 'genre_id']).execute())
    links.get(row.game_id)!.genres.add(row.genre_id);
  for (const row of await db.selectFrom('game_developers').select(['game_id', 'company_id']).execute())
    links.get(row.game_id)!.developers.add(row.company_id);
  for (const row of await db.selectFrom('game_publishers').select(['game_id', 'company_id']).execute())
    links.get(row.game_id)!.publishers.add(row.company_id);
  for (const row of await db.selectFrom('game_platforms').select(['game_id', 'platform_id']).execute())
    links.get(row.game_id)!.platforms.add(row.platform_id);
  return links;
}

const shared = (a: Set<number>, b: Set<number>) => [...a].filter((x) => b.has(x)).length;
const days = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

function expectedRanking(links: Map<number, Links>, gameId: number, limit: number, today: string) {
  const me = links.get(gameId)!;
  const myDate = days(me.date ?? today);
  return [...links.entries()]
    .filter(([id]) => id !== gameId)
    .map(([id, other]) => {
      const genres = shared(me.genres, other.genres);
      const developers = shared(me.developers, other.developers);
      const publishers = shared(me.publishers, other.publishers);
      const platforms = shared(me.platforms, other.platforms);
      return {
        id,
        genres,
        developers,
        publishers,
        platforms,
        score: 4 * developers + 3 * genres + 2 * publishers + platforms,
        distance: Math.abs(days(other.date ?? me.date ?? today) - myDate),
      };
    })
    .filter((row) => row.genres > 0 && (row.developers > 0 || row.publishers > 0 || row.platforms > 0))
    .sort((a, b) => b.score - a.score || a.distance - b.distance || a.id - b.id)
    .slice(0, limit)
    .map(({ id, score, genres, developers, publishers, platforms }) => ({
      id,
      score,
      genres,
      developers,
      publishers,
      platforms,
    }));
}

describe('similar games', () => {
  it('rank every demo game exactly as the brute-force scoring does', async () => {
    const links = await catalogueLinks();
    const today = new Date().toISOString().slice(0, 10);
    let withSimilar = 0;
    for (const gameId of links.keys()) {
      const ranked = await similarGames(connection.db, gameId, 24, 10_000);
      const actual = ranked.map((game) => ({
        id: game.id,
        score: game.similarity.score,
        ...omitScore(game.similarity),
      }));
      expect(actual, `game ${gameId}`).toEqual(expectedRanking(links, gameId, 24, today));
      if (actual.length > 0) withSimilar += 1;
    }
    // The comparison means something only if most games have similar games.
    expect(withSimilar).toBeGreaterThan(links.size / 2);
  });

  it('bound the candidates on a platform to the pool released nearest the game', async () => {
    const links = await catalogueLinks();
    const gameId = [...links.entries()].find(([, game]) => game.platforms.size > 0 && game.genres.size > 0)![0];
    const small = await similarGames(connection.db, gameId, 24, 1);
    const large = await similarGames(connection.db, gameId, 24, 10_000);
    expect(small.length).toBeLessThanOrEqual(large.length);
    for (const game of small) expect(large.map((g) => g.id)).toContain(game.id);
  });

  it('has nothing for an unknown game', async () => {
    expect(await similarGames(connection.db, 987_654_321, 6, 10)).toEqual([]);
  });

  it('keeps one generic plan per connection: a later `create or replace` without the setting would re-plan on every call', async () => {
    // Every ranking above ran under this setting, so it is also what the brute force checked.
    const { rows } = await sql<{ config: string[] | null }>`
      select p.proconfig as config from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = 'similar_games'`.execute(connection.db);
    expect(rows.map((row) => row.config)).toEqual([expect.arrayContaining(['plan_cache_mode=force_generic_plan'])]);
  });
});

function omitScore(similarity: {
  score: number;
  genres: number;
  developers: number;
  publishers: number;
  platforms: number;
}) {
  const { score: _score, ...counts } = similarity;
  return counts;
}
