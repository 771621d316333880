import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { catalogueConditions, findGenre } from '../games/facets.server.ts';
import type { FacetValue } from '../games/facets.ts';
import type { Paged } from '../navigation/pagination.ts';
import { countRows, paginate } from '../navigation/pagination.server.ts';
import { BEST_REVIEWED_PAGE_SIZE, type RankedGame } from './reviews.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

/**
 * Games ranked by critic score: the best-reviewed lists of /reviews/{genre}[/{year}] and
 * the home page's top-rated recent releases. Only games with a critic score are ranked
 * (MIN_SCORED_REVIEWS scored reviews), highest first, more scored reviews first on a tie.
 */

/** Best-reviewed games, optionally of one genre and one release year. */
export function bestReviewed(
  db: Kysely<Database>,
  filter: { genreId?: number | undefined; year?: number | undefined },
  page: number,
): Promise<Paged<RankedGame>> {
  let base = db
    .selectFrom('game_critic_stats')
    .innerJoin('games', 'games.id', 'game_critic_stats.game_id')
    .where('game_critic_stats.critic_score', 'is not', null);
  const withUserScores = (query: typeof base) =>
    query.leftJoin('game_user_scores', 'game_user_scores.game_id', 'games.id');
  const years = filter.year === undefined ? undefined : { from: filter.year, to: filter.year };
  for (const condition of catalogueConditions({ genreId: filter.genreId, years })) base = base.where(condition);
  const ranked = withUserScores(base)
    .select([
      'games.id',
      'games.slug',
      'games.title',
      'games.release_date as releaseDate',
      'games.cover_image_url as coverImageUrl',
      sql<number>`game_critic_stats.critic_score`.as('criticScore'),
      'game_critic_stats.scored_count as scoredCount',
      'game_critic_stats.review_count as reviewCount',
      'game_critic_stats.recommend_percent as recommendPercent',
      sql<number>`coalesce(game_user_scores.rating_count, 0)`.as('userRatingCount'),
      sql<number>`coalesce(game_user_scores.rating_sum, 0)`.as('userRatingSum'),
    ])
    .orderBy('game_critic_stats.critic_score', 'desc')
    .orderBy('game_critic_stats.scored_count', 'desc')
    .orderBy('games.id');
  return paginate(ranked, countRows(base), { page, pageSize: BEST_REVIEWED_PAGE_SIZE });
}

/** Release years that have at least one scored game of a genre, newest first. */
export async function scoredYears(db: Kysely<Database>, genreId: number): Promise<number[]> {
  const rows = await sql<{ year: number }>`
    select distinct extract(year from g.release_date)::int as year
    from public.game_critic_stats s
    join public.games g on g.id = s.game_id
    join public.game_genres gg on gg.game_id = g.id and gg.genre_id = ${genreId}
    where s.critic_score is not null and g.release_date is not null
    order by year desc
  `.execute(db);
  return rows.rows.map((row) => row.year);
}

export interface GenreRanking {
  genre: FacetValue;
  ranking: Paged<RankedGame>;
  /** The years to narrow the ranking to (on the page of every year only). */
  years: number[];
}

/**
 * /reviews/{genre} and /reviews/{genre}/{year}: the genre, its ranking, and (without a
 * year) the years it can be narrowed to. Undefined when the genre does not exist.
 */
export async function genreRanking(
  db: Kysely<Database>,
  request: { genre: string; year?: number | undefined; page: number },
): Promise<GenreRanking | undefined> {
  const genre = await findGenre(db, request.genre);
  if (!genre) return undefined;
  const [ranking, years] = await Promise.all([
    bestReviewed(db, { genreId: genre.id, year: request.year }, request.page),
    request.year === undefined ? scoredYears(db, genre.id) : [],
  ]);
  return { genre, ranking, years };
}

/**
 * "Top-rated recent releases": among the `recent` most recently released games that have
 * a critic score, the best `limit` by score.
 */
export async function topRatedRecent(
  db: Kysely<Database>,
  today: string,
  limit = 6,
  recent = 48,
): Promise<RankedGame[]> {
  const rows = await sql<RankedGame>`
    select * from (
      select g.id, g.slug, g.title, g.release_date as "releaseDate", g.cover_image_url as "coverImageUrl",
        s.critic_score as "criticScore", s.scored_count as "scoredCount", s.review_count as "reviewCount",
        s.recommend_percent as "recommendPercent",
        coalesce(u.rating_count, 0) as "userRatingCount", coalesce(u.rating_sum, 0) as "userRatingSum"
      from public.games g
      join public.game_critic_stats s on s.game_id = g.id and s.critic_score is not null
      left join public.game_user_scores u on u.game_id = g.id
      -- The day and the counts are written in (the server's date, not input): a bound PostgreSQL
      -- cannot see makes its kept plan look dearer, and the home page was planned on every call.
      where g.release_date <= ${sql.lit(today)}::date
      order by g.release_date desc nulls last, g.id desc
      limit ${sql.lit(recent)}
    ) recent
    order by "criticScore" desc, "scoredCount" desc, id
    limit ${sql.lit(limit)}
  `.execute(db);
  return rows.rows;
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/reviews/[genre]': 3,
  '/reviews/[genre]/[year]': 2,
} as const satisfies QueryBudgets;
