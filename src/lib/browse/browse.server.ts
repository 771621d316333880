import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { selectCards } from '../games/games.server.ts';
import type { GameCard } from '../games/games.ts';
import { pageCount } from '../navigation/pagination.ts';
import { BROWSE_PAGE_SIZE, type BrowseFacets, type BrowseSort } from './browse.ts';

export interface ResolvedFacets {
  platform?: { id: number; slug: string; name: string } | undefined;
  genre?: { id: number; slug: string; name: string } | undefined;
  year?: number | undefined;
}

/** Looks the facet slugs up; undefined when one names nothing (then the path is not a page). */
export async function resolveFacets(db: Kysely<Database>, facets: BrowseFacets): Promise<ResolvedFacets | undefined> {
  const [platform, genre] = await Promise.all([
    facets.platform
      ? db.selectFrom('platforms').select(['id', 'slug', 'name']).where('slug', '=', facets.platform).executeTakeFirst()
      : undefined,
    facets.genre ? db.selectFrom('genres').select(['id', 'slug', 'name']).where('slug', '=', facets.genre).executeTakeFirst() : undefined,
  ]);
  if ((facets.platform && !platform) || (facets.genre && !genre)) return undefined;
  return { platform, genre, year: facets.year };
}

export async function browseGames(
  db: Kysely<Database>,
  facets: ResolvedFacets,
  sort: BrowseSort,
  pageNumber: number,
): Promise<{ games: GameCard[]; total: number; pageCount: number }> {
  let base = db.selectFrom('games');
  if (facets.platform) {
    const platformId = facets.platform.id;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('game_platforms')
          .select(sql`1`.as('one'))
          .whereRef('game_platforms.game_id', '=', 'games.id')
          .where('game_platforms.platform_id', '=', platformId),
      ),
    );
  }
  if (facets.genre) {
    const genreId = facets.genre.id;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('game_genres')
          .select(sql`1`.as('one'))
          .whereRef('game_genres.game_id', '=', 'games.id')
          .where('game_genres.genre_id', '=', genreId),
      ),
    );
  }
  if (facets.year !== undefined) {
    base = base.where('games.release_date', '>=', `${facets.year}-01-01`).where('games.release_date', '<=', `${facets.year}-12-31`);
  }
  let listed = selectCards(base);
  if (sort === 'score') {
    listed = listed
      .orderBy(
        (eb) => eb.selectFrom('game_critic_stats').select('critic_score').whereRef('game_critic_stats.game_id', '=', 'games.id'),
        (ob) => ob.desc().nullsLast(),
      )
      .orderBy('games.id');
  } else if (sort === 'title') {
    listed = listed.orderBy(sql`lower(games.title)`).orderBy('games.id');
  } else {
    listed = listed.orderBy('games.release_date', (ob) => ob.desc().nullsLast()).orderBy('games.id', 'desc');
  }
  const [games, count] = await Promise.all([
    listed.limit(BROWSE_PAGE_SIZE).offset((pageNumber - 1) * BROWSE_PAGE_SIZE).execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { games, total: count.total, pageCount: pageCount(count.total, BROWSE_PAGE_SIZE) };
}

/** Games released by a publisher, newest first. */
export async function publisherGames(
  db: Kysely<Database>,
  companyId: number,
  pageNumber: number,
): Promise<{ games: GameCard[]; total: number; pageCount: number }> {
  const base = db
    .selectFrom('games')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('game_publishers')
          .select(sql`1`.as('one'))
          .whereRef('game_publishers.game_id', '=', 'games.id')
          .where('game_publishers.company_id', '=', companyId),
      ),
    );
  const [games, count] = await Promise.all([
    selectCards(base)
      .orderBy('games.release_date', (ob) => ob.desc().nullsLast())
      .orderBy('games.id', 'desc')
      .limit(BROWSE_PAGE_SIZE)
      .offset((pageNumber - 1) * BROWSE_PAGE_SIZE)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { games, total: count.total, pageCount: pageCount(count.total, BROWSE_PAGE_SIZE) };
}

export function getCompanyBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('companies').select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();
}

/** The facet values to offer on /browse: every platform and genre that has games. */
export async function facetOptions(db: Kysely<Database>) {
  const [platforms, genres, years] = await Promise.all([
    sql<{ slug: string; name: string }>`
      select p.slug, p.name from public.platforms p
      where exists (select 1 from public.game_platforms gp where gp.platform_id = p.id)
      order by lower(p.name)
    `.execute(db),
    sql<{ slug: string; name: string }>`
      select g.slug, g.name from public.genres g
      where exists (select 1 from public.game_genres gg where gg.genre_id = g.id)
      order by lower(g.name)
    `.execute(db),
    sql<{ first: number | null; last: number | null }>`
      select extract(year from min(release_date))::int as first, extract(year from max(release_date))::int as last from public.games
    `.execute(db),
  ]);
  const span = years.rows[0];
  const yearList: number[] = [];
  if (span?.first && span.last) for (let year = span.last; year >= span.first; year -= 1) yearList.push(year);
  return { platforms: platforms.rows, genres: genres.rows, years: yearList };
}
