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
 * under a millisecond), then games one of whose alternative names (game_alternative_names:
 * translations, abbreviations) starts with it, and only when those are too few fills up
 * with fuzzy matches:
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
/** Alternative names read for the typeahead: a game may have several that match. */
const ALTERNATIVE_CANDIDATES = 2 * SUGGESTION_LIMIT;

/** The query's words as title_words() splits titles: letters and digits, lower-cased. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** `also`: the alternative name it was found by, when not by its title. */
type SuggestedGame = { slug: string; title: string; release_date: string | null; also?: string | null };

type FoundGame = SuggestedGame & { id: number };

async function fuzzyGames(
  db: Kysely<Database>,
  query: string,
  exclude: { prefix: string; ids: number[] },
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
      where ${sql.join(conditions, sql` and `)} and not lower(title) like ${exclude.prefix}
        and id <> all(${exclude.ids}::int[])
      limit ${FUZZY_CANDIDATES}
    ) as candidates
    order by extensions.word_similarity(${query}, lower(title)) desc, lower(title), id
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/**
 * Titles starting with the query first (a btree range), then alternative names starting with
 * it (a btree range too; each game once, and not again when its title matched), then fuzzy
 * title matches to fill up.
 */
async function suggestedGames(db: Kysely<Database>, query: string): Promise<SuggestedGame[]> {
  const prefix = `${escapeLike(query)}%`;
  const games = await sql<FoundGame>`
    select id, slug, title, release_date, also from (
      (select g.id, g.slug, g.title, g.release_date, 0 as via, lower(g.title) as key, null::text as also from public.games g
        where lower(g.title) like ${prefix}
        order by lower(g.title), g.id
        limit ${SUGGESTION_LIMIT})
      union all
      (select g.id, g.slug, g.title, g.release_date, 1 as via, lower(a.name) as key, a.name as also
        from public.game_alternative_names a join public.games g on g.id = a.game_id
        where lower(a.name) like ${prefix} and not lower(g.title) like ${prefix}
        order by lower(a.name), g.id
        limit ${ALTERNATIVE_CANDIDATES})
    ) as found
    order by via, key, id
  `.execute(db);
  const seen = new Set<number>();
  const found: SuggestedGame[] = games.rows
    .filter((game) => !seen.has(game.id) && seen.add(game.id))
    .slice(0, SUGGESTION_LIMIT);
  if (found.length < SUGGESTION_LIMIT)
    found.push(...(await fuzzyGames(db, query, { prefix, ids: [...seen] }, SUGGESTION_LIMIT - found.length)));
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
      // The name it was found by goes with the title, which wraps; the year beside it does not.
      label: game.also ? `${game.title} (also “${game.also}”)` : game.title,
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
 * Full results for /games?q=: games whose title or one of whose alternative names contains
 * the query or a word similar to it, each game once. Titles starting with the query first,
 * then games with an alternative name starting with it, then by the closer of the title's
 * and the alternative names' similarity.
 */
export async function searchGames(db: Kysely<Database>, query: string, page: number): Promise<Paged<GameCard>> {
  const request = { page, pageSize: SEARCH_PAGE_SIZE };
  if (!isSearchable(query)) return toPaged([], 0, request);
  const contains = `%${escapeLike(query)}%`;
  const prefix = `${escapeLike(query)}%`;
  // Each side over its own indexes (an OR across the two tables would read every game).
  const base = db.selectFrom('games').where(
    sql<boolean>`games.id in (
      select g.id from public.games g
        where lower(g.title) like ${contains} or ${query} operator(extensions.<%) lower(g.title)
      union
      select a.game_id from public.game_alternative_names a
        where lower(a.name) like ${contains} or ${query} operator(extensions.<%) lower(a.name)
    )`,
  );
  const ranked = selectCards(base)
    .orderBy(sql`lower(games.title) like ${prefix}`, 'desc')
    .orderBy(
      sql`exists (select 1 from public.game_alternative_names a where a.game_id = games.id and lower(a.name) like ${prefix})`,
      'desc',
    )
    .orderBy(
      sql`greatest(extensions.word_similarity(${query}, lower(games.title)), (
        select max(extensions.word_similarity(${query}, lower(a.name))) from public.game_alternative_names a where a.game_id = games.id))`,
      'desc',
    )
    .orderBy(sql`lower(games.title)`)
    .orderBy('games.id');
  return paginate(ranked, countRows(base), request);
}
