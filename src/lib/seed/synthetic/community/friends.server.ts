import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * Players following players, and what they did, for the dashboard's friends feed: the first
 * `followers` players each follow `follows` others (player 1, the bench's heaviest, follows
 * `heavyFollows`), and every player has `eventsPerPlayer` public status events over the last
 * `days` days. Set-based and deterministic; runs after the XP step (which empties the kept
 * follow counts that user_follows' trigger fills again).
 */
export interface FriendsActivityOptions {
  followers: number;
  follows: number;
  heavyFollows: number;
  eventsPerPlayer: number;
  days?: number;
}

const STATUSES = ['playing', 'completed', 'played', 'backlog', 'shelved', 'abandoned'];

export async function generateFriendsActivity(
  db: Kysely<Database>,
  { followers, follows, heavyFollows, eventsPerPlayer, days = 120 }: FriendsActivityOptions,
): Promise<{ follows: number; events: number }> {
  const counts = await db.transaction().execute(async (trx) => {
    await sql`create temporary table feed_players on commit drop as
                select row_number() over (order by id) - 1 as n, id from auth.users
                where email like '%@synthetic.invalid'`.execute(trx);
    await sql`create temporary table feed_games on commit drop as
                select row_number() over (order by id) - 1 as n, id from public.games`.execute(trx);
    const followed = await sql`
      insert into public.user_follows (follower_id, followed_id, created_at)
      select a.id, b.id, now() - make_interval(days => ${days}::int)
      from feed_players a
      cross join lateral generate_series(1, case when a.n = 0 then ${heavyFollows}::int else ${follows}::int end) as k
      join feed_players b on b.n = (a.n + k * 7) % (select count(*) from feed_players)
      where a.n < ${followers}::int and a.id <> b.id
      on conflict do nothing`.execute(trx);
    const recorded = await sql`
      insert into public.activity_events (actor_id, kind, subject_type, subject_id, game_id, data, is_public, created_at)
      select p.id, 'game_status_set', 'game', g.id::text, g.id,
             jsonb_build_object('status', (${sql.val(STATUSES)}::text[])[1 + (p.n + i) % ${STATUSES.length}]),
             true, now() - make_interval(secs => ((p.n * 7919 + i * 104729) % (${days}::int * 86400))::float8)
      from feed_players p
      cross join generate_series(0, ${eventsPerPlayer - 1}::int) as i
      join feed_games g on g.n = (p.n * 31 + i * 7919) % (select count(*) from feed_games)`.execute(trx);
    return { follows: Number(followed.numAffectedRows ?? 0), events: Number(recorded.numAffectedRows ?? 0) };
  });
  await sql`analyze public.user_follows, public.activity_events`.execute(db);
  return counts;
}
