import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import { normaliseQuery } from '../../src/lib/search/search.ts';
import { suggest } from '../../src/lib/search/search.server.ts';
import { json } from '../http.ts';
import type { QueryBudgets } from '../../src/lib/db/query-budgets.ts';

/**
 * GET /api/search?q=: typeahead suggestions (games, then outlets) for the header search.
 * Public and the same for everyone, so the route cache keeps answers by query string.
 */
export async function handleSearch(request: Request, db: Kysely<Database>): Promise<Response> {
  const query = normaliseQuery(new URL(request.url).searchParams.get('q'));
  const suggestions = await suggest(db, query);
  // Browsers may keep an answer briefly too; the cache rule governs shared caches.
  return json({ query, suggestions }, { headers: { 'cache-control': 'public, max-age=60' } });
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  // titles by prefix, then, when they do not fill the list, the word dictionary and the fuzzy matches
  '/api/search': 3,
} as const satisfies QueryBudgets;
