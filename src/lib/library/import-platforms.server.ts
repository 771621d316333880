import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ImportRow } from './import.ts';
import { matchPlatform } from './import-platforms.ts';

/** Each platform name the rows use -> the site's platform id, or null when the site has no such platform. */
export async function resolvePlatforms(
  db: Kysely<Database>,
  rows: readonly ImportRow[],
): Promise<Map<string, number | null>> {
  const names = [...new Set(rows.flatMap((row) => (row.platform ? [row.platform] : [])))];
  if (names.length === 0) return new Map();
  const platforms = await db.selectFrom('platforms').select(['id', 'slug', 'name', 'abbreviation']).execute();
  return new Map(names.map((name) => [name, matchPlatform(name, platforms)?.id ?? null]));
}
