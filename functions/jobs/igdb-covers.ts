import type { SupabaseClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import { coverFetchOptions } from '../../src/lib/admin/cover.server.ts';
import { gamePurgeTarget } from '../../src/lib/admin/games.ts';
import { getEnv, type Env } from '../../src/lib/config/env.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { copyIgdbCovers, type CoverCopyOutcome } from '../../src/lib/igdb/covers.server.ts';
import { serviceStorageClient } from '../storage/service-client.ts';
import type { Job, JobContext } from './job.ts';

export type IgdbCoversJobOutcome =
  { ran: false; reason: 'embedded database' | 'storage not writable' } | ({ ran: true } & CoverCopyOutcome);

/** Games a run takes: a minute apart, a run stays well within a cron call. */
export const IGDB_COVERS_PER_RUN = 40;

export interface IgdbCoversDeps {
  env: Env;
  /** The storage client (tests give theirs); by default serviceStorageClient. */
  storage?: (env: Env, db: Kysely<Database>) => Promise<SupabaseClient | null>;
}

/**
 * One run: copies the next IGDB covers into storage and purges the pages of the games that
 * now show a stored cover. The job keeps its own short transactions (`ownTransactions`), so
 * none is open while it downloads. Given a transaction on the embedded database it does
 * nothing: that would hold every request, and the local storage service, which needs the
 * same single connection, would wait for it forever.
 */
export async function runIgdbCovers(context: JobContext, deps: IgdbCoversDeps): Promise<IgdbCoversJobOutcome> {
  const { env } = deps;
  if (env.mode === 'embedded' && context.db.isTransaction) return { ran: false, reason: 'embedded database' };
  // The runner hands a job with its own transactions the server's database: the local storage service uses it too.
  const supabase = await (deps.storage ?? serviceStorageClient)(env, context.db);
  if (!supabase) return { ran: false, reason: 'storage not writable' };
  const outcome = await copyIgdbCovers(context.db, supabase, {
    count: IGDB_COVERS_PER_RUN,
    imageBaseUrl: env.IGDB_IMAGE_URL,
    fetchOptions: coverFetchOptions({ allowedAddresses: env.IMAGE_IMPORT_ALLOWED_ADDRESSES }),
  });
  if (outcome.slugs.length > 0) await context.purge(gamePurgeTarget(outcome.slugs));
  return { ran: true, ...outcome };
}

/**
 * Copies the catalogue's IGDB covers into the site's storage, a few at a time, so pages serve
 * the site's own AVIF and WebP (src/lib/igdb/covers.server.ts). Until a cover is copied, or
 * where storage cannot be written (Supabase mode without SUPABASE_SECRET_KEY), pages show it
 * from IGDB's CDN.
 */
export const igdbCoversJob: Job<IgdbCoversJobOutcome> = {
  name: 'igdb-covers',
  everySeconds: 60,
  // Forty downloads, four at a time, each within the safe fetch's deadline: well under five minutes.
  ownTransactions: { leaseSeconds: 300 },
  run: (context) => runIgdbCovers(context, { env: getEnv() }),
};
