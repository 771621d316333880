import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { dayWindow, detectAnomalies, REVIEW_BOMB, DAY_MS, type Anomaly } from './review-bomb.ts';

type Db = Kysely<Database>;

/**
 * Looks for review bursts on the UTC days since `since` (default: yesterday and today) and
 * opens a flagged anomaly window for each, in the caller's transaction. Idempotent: a day
 * already flagged (or confirmed, or cleared by an administrator) is left as it is.
 */
export async function detectReviewBombs(
  db: Db,
  now: Date,
  since: Date = new Date(now.getTime() - DAY_MS),
): Promise<{ gameId: number; anomaly: Anomaly }[]> {
  const firstDay = since.toISOString().slice(0, 10);
  const baselineFrom = new Date(Date.parse(`${firstDay}T00:00:00Z`) - REVIEW_BOMB.baselineDays * DAY_MS);
  // Only games with at least the minimum of reviews on one of the checked days can burst.
  const candidates = await db
    .selectFrom('user_reviews')
    .select('game_id')
    .where('created_at', '>=', new Date(`${firstDay}T00:00:00Z`))
    .groupBy(['game_id', sql`(created_at at time zone 'UTC')::date`])
    .having(sql`count(*)`, '>=', REVIEW_BOMB.minDayCount)
    .execute();
  const gameIds = [...new Set(candidates.map((c) => c.game_id))];
  const opened: { gameId: number; anomaly: Anomaly }[] = [];
  for (const gameId of gameIds) {
    const days = await db
      .selectFrom('user_reviews')
      .select([
        sql<string>`to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`.as('day'),
        sql<number>`count(*)::int`.as('count'),
      ])
      .where('game_id', '=', gameId)
      .where('created_at', '>=', baselineFrom)
      .groupBy(sql`(created_at at time zone 'UTC')::date`)
      .execute();
    const check = days.map((d) => d.day).filter((day) => day >= firstDay);
    for (const anomaly of detectAnomalies(days, check)) {
      const { startsAt, endsAt } = dayWindow(anomaly.day);
      const row = await db
        .insertInto('user_review_windows')
        .values({
          game_id: gameId,
          kind: 'anomaly',
          starts_at: startsAt,
          ends_at: endsAt,
          day_count: anomaly.count,
          median_count: String(anomaly.median),
        })
        .onConflict((oc) => oc.columns(['game_id', 'kind', 'starts_at']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) opened.push({ gameId, anomaly });
    }
  }
  return opened;
}

export type WindowDecision = 'confirmed' | 'cleared' | 'flagged';

/**
 * An administrator's decision on a window: confirmed keeps its reviews out of the score,
 * cleared counts them again. The reviews are re-aggregated in the same transaction.
 */
export async function decideReviewWindow(
  db: Db,
  windowId: string,
  status: WindowDecision,
  adminId: string | null,
): Promise<{ gameId: number; slug: string } | null> {
  const row = await db
    .updateTable('user_review_windows as w')
    .set({
      status,
      resolved_by: status === 'flagged' ? null : adminId,
      resolved_at: status === 'flagged' ? null : new Date(),
    })
    .from('games as g')
    .whereRef('g.id', '=', 'w.game_id')
    .where('w.id', '=', windowId)
    .returning(['w.game_id', 'g.slug'])
    .executeTakeFirst();
  return row ? { gameId: row.game_id, slug: row.slug } : null;
}
