import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { pollResults, type Poll, type PollResults } from './vote.ts';

type Db = Kysely<Database>;

/** Records the user's vote, replacing an earlier one in the same poll. */
export async function castVote(db: Db, poll: Poll, userId: string, option: string): Promise<void> {
  await db
    .insertInto('poll_votes')
    .values({ poll: poll.id, user_id: userId, option })
    .onConflict((oc) => oc.columns(['poll', 'user_id']).doUpdateSet({ option: sql`excluded.option` }))
    .execute();
}

export async function voteOf(db: Db, poll: Poll, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('poll_votes')
    .select('option')
    .where('poll', '=', poll.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.option ?? null;
}

export async function resultsOf(db: Db, poll: Poll): Promise<PollResults> {
  const rows = await db
    .selectFrom('poll_votes')
    .select(['option', sql<string>`count(*)`.as('votes')])
    .where('poll', '=', poll.id)
    .groupBy('option')
    .execute();
  return pollResults(poll, new Map(rows.map((row) => [row.option, Number(row.votes)])));
}
