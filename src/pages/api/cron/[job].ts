import type { APIRoute } from 'astro';
import { handleCronRequest } from '../../../../functions/jobs/cron.ts';
import { JOBS } from '../../../../functions/jobs/index.ts';
import { getEnv } from '../../../lib/config/env.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { purge } from '../../../lib/http/purge.server.ts';

export const GET: APIRoute = ({ request, params }) =>
  handleCronRequest(request, params.job ?? '', {
    secret: getEnv().CRON_SECRET,
    jobs: JOBS,
    runner: async () => ({ db: await getDb(), purge }),
  });
