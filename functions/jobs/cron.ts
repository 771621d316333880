import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Env } from '../../src/lib/config/env.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import { apiError, json } from '../http.ts';
import { JOBS } from './index.ts';
import type { Job } from './job.ts';
import { runJob } from './runner.ts';

/**
 * GET /api/cron/{job}: how Vercel Cron runs a job (it sends `Authorization: Bearer
 * <CRON_SECRET>`). Without CRON_SECRET configured, nobody is let in. The job runs under
 * its lock whatever its period (the cron schedule is the timetable); a run already in
 * progress elsewhere answers `busy`.
 */

export interface CronDeps {
  /** CRON_SECRET: without it, nobody is let in. */
  env: Pick<Env, 'CRON_SECRET'>;
  db: () => Promise<Kysely<Database>>;
  purge: Purge;
  /** The jobs that may be run (every job, unless a test says otherwise). */
  jobs?: readonly Job[];
}

function authorised(header: string | null, secret: string | undefined): boolean {
  if (!secret || !header) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function handleCronRequest(request: Request, name: string, deps: CronDeps): Promise<Response> {
  if (!authorised(request.headers.get('authorization'), deps.env.CRON_SECRET)) {
    return apiError(401, 'unauthorized', 'A valid cron secret is required.', {
      headers: { 'www-authenticate': 'Bearer' },
    });
  }
  const job = (deps.jobs ?? JOBS).find((candidate) => candidate.name === name);
  if (!job) return apiError(404, 'not_found', 'No such job.');
  const outcome = await runJob(job, { db: await deps.db(), purge: deps.purge }, { force: true });
  if (outcome.status === 'failed') {
    console.error(`[jobs] ${job.name} failed: ${outcome.error}`);
    return apiError(500, 'job_failed', `The job ${job.name} failed; see the server log.`);
  }
  return json({ job: job.name, ...outcome });
}
