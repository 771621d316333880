import { timingSafeEqual } from 'node:crypto';
import { apiError, json } from '../http.ts';
import type { Job } from './job.ts';
import { runJob, type RunnerDeps } from './runner.ts';

/**
 * GET /api/cron/{job}: how Vercel Cron runs a job (it sends `Authorization: Bearer
 * <CRON_SECRET>`). Without CRON_SECRET configured, nobody is let in. The job runs under
 * its lock whatever its period (the cron schedule is the timetable); a run already in
 * progress elsewhere answers `busy`.
 */

export interface CronDeps {
  secret: string | undefined;
  jobs: readonly Job[];
  runner: () => Promise<RunnerDeps>;
}

function authorised(header: string | null, secret: string | undefined): boolean {
  if (!secret || !header) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function handleCronRequest(request: Request, name: string, deps: CronDeps): Promise<Response> {
  if (!authorised(request.headers.get('authorization'), deps.secret)) {
    return apiError(401, 'unauthorized', 'A valid cron secret is required.', {
      headers: { 'www-authenticate': 'Bearer' },
    });
  }
  const job = deps.jobs.find((candidate) => candidate.name === name);
  if (!job) return apiError(404, 'not_found', 'No such job.');
  const outcome = await runJob(job, await deps.runner(), { force: true });
  if (outcome.status === 'failed') {
    console.error(`[jobs] ${job.name} failed: ${outcome.error}`);
    return apiError(500, 'job_failed', `The job ${job.name} failed; see the server log.`);
  }
  return json({ job: job.name, ...outcome });
}
