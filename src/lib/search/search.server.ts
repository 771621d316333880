import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { formatYear } from '../format/dates.ts';
import { selectCards } from '../games/games.server.ts';
import type { GameCard } from '../games/games.ts';
import { toPaged, type Paged } from '../navigation/pagination.ts';
import { countRows, paginate } from '../navigation/pagination.server.ts';
import {
  escapeLike,
  isSearchable,
  OUTLET_SUGGESTION_LIMIT,
  SUGGESTION_LIMIT,
  type SearchSuggestion,
} from './search.ts';

/**
 * Typo-tolerant search over game titles and outlet names (pg_trgm, in the `extensions`
 * schema). Typeahead first takes titles that start with the query (a btree range, well
 * under a millisecond), and only when those are too few fills up with fuzzy matches:
 * each typed word is matched against the dictionary of title words (search_words: prefix
 * or trigram similarity, a few candidates per word), then the games whose titles contain
 * a candidate for every typed word come from the GIN index on title_words(title). That
 * costs a few milliseconds on 100 000 games, where matching whole titles by trigrams
 * cost ten or more (see public.title_words in the baseline migration).
 */

/** Games collected before ranking; the full list is /games?q=. */
const FUZZY_CANDIDATES = 64;
/** Dictionary words tried for each typed word. */
const WORD_CANDIDATES = 5;
/** Typed words used by the typeahead (more add little and cost an index condition each). */
const MAX_WORDS = 4;

/** The query's words as title_words() splits titles: letters and digits, lower-cased. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

type SuggestedGame = { slug: string; title: string; release_date: string | null };

async function fuzzyGames(
  db: Kysely<Database>,
  query: string,
  exclude: string,
  limit: number,
): Promise<SuggestedGame[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  // One array of dictionary candidates per typed word; a game must contain one of each.
  const conditions = words.map(
    (word) => sql`public.title_words(title) && (
      select coalesce(array_agg(candidate.word), '{}') from (
        select search_words.word from public.search_words
        where search_words.word like ${`${escapeLike(word)}%`} or search_words.word operator(extensions.%) ${word}
        order by search_words.word like ${`${escapeLike(word)}%`} desc, extensions.similarity(search_words.word, ${word}) desc, search_words.word
        limit ${WORD_CANDIDATES}
      ) as candidate
    )`,
  );
  const result = await sql<SuggestedGame>`
    select slug, title, release_date from (
      select id, slug, title, release_date from public.games
      where ${sql.join(conditions, sql` and `)} and not lower(title) like ${exclude}
      limit ${FUZZY_CANDIDATES}
    ) as candidates
    order by extensions.word_similarity(${query}, lower(title)) desc, lower(title), id
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/** Titles starting with the query first (a btree range), then fuzzy matches to fill up. */
async function suggestedGames(db: Kysely<Database>, query: string): Promise<SuggestedGame[]> {
  const prefix = `${escapeLike(query)}%`;
  const games = await sql<SuggestedGame>`
    select slug, title, release_date from public.games
    where lower(title) like ${prefix}
    order by lower(title), id
    limit ${SUGGESTION_LIMIT}
  `.execute(db);
  const found = games.rows;
  if (found.length < SUGGESTION_LIMIT)
    found.push(...(await fuzzyGames(db, query, prefix, SUGGESTION_LIMIT - found.length)));
  return found;
}

export async function suggest(db: Kysely<Database>, query: string): Promise<SearchSuggestion[]> {
  if (!isSearchable(query)) return [];
  const prefix = `${escapeLike(query)}%`;
  // Games and outlets are independent: asked at once, the answer waits for the slower only.
  const [found, outlets] = await Promise.all([
    suggestedGames(db, query),
    sql<{ slug: string; name: string }>`
      select slug, name from public.outlets
      where lower(name) like ${`%${escapeLike(query)}%`} or ${query} operator(extensions.<%) lower(name)
      order by lower(name) like ${prefix} desc, extensions.word_similarity(${query}, lower(name)) desc, lower(name)
      limit ${OUTLET_SUGGESTION_LIMIT}
    `.execute(db),
  ]);
  return [
    ...found.map((game) => ({
      kind: 'game' as const,
      label: game.title,
      detail: formatYear(game.release_date),
      href: `/games/${game.slug}`,
    })),
    ...outlets.rows.map((outlet) => ({
      kind: 'outlet' as const,
      label: outlet.name,
      detail: 'Outlet',
      href: `/outlet/${outlet.slug}`,
    })),
  ];
}

export const SEARCH_PAGE_SIZE = 24;

/**
 * Full results for /games?q=: titles containing the query or a word similar to it;
 * titles starting with the query first, then by similarity.
 */
export async function searchGames(db: Kysely<Database>, query: string, page: number): Promise<Paged<GameCard>> {
  const request = { page, pageSize: SEARCH_PAGE_SIZE };
  if (!isSearchable(query)) return toPaged([], 0, request);
  const contains = `%${escapeLike(query)}%`;
  const prefix = `${escapeLike(query)}%`;
  const base = db
    .selectFrom('games')
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(games.title) like ${contains}`,
        sql<boolean>`${query} operator(extensions.<%) lower(games.title)`,
      ]),
    );
  const ranked = selectCards(base)
    .orderBy(sql`lower(games.title) like ${prefix}`, 'desc')
    .orderBy(sql`extensions.word_similarity(${query}, lower(games.title))`, 'desc')
    .orderBy(sql`lower(games.title)`)
    .orderBy('games.id');
  return paginate(ranked, countRows(base), request);
}
