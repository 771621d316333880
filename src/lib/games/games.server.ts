import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '../db/schema.ts';
import { criticSummaryOf } from '../reviews/reviews.ts';
import { userScoreOf } from '../user-reviews/user-reviews.ts';
import { releaseState } from './facets.server.ts';
import type { GameCard, GameDetail, SimilarGame } from './games.ts';

// Names are ordered by lower(): PGlite's C collation would otherwise put every capital
// before every small letter ("Xbox One" before "macOS").

export type GamesQuery<O> = SelectQueryBuilder<Database, 'games', O>;

/**
 * A game's platforms or genres as its card shows them, kept in game_card_links by triggers
 * on the links and the names (its migration says why): a primary-key lookup instead of a
 * join and a sort per card. A game with no links has no row: none of either.
 */
function keptLinks<K extends 'platforms' | 'genres'>(eb: ExpressionBuilder<Database, 'games'>, links: K) {
  return eb.fn
    .coalesce(
      eb
        .selectFrom('game_card_links')
        .select(`game_card_links.${links}` as const)
        .whereRef('game_card_links.game_id', '=', 'games.id'),
      sql`'[]'::json`,
    )
    .$castTo<GameCard[K]>();
}

/** Card columns: one statement per list, related rows folded in as JSON (no query per row). */
export function selectCards<O>(query: GamesQuery<O>) {
  return query.select((eb) => [
    'games.id',
    'games.slug',
    'games.title',
    'games.release_date as releaseDate',
    'games.cover_image_url as coverImageUrl',
    keptLinks(eb, 'platforms').as('platforms'),
    keptLinks(eb, 'genres').as('genres'),
    eb
      .selectFrom('game_critic_stats')
      .select('game_critic_stats.critic_score')
      .whereRef('game_critic_stats.game_id', '=', 'games.id')
      .as('criticScore'),
    eb.fn
      .coalesce(
        eb
          .selectFrom('game_critic_stats')
          .select('game_critic_stats.scored_count')
          .whereRef('game_critic_stats.game_id', '=', 'games.id'),
        sql<number>`0`,
      )
      .as('scoredCount'),
    // The user score's kept sums (primary-key lookups, like the critic stats): never a recount.
    eb.fn
      .coalesce(
        eb
          .selectFrom('game_user_scores')
          .select('game_user_scores.rating_count')
          .whereRef('game_user_scores.game_id', '=', 'games.id'),
        sql<number>`0`,
      )
      .as('userRatingCount'),
    eb.fn
      .coalesce(
        eb
          .selectFrom('game_user_scores')
          .select('game_user_scores.rating_sum')
          .whereRef('game_user_scores.game_id', '=', 'games.id'),
        sql<number>`0`,
      )
      .as('userRatingSum'),
    sql<boolean>`'demo' = any(games.sources)`.as('isDemo'),
  ]);
}

/** Cards for these game ids, in the given order. */
export async function gameCardsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<GameCard[]> {
  if (ids.length === 0) return [];
  const cards = await selectCards(db.selectFrom('games'))
    .where('games.id', 'in', [...ids])
    .execute();
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.map((id) => byId.get(id)).filter((card): card is GameCard => card !== undefined);
}

/** Released on or before `today`, newest first. */
export function recentReleases(db: Kysely<Database>, today: string, limit = 8): Promise<GameCard[]> {
  return selectCards(db.selectFrom('games').where(releaseState({ released: true, today })))
    .orderBy('games.release_date', (ob) => ob.desc().nullsLast())
    .orderBy('games.id', 'desc')
    .limit(sql.lit(limit))
    .execute();
}

/** Releasing after `today`, soonest first. */
export function upcomingReleases(db: Kysely<Database>, today: string, limit = 8): Promise<GameCard[]> {
  return selectCards(db.selectFrom('games').where(releaseState({ released: false, today })))
    .orderBy('games.release_date', (ob) => ob.asc().nullsLast())
    .orderBy('games.id', 'asc')
    .limit(sql.lit(limit))
    .execute();
}

/**
 * A game with everything its pages show about it that is kept beside it, in one statement:
 * the catalogue detail, the kept critic numbers (game_critic_stats), the kept user score
 * (game_user_scores) and the review windows whose reviews are not counted now. Its cards'
 * platforms are its releases' platforms, so they are read once.
 */
export async function getGameBySlug(db: Kysely<Database>, slug: string): Promise<GameDetail | undefined> {
  const row = await gameDetailQuery(db).where('games.slug', '=', slug).executeTakeFirst();
  return row && toGameDetail(row);
}

