import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Takes the likes that have left the popular window (30 days) out of their lists'
 * recent_likes_count, oldest first, at most `batch` of them (the next run does the rest).
 * The likes' triggers do the counting; this only marks the likes, so a second run finds
 * nothing to do. Returns how many likes left the window.
 */
export async function ageListLikes(db: Kysely<Database>, batch: number): Promise<number> {
  const aged = await db
    .updateTable('user_list_likes')
    .set({ in_window: false })
    .where((eb) =>
      eb(
        eb.refTuple('list_id', 'user_id'),
        'in',
        eb
          .selectFrom('user_list_likes as due')
          .select(['due.list_id', 'due.user_id'])
          .where('due.in_window', '=', sql.lit(true))
          .where('due.created_at', '<=', sql<Date>`now() - public.popular_list_window()`)
          .orderBy('due.created_at')
          .limit(batch)
          .$asTuple('list_id', 'user_id'),
      ),
    )
    .executeTakeFirst();
  return Number(aged.numUpdatedRows);
}
