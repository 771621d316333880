import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { selectCards, type GameCard } from '../games/games.server.ts';
import { pageCount } from '../navigation/pagination.ts';
import { escapeLike, isSearchable, OUTLET_SUGGESTION_LIMIT, SUGGESTION_LIMIT, type SearchSuggestion } from './search.ts';

/**
 * Typo-tolerant search over game titles and outlet names (pg_trgm, in the `extensions`
 * schema). Typeahead first takes titles that start with the query (a btree range, well
 * under a millisecond), and only when those are too few fills up with fuzzy matches:
 * titles containing a word similar to the query (the <% word-similarity operator, served
 * by the GIN trigram index), best match first.
 */

function year(date: string | null): string {
  return date ? date.slice(0, 4) : 'TBA';
}

const FUZZY_CANDIDATES = 64;

export async function suggest(db: Kysely<Database>, query: string): Promise<SearchSuggestion[]> {
  if (!isSearchable(query)) return [];
  const prefix = `${escapeLike(query)}%`;
  const games = await sql<{ slug: string; title: string; release_date: string | null }>`
    select slug, title, release_date from public.games
    where lower(title) like ${prefix}
    order by lower(title), id
    limit ${SUGGESTION_LIMIT}
  `.execute(db);
  const found = games.rows;
  if (found.length < SUGGESTION_LIMIT) {
    // A common word matches thousands of titles; ranking them all would cost tens of
    // milliseconds, so the best matches are picked among the first FUZZY_CANDIDATES that
    // pass the similarity threshold (the full list is /games?q=).
    const fuzzy = await sql<{ slug: string; title: string; release_date: string | null }>`
      select slug, title, release_date from (
        select id, slug, title, release_date from public.games
        where ${query} operator(extensions.<%) lower(title) and not lower(title) like ${prefix}
        limit ${FUZZY_CANDIDATES}
      ) candidates
      order by extensions.word_similarity(${query}, lower(title)) desc, lower(title), id
      limit ${SUGGESTION_LIMIT - found.length}
    `.execute(db);
    found.push(...fuzzy.rows);
  }
  const outlets = await sql<{ slug: string; name: string }>`
    select slug, name from public.outlets
    where lower(name) like ${`%${escapeLike(query)}%`} or ${query} operator(extensions.<%) lower(name)
    order by lower(name) like ${prefix} desc, extensions.word_similarity(${query}, lower(name)) desc, lower(name)
    limit ${OUTLET_SUGGESTION_LIMIT}
  `.execute(db);
  return [
    ...found.map((game) => ({ kind: 'game' as const, label: game.title, detail: year(game.release_date), href: `/games/${game.slug}` })),
    ...outlets.rows.map((outlet) => ({ kind: 'outlet' as const, label: outlet.name, detail: 'Outlet', href: `/outlet/${outlet.slug}` })),
  ];
}

export const SEARCH_PAGE_SIZE = 24;

/**
 * Full results for /games?q=: titles containing the query or a word similar to it;
 * titles starting with the query first, then by similarity.
 */
export async function searchGames(
  db: Kysely<Database>,
  query: string,
  pageNumber: number,
): Promise<{ games: GameCard[]; total: number; pageCount: number }> {
  if (!isSearchable(query)) return { games: [], total: 0, pageCount: 1 };
  const contains = `%${escapeLike(query)}%`;
  const prefix = `${escapeLike(query)}%`;
  const base = db
    .selectFrom('games')
    .where((eb) => eb.or([sql<boolean>`lower(games.title) like ${contains}`, sql<boolean>`${query} operator(extensions.<%) lower(games.title)`]));
  const [games, count] = await Promise.all([
    selectCards(base)
      .orderBy(sql`lower(games.title) like ${prefix}`, 'desc')
      .orderBy(sql`extensions.word_similarity(${query}, lower(games.title))`, 'desc')
      .orderBy(sql`lower(games.title)`)
      .orderBy('games.id')
      .limit(SEARCH_PAGE_SIZE)
      .offset((pageNumber - 1) * SEARCH_PAGE_SIZE)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { games, total: count.total, pageCount: pageCount(count.total, SEARCH_PAGE_SIZE) };
}