/** getGameBySlug's statement before its `where`: other reads wrap it to fold more into the same row. */
export function gameDetailQuery(db: Kysely<Database>) {
  return db.selectFrom('games').select((eb) => [
    'games.id',
    'games.slug',
    'games.title',
    'games.release_date',
    'games.cover_image_url',
    'games.summary',
    'games.sources',
    'games.updated_at',
    sql<boolean>`'demo' = any(games.sources)`.as('is_demo'),
    keptLinks(eb, 'genres').as('genres'),
    jsonArrayFrom(
      eb
        .selectFrom('game_platforms')
        .innerJoin('platforms', 'platforms.id', 'game_platforms.platform_id')
        .select([
          'platforms.id',
          'platforms.slug',
          'platforms.name',
          'platforms.abbreviation',
          'game_platforms.release_date as releaseDate',
        ])
        .whereRef('game_platforms.game_id', '=', 'games.id')
        .orderBy('game_platforms.release_date', (ob) => ob.asc().nullsLast())
        .orderBy(sql`lower(platforms.name)`),
    ).as('releases'),
    jsonArrayFrom(
      eb
        .selectFrom('game_developers')
        .innerJoin('companies', 'companies.id', 'game_developers.company_id')
        .select(['companies.slug', 'companies.name'])
        .whereRef('game_developers.game_id', '=', 'games.id')
        .orderBy(sql`lower(companies.name)`),
    ).as('developers'),
    jsonArrayFrom(
      eb
        .selectFrom('game_publishers')
        .innerJoin('companies', 'companies.id', 'game_publishers.company_id')
        .select(['companies.slug', 'companies.name'])
        .whereRef('game_publishers.game_id', '=', 'games.id')
        .orderBy(sql`lower(companies.name)`),
    ).as('publishers'),
    jsonObjectFrom(
      eb.selectFrom('game_critic_stats').selectAll().whereRef('game_critic_stats.game_id', '=', 'games.id'),
    ).as('critic_stats'),
    jsonObjectFrom(
      eb
        .selectFrom('game_user_scores')
        .select([
          'game_user_scores.review_count',
          'game_user_scores.rating_count',
          'game_user_scores.rating_sum',
          'game_user_scores.rating_steps',
        ])
        .whereRef('game_user_scores.game_id', '=', 'games.id'),
    ).as('user_scores'),
    jsonArrayFrom(
      eb
        .selectFrom('user_review_windows')
        .select([
          'user_review_windows.id',
          'user_review_windows.kind',
          'user_review_windows.starts_at',
          'user_review_windows.ends_at',
          'user_review_windows.status',
        ])
        .whereRef('user_review_windows.game_id', '=', 'games.id')
        .where('user_review_windows.status', '<>', sql.lit('cleared'))
        .orderBy('user_review_windows.starts_at'),
    ).as('held_windows'),
  ]);
}

type GameDetailRow = Awaited<ReturnType<ReturnType<typeof gameDetailQuery>['executeTakeFirstOrThrow']>>;

export function toGameDetail(row: GameDetailRow): GameDetail {
  const critic = criticSummaryOf(row.critic_stats);
  const userScore = userScoreOf(row.user_scores);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    releaseDate: row.release_date,
    coverImageUrl: row.cover_image_url,
    platforms: row.releases.map(({ slug, name, abbreviation }) => ({ slug, name, abbreviation })),
    genres: row.genres,
    criticScore: critic.criticScore,
    scoredCount: critic.scoredCount,
    userRatingCount: row.user_scores?.rating_count ?? 0,
    userRatingSum: row.user_scores?.rating_sum ?? 0,
    isDemo: row.is_demo,
    summary: row.summary,
    sources: row.sources,
    updatedAt: row.updated_at,
    releases: row.releases,
    developers: row.developers,
    publishers: row.publishers,
    critic,
    userScore,
    // JSON carries the window's times as text.
    heldWindows: row.held_windows.map((w) => ({
      id: w.id,
      kind: w.kind,
      startsAt: new Date(w.starts_at),
      endsAt: new Date(w.ends_at),
      status: w.status,
    })),
  };
}

/** The most similar games (see public.similar_games: shared developers, genres, publishers, platforms), kept or ranked now. */
export async function similarGames(
  db: Kysely<Database>,
  gameId: number,
  limit: number,
  pool: number,
): Promise<SimilarGame[]> {
  return (await similarGamesQuery(db, gameId, limit, pool).execute()).map(toSimilarGame);
}

/**
 * The ranking and the cards in one statement: the function's rows joined to the games, in
 * its order. The game may be a column of an outer statement (a folded read). The ranking is
 * the kept one when it has this shape (public.kept_similar_games; similar-kept.server.ts).
 */
export function similarGamesQuery(
  db: Kysely<Database>,
  gameId: number | Expression<number>,
  limit: number,
  pool: number,
) {
  const ranked = sql<{
    game_id: number;
    score: number;
    shared_genres: number;
    shared_developers: number;
    shared_publishers: number;
    shared_platforms: number;
    ordinality: number;
  }>`public.kept_similar_games(${gameId}, ${limit}, ${pool}) with ordinality`.as('s');
  return selectCards(db.selectFrom('games'))
    .innerJoin(ranked, (join) => join.onRef('s.game_id', '=', 'games.id'))
    .select(['s.score', 's.shared_genres', 's.shared_developers', 's.shared_publishers', 's.shared_platforms'])
    .orderBy('s.ordinality');
}

type SimilarGameRow = Awaited<ReturnType<ReturnType<typeof similarGamesQuery>['executeTakeFirstOrThrow']>>;

export function toSimilarGame({
  score,
  shared_genres,
  shared_developers,
  shared_publishers,
  shared_platforms,
  ...card
}: SimilarGameRow): SimilarGame {
  return {
    ...card,
    similarity: {
      score,
      genres: shared_genres,
      developers: shared_developers,
      publishers: shared_publishers,
      platforms: shared_platforms,
    },
  };
}
