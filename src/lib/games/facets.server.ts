import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CatalogueFilter, FacetOption, FacetValue } from './facets.ts';

/**
 * The catalogue facets as Kysely query fragments, written once: each is a condition on
 * `games` for `.where()`, usable in any query that has `games` in scope (a plain listing,
 * or games joined to their critic stats for the rankings). Names are ordered by lower():
 * PGlite's C collation would otherwise put every capital before every small letter.
 */

type GamesExpressions = ExpressionBuilder<Database, 'games'>;
export type GamesCondition = (eb: GamesExpressions) => Expression<SqlBool>;

export const onPlatform =
  (platformId: number): GamesCondition =>
  (eb) =>
    eb.exists(
      eb
        .selectFrom('game_platforms')
        .select(sql`1`.as('one'))
        .whereRef('game_platforms.game_id', '=', 'games.id')
        .where('game_platforms.platform_id', '=', platformId),
    );

export const inGenre =
  (genreId: number): GamesCondition =>
  (eb) =>
    eb.exists(
      eb
        .selectFrom('game_genres')
        .select(sql`1`.as('one'))
        .whereRef('game_genres.game_id', '=', 'games.id')
        .where('game_genres.genre_id', '=', genreId),
    );

export const publishedBy =
  (companyId: number): GamesCondition =>
  (eb) =>
    eb.exists(
      eb
        .selectFrom('game_publishers')
        .select(sql`1`.as('one'))
        .whereRef('game_publishers.game_id', '=', 'games.id')
        .where('game_publishers.company_id', '=', companyId),
    );

export const releasedInYears =
  ({ from, to }: { from: number; to: number }): GamesCondition =>
  (eb) =>
    eb.and([eb('games.release_date', '>=', `${from}-01-01`), eb('games.release_date', '<=', `${to}-12-31`)]);

/** Released on or before `today` (a game out today is released), or releasing after it. */
export const releaseState =
  ({ released, today }: { released: boolean; today: string }): GamesCondition =>
  (eb) =>
    released ? eb('games.release_date', '<=', today) : eb('games.release_date', '>', today);

/** The conditions of a filter, to apply with `.where()` one by one. */
export function catalogueConditions(filter: CatalogueFilter): GamesCondition[] {
  const conditions: GamesCondition[] = [];
  if (filter.platformId !== undefined) conditions.push(onPlatform(filter.platformId));
  if (filter.genreId !== undefined) conditions.push(inGenre(filter.genreId));
  if (filter.publisherId !== undefined) conditions.push(publishedBy(filter.publisherId));
  if (filter.years) conditions.push(releasedInYears(filter.years));
  if (filter.when) conditions.push(releaseState(filter.when));
  return conditions;
}

// Facet values ---------------------------------------------------------------------------

export function findPlatform(db: Kysely<Database>, slug: string): Promise<FacetValue | undefined> {
  return db.selectFrom('platforms').select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();
}

export function findGenre(db: Kysely<Database>, slug: string): Promise<FacetValue | undefined> {
  return db.selectFrom('genres').select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();
}

/** The facet values behind slugs; `missing` when a slug given names nothing. */
export async function findFacets(
  db: Kysely<Database>,
  slugs: { platform?: string | undefined; genre?: string | undefined },
): Promise<{ platform?: FacetValue | undefined; genre?: FacetValue | undefined; missing: boolean }> {
  const [platform, genre] = await Promise.all([
    slugs.platform ? findPlatform(db, slugs.platform) : undefined,
    slugs.genre ? findGenre(db, slugs.genre) : undefined,
  ]);
  return { platform, genre, missing: Boolean((slugs.platform && !platform) || (slugs.genre && !genre)) };
}

/** Platforms that have at least one game, for the filters. */
export function platformOptions(db: Kysely<Database>): Promise<FacetOption[]> {
  return db
    .selectFrom('platforms')
    .select(['platforms.slug', 'platforms.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('game_platforms')
          .select(sql`1`.as('one'))
          .whereRef('game_platforms.platform_id', '=', 'platforms.id'),
      ),
    )
    .orderBy(sql`lower(platforms.name)`)
    .execute();
}

/** Genres that have at least one game, for the filters. */
export function genreOptions(db: Kysely<Database>): Promise<FacetOption[]> {
  return db
    .selectFrom('genres')
    .select(['genres.slug', 'genres.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('game_genres')
          .select(sql`1`.as('one'))
          .whereRef('game_genres.genre_id', '=', 'genres.id'),
      ),
    )
    .orderBy(sql`lower(genres.name)`)
    .execute();
}

/** Every year from the latest release back to the first, newest first. */
export async function releaseYears(db: Kysely<Database>): Promise<number[]> {
  const span = await db
    .selectFrom('games')
    .select([
      sql<number | null>`extract(year from min(release_date))::int`.as('first'),
      sql<number | null>`extract(year from max(release_date))::int`.as('last'),
    ])
    .executeTakeFirst();
  const years: number[] = [];
  if (span?.first && span.last) for (let year = span.last; year >= span.first; year -= 1) years.push(year);
  return years;
}
