import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { CHANGE_LOG_PAGE_SIZE, type ChangeLogPage, type ChangeLogQuery } from './admin.ts';

/**
 * What the syncs and the administrators did to the catalogue, newest first, optionally for
 * one run, a page at a time by keyset on the log's id (an index on it, and one per run).
 */
export async function changeLog(
  db: Kysely<Database>,
  query: ChangeLogQuery,
  limit = CHANGE_LOG_PAGE_SIZE,
): Promise<ChangeLogPage> {
  let select = db
    .selectFrom('igdb_changes as c')
    .leftJoin('games as g', 'g.id', 'c.game_id')
    .leftJoin('igdb_match_reviews as r', 'r.igdb_id', 'c.igdb_id')
    .leftJoin('profiles as p', 'p.id', 'c.admin_id')
    .select([
      'c.id',
      'c.at',
      'c.action',
      'c.igdb_id',
      'c.fields',
      'c.run_id',
      'c.admin_id',
      'g.slug',
      'g.title',
      'r.igdb_title',
      'p.username',
    ])
    .orderBy('c.id', 'desc')
    .limit(limit + 1);
  if (query.run !== undefined) select = select.where('c.run_id', '=', query.run);
  if (query.before !== undefined) select = select.where('c.id', '<', query.before);
  const rows = await select.execute();
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => ({
      id: String(row.id),
      at: row.at,
      action: row.action,
      igdbId: row.igdb_id,
      game: row.slug !== null && row.title !== null ? { slug: row.slug, title: row.title } : null,
      igdbTitle: row.igdb_title,
      fields: row.fields,
      runId: row.run_id,
      byAdmin: row.admin_id === null ? null : { username: row.username },
    })),
    nextBefore: rows.length > limit ? String(page.at(-1)?.id) : undefined,
    run: query.run,
    before: query.before,
  };
}
