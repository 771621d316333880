import type { Kysely } from 'kysely';
import type { Database } from '../src/lib/db/schema.ts';
import { normaliseQuery } from '../src/lib/search/search.ts';
import { suggest } from '../src/lib/search/search.server.ts';
import { json } from './http.ts';

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
