import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../db/schema.ts';
import { PLAY_STATUSES } from '../library/play-status.ts';
import {
  isActiveYear,
  rankTallies,
  ratingHistogram,
  STATS_LIMITS,
  summariseYears,
  type ProfileStats,
  type Tally,
  type YearInReview,
} from './stats.ts';

export type { ProfileStats, YearInReview };

/**
 * A player's stats, read from the kept figures (user_year_stats, user_year_genres,
 * user_year_platforms, user_rating_counts: triggers keep them in each write's transaction,
 * migration 20261129070000). Each loader is one statement. Callers check privacy first.
 */

type Db = Kysely<Database>;

const yearColumns = [
  'year',
  'games_played as gamesPlayed',
  'games_finished as gamesFinished',
  sql<number>`hours::float8`.as('hours'),
  'reviews',
  'lists',
] as const;

interface TallyRow {
  name: string;
  games: number;
  hours: number;
}

const toTallies = (rows: readonly TallyRow[]): Tally[] =>
  rows.map((row) => ({ name: row.name, games: Number(row.games), hours: Number(row.hours) }));

/** Everything the profile's stats show, in one statement. */
export async function profileStats(db: Db, userId: string): Promise<ProfileStats> {
  const row = await db
    .selectNoFrom((eb) => [
      jsonArrayFrom(eb.selectFrom('user_year_stats').select(yearColumns).where('user_id', '=', userId)).as('years'),
      jsonArrayFrom(eb.selectFrom('user_rating_counts').select(['rating', 'reviews']).where('user_id', '=', userId)).as(
        'ratings',
      ),
      jsonArrayFrom(
        eb
          .selectFrom('user_year_genres as k')
          .innerJoin('genres as g', 'g.id', 'k.genre_id')
          .select(['g.name', sql<number>`sum(k.games)::int`.as('games'), sql<number>`sum(k.hours)::float8`.as('hours')])
          .where('k.user_id', '=', userId)
          .groupBy('g.name'),
      ).as('genres'),
      jsonArrayFrom(
        eb
          .selectFrom('user_year_platforms as k')
          .innerJoin('platforms as p', 'p.id', 'k.platform_id')
          .select(['p.name', sql<number>`sum(k.games)::int`.as('games'), sql<number>`sum(k.hours)::float8`.as('hours')])
          .where('k.user_id', '=', userId)
          .groupBy('p.name'),
      ).as('platforms'),
      sql<{ status: string; slug: string; title: string; coverImageUrl: string | null }[]>`(
        select coalesce(json_agg(json_build_object('status', s.status, 'slug', c.slug, 'title', c.title,
                 'coverImageUrl', c.cover_image_url) order by s.ord, c.updated_at desc), '[]')
          from unnest(array[${sql.join(PLAY_STATUSES.map((status) => sql.lit(status)))}]::text[]) with ordinality as s (status, ord)
          cross join lateral (
            select g.slug, g.title, g.cover_image_url, ug.updated_at
              from public.user_games ug join public.games g on g.id = ug.game_id
             where ug.user_id = ${userId} and ug.status = s.status
             order by ug.updated_at desc
             limit ${sql.lit(STATS_LIMITS.coversPerStatus)}
          ) c
      )`.as('covers'),
    ])
    .executeTakeFirstOrThrow();
  const covers = row.covers;
  const coverWall = PLAY_STATUSES.map((status) => ({
    status,
    games: covers
      .filter((game) => game.status === status)
      .map(({ slug, title, coverImageUrl }) => ({ slug, title, coverImageUrl })),
  })).filter((shelf) => shelf.games.length > 0);
  return {
    ...summariseYears(row.years),
    ratings: ratingHistogram(row.ratings),
    genres: rankTallies(toTallies(row.genres), STATS_LIMITS.favourites),
    platforms: rankTallies(toTallies(row.platforms), STATS_LIMITS.favourites),
    coverWall,
  };
}

/** A player's year, or undefined when the year has no activity (the page's 404). One statement. */
export async function yearInReview(db: Db, userId: string, year: number): Promise<YearInReview | undefined> {
  const from = `${String(year).padStart(4, '0')}-01-01`;
  const to = `${String(year + 1).padStart(4, '0')}-01-01`;
  const row = await db
    .selectNoFrom((eb) => [
      jsonArrayFrom(eb.selectFrom('user_year_stats').select(yearColumns).where('user_id', '=', userId)).as('years'),
      jsonArrayFrom(
        eb
          .selectFrom('user_year_genres as k')
          .innerJoin('genres as g', 'g.id', 'k.genre_id')
          .select(['g.name', 'k.games', sql<number>`k.hours::float8`.as('hours')])
          .where('k.user_id', '=', userId)
          .where('k.year', '=', year),
      ).as('genres'),
      jsonArrayFrom(
        eb
          .selectFrom('user_year_platforms as k')
          .innerJoin('platforms as p', 'p.id', 'k.platform_id')
          .select(['p.name', 'k.games', sql<number>`k.hours::float8`.as('hours')])
          .where('k.user_id', '=', userId)
          .where('k.year', '=', year),
      ).as('platforms'),
      jsonArrayFrom(
        eb
          .selectFrom('user_reviews as r')
          .innerJoin('games as g', 'g.id', 'r.game_id')
          .select(['g.slug', 'g.title', 'g.cover_image_url as coverImageUrl', 'r.rating'])
          .where('r.user_id', '=', userId)
          .where('r.created_at', '>=', sql<Date>`${from}::timestamp at time zone 'UTC'`)
          .where('r.created_at', '<', sql<Date>`${to}::timestamp at time zone 'UTC'`)
          .where('r.hidden', '=', sql.lit(false))
          .orderBy('r.rating', 'desc')
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(STATS_LIMITS.bestRated),
      ).as('bestRated'),
      jsonArrayFrom(
        eb
          .selectFrom('user_games as ug')
          .innerJoin('games as g', 'g.id', 'ug.game_id')
          .select(['g.slug', 'g.title', 'g.cover_image_url as coverImageUrl'])
          .where('ug.user_id', '=', userId)
          .where('ug.finished_on', '>=', sql<string>`${from}::date`)
          .where('ug.finished_on', '<', sql<string>`${to}::date`)
          .orderBy('ug.finished_on', 'desc')
          .orderBy('ug.game_id')
          .limit(STATS_LIMITS.finishedCovers),
      ).as('finished'),
    ])
    .executeTakeFirstOrThrow();
  const active = row.years.filter(isActiveYear);
  const figures = active.find((kept) => kept.year === year);
  if (!figures) return undefined;
  return {
    figures,
    otherYears: active
      .map((kept) => kept.year)
      .filter((other) => other !== year)
      .toSorted((a, b) => b - a),
    bestRated: row.bestRated,
    finished: row.finished,
    genre: rankTallies(toTallies(row.genres), 1)[0] ?? null,
    platform: rankTallies(toTallies(row.platforms), 1)[0] ?? null,
  };
}
