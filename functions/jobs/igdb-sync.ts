import { getEnv } from '../../src/lib/config/env.ts';
import { igdbSyncJobStep, type IgdbJobOutcome } from '../../src/lib/igdb/job.server.ts';
import type { Job } from './job.ts';

/**
 * Carries the IGDB full sync forward a page at a time until it has finished once; does
 * nothing unless TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET are set, nor on the embedded
 * database (src/lib/igdb/job.server.ts).
 */
export const igdbSyncJob: Job<IgdbJobOutcome> = {
  name: 'igdb-sync',
  everySeconds: 300,
  run: ({ db }) => igdbSyncJobStep(db, getEnv()),
};
