import type { Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import type { IgdbClient } from './client.server.ts';
import { igdbClientFromEnv } from './config.server.ts';
import { openRun, syncStep } from './sync.server.ts';

export type IgdbJobOutcome =
  | { ran: false; reason: 'not configured' | 'embedded database' | 'up to date' }
  | { ran: true; runId: number; cursor: number; status: string };

/**
 * The scheduled job's step: one page of the full sync, when the Twitch variables are set and
 * no full sync has finished yet (or one is under way or failed). The job runs in the jobs
 * module's transaction, which stays open while IGDB answers; on the embedded database that
 * would hold every request for as long, so there the job does nothing and
 * `npm run igdb -- sync` (which asks IGDB between transactions) is the way.
 */
export async function igdbSyncJobStep(
  db: Kysely<Database>,
  env: Pick<Env, 'mode' | 'TWITCH_CLIENT_ID' | 'TWITCH_CLIENT_SECRET' | 'IGDB_API_URL' | 'TWITCH_TOKEN_URL'>,
  client: IgdbClient | undefined = igdbClientFromEnv(env),
): Promise<IgdbJobOutcome> {
  if (!client) return { ran: false, reason: 'not configured' };
  if (env.mode === 'embedded') return { ran: false, reason: 'embedded database' };
  const last = await db.selectFrom('igdb_sync_runs').select('status').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (last?.status === 'finished') return { ran: false, reason: 'up to date' };
  const run = await openRun(db);
  const step = await syncStep(db, client, run);
  return { ran: true, runId: step.run.id, cursor: step.run.cursor, status: step.run.status };
}
