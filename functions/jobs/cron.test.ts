import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { handleCronRequest, type CronDeps } from './cron.ts';
import { JOBS } from './index.ts';
import type { Job } from './job.ts';

const SECRET = 'a-cron-secret-of-some-length';
let connection: DatabaseConnection;
let ran = 0;
const job: Job = {
  name: 'count-runs',
  everySeconds: 3_600,
  run() {
    ran += 1;
    return Promise.resolve({ ran });
  },
};
const deps = (secret: string | undefined = SECRET): CronDeps => ({
  env: { CRON_SECRET: secret },
  db: () => Promise.resolve(connection.db),
  purge: () => Promise.resolve(),
  jobs: [job],
});
const call = (name: string, authorization?: string, secret?: string) =>
  handleCronRequest(
    new Request(`http://localhost/api/cron/${name}`, { headers: authorization ? { authorization } : {} }),
    name,
    deps(secret),
  );

beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(() => connection.close());

describe('GET /api/cron/{job}', () => {
  it('refuses a missing or wrong secret with 401, before saying whether the job exists', async () => {
    for (const [name, header] of [
      ['count-runs', undefined],
      ['count-runs', 'Bearer wrong-secret-of-some-length'],
      ['count-runs', SECRET],
      ['count-runs', `Basic ${SECRET}`],
      ['no-such-job', undefined],
    ] as const) {
      const response = await call(name, header);
      expect(response.status, `${name} ${header}`).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
    expect(ran).toBe(0);
  });

  it('lets nobody in while CRON_SECRET is not configured', async () => {
    expect((await call('count-runs', 'Bearer undefined', undefined)).status).toBe(401);
    expect((await call('count-runs', 'Bearer ', undefined)).status).toBe(401);
  });

  it('answers 404 for an unknown job and runs a known one, every time it is called', async () => {
    const unknown = await call('no-such-job', `Bearer ${SECRET}`);
    expect(unknown.status).toBe(404);
    const first = await call('count-runs', `Bearer ${SECRET}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ job: 'count-runs', status: 'ran', result: { ran: 1 } });
    // The cron schedule is the timetable: a second call within the period runs again.
    expect(await (await call('count-runs', `Bearer ${SECRET}`)).json()).toMatchObject({
      status: 'ran',
      result: { ran: 2 },
    });
  });
});

describe('vercel.json', () => {
  it('schedules every job, and only jobs, on its /api/cron path', () => {
    const config = JSON.parse(readFileSync('vercel.json', 'utf8')) as { crons: { path: string; schedule: string }[] };
    expect(config.crons.map((cron) => cron.path).sort()).toEqual(JOBS.map((known) => `/api/cron/${known.name}`).sort());
    for (const cron of config.crons) expect(cron.schedule).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
  });
});
