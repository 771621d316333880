import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMigratedPostgres, createTestDatabase } from '../../tests/helpers/database.ts';
import { openPostgres, type DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import type { Job } from './job.ts';
import { jobLockKey, runJob, startJobRunner } from './runner.ts';

/** Two "servers": two connections to one database (one and the same for PGlite, which is one process). */
interface Target {
  name: string;
  open(): Promise<{ a: Kysely<Database>; b: Kysely<Database>; close(): Promise<void> } | undefined>;
}

const targets: Target[] = [
  {
    name: 'PGlite',
    async open() {
      const connection = await createTestDatabase();
      return { a: connection.db, b: connection.db, close: () => connection.close() };
    },
  },
  {
    name: 'PostgreSQL (TEST_DATABASE_URL)',
    async open() {
      const database = await createMigratedPostgres();
      if (!database) return undefined;
      const servers: DatabaseConnection[] = [openPostgres(database.url, 2), openPostgres(database.url, 2)];
      return {
        a: servers[0]!.db,
        b: servers[1]!.db,
        async close() {
          await Promise.all(servers.map((server) => server.close()));
          await database.drop();
        },
      };
    },
  },
];

let counter = 0;
/** A job that counts its runs in a table and can be held inside its run. */
function countingJob(
  options: {
    everySeconds?: number;
    gate?: Promise<void>;
    entered?: () => void;
    fail?: boolean;
    ownTransactions?: { leaseSeconds: number };
  } = {},
) {
  counter += 1;
  const name = `test-job-${counter}`;
  const job: Job = {
    name,
    everySeconds: options.everySeconds ?? 60,
    ownTransactions: options.ownTransactions,
    async run({ db, purge }) {
      options.entered?.();
      await options.gate;
      await sql`insert into app_meta.job_runs_test (job) values (${name})`.execute(db);
      await purge({ tags: [`job:${name}`] });
      if (options.fail) throw new Error('the job broke');
      return { ok: true };
    },
  };
  return job;
}

describe.each(targets)('runJob on $name', (target) => {
  let servers: Awaited<ReturnType<Target['open']>>;
  const runs = async (job: Job) =>
    Number(
      (
        await sql<{ n: number }>`select count(*)::int as n from app_meta.job_runs_test where job = ${job.name}`.execute(
          servers!.a,
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    servers = await target.open();
    if (servers) await sql`create table app_meta.job_runs_test (job text not null)`.execute(servers.a);
  });
  afterAll(() => servers?.close());

  it('runs a due job once, records it, and skips it for the rest of its period', async (context) => {
    if (!servers) return context.skip('TEST_DATABASE_URL is not set');
    const purge = vi.fn<(target: PurgeTarget) => Promise<void>>(() => Promise.resolve());
    const job = countingJob();
    expect(await runJob(job, { db: servers.a, purge })).toEqual({ status: 'ran', result: { ok: true } });
    expect(await runJob(job, { db: servers.b, purge })).toEqual({ status: 'not-due' });
    expect(await runs(job)).toBe(1);
    expect(purge).toHaveBeenCalledTimes(1);
    const row = await sql<{ started: Date; finished: Date; error: string | null }>`
      select last_started_at as started, last_finished_at as finished, last_error as error from app_meta.job_runs where name = ${job.name}
    `.execute(servers.a);
    expect(row.rows[0]).toMatchObject({ error: null });
    expect(row.rows[0]!.finished.getTime()).toBeGreaterThanOrEqual(row.rows[0]!.started.getTime());
    // Forced (Vercel Cron): runs whatever the period, and is idempotent for the job to handle.
    expect((await runJob(job, { db: servers.b, purge }, { force: true })).status).toBe('ran');
    expect(await runs(job)).toBe(2);
  });

  it('lets exactly one of two runners started at once do the work', async (context) => {
    if (!servers) return context.skip('TEST_DATABASE_URL is not set');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const job = countingJob({ gate, entered: inside });
    const purge = async () => {};
    const first = runJob(job, { db: servers.a, purge });
    await entered;
    // The first runner is inside its run, holding the lock: the second one must not start.
    const second = runJob(job, { db: servers.b, purge }, { force: true });
    if (servers.a !== servers.b) expect(await second).toEqual({ status: 'busy' });
    open();
    expect((await first).status).toBe('ran');
    // One process on one embedded connection: the second waits its turn, then finds it done.
    if (servers.a === servers.b) expect((await second).status).toBe('ran');
    expect(await runs(job)).toBe(servers.a === servers.b ? 2 : 1);
    expect(await runJob(job, { db: servers.b, purge })).toEqual({ status: 'not-due' });
  });

  it('rolls a failed run back, records the error, purges nothing and tries again next time', async (context) => {
    if (!servers) return context.skip('TEST_DATABASE_URL is not set');
    const purge = vi.fn(async () => {});
    const job = countingJob({ fail: true });
    expect(await runJob(job, { db: servers.a, purge })).toEqual({ status: 'failed', error: 'the job broke' });
    expect(await runs(job)).toBe(0);
    expect(purge).not.toHaveBeenCalled();
    const row = await sql<{ error: string; started: Date | null }>`
      select last_error as error, last_started_at as started from app_meta.job_runs where name = ${job.name}
    `.execute(servers.a);
    expect(row.rows[0]).toEqual({ error: 'the job broke', started: null });
    expect((await runJob(job, { db: servers.b, purge })).status).toBe('failed');
  });
});

describe.each(targets)('runJob with a job that keeps its own transactions, on $name', (target) => {
  let servers: Awaited<ReturnType<Target['open']>>;
  const lease = { leaseSeconds: 600 };
  const purge = async () => {};
  const claimedUntil = async (job: Job) =>
    (
      await sql<{
        until: Date | null;
      }>`select claimed_until as until from app_meta.job_runs where name = ${job.name}`.execute(servers!.a)
    ).rows[0]?.until;

  beforeAll(async () => {
    servers = await target.open();
    if (servers) await sql`create table app_meta.job_runs_test (job text not null)`.execute(servers.a);
  });
  afterAll(() => servers?.close());

  it('holds no transaction while it runs, and a second runner meanwhile finds it busy', async (context) => {
    if (!servers) return context.skip('TEST_DATABASE_URL is not set');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const job = countingJob({ gate, entered: inside, ownTransactions: lease });
    const first = runJob(job, { db: servers.a, purge });
    await entered;
    // The run is under way with no transaction open: the database answers others meanwhile.
    const idle = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where state like 'idle in transaction%' and datname = current_database()`.execute(servers.b);
    expect(idle.rows[0]?.n ?? 0).toBe(0);
    expect(await runJob(job, { db: servers.b, purge }, { force: true })).toEqual({ status: 'busy' });
    expect(await claimedUntil(job)).toBeInstanceOf(Date);
    open();
    expect((await first).status).toBe('ran');
    expect(await claimedUntil(job)).toBeNull();
    expect((await runJob(job, { db: servers.b, purge }, { force: true })).status).toBe('ran');
    expect(await runJob(job, { db: servers.a, purge })).toEqual({ status: 'not-due' });
  });

  it('releases the job when the run fails, and waits out the lease of a runner that died', async (context) => {
    if (!servers) return context.skip('TEST_DATABASE_URL is not set');
    const broken = countingJob({ fail: true, ownTransactions: lease });
    expect(await runJob(broken, { db: servers.a, purge })).toEqual({ status: 'failed', error: 'the job broke' });
    expect(await claimedUntil(broken)).toBeNull();

    const job = countingJob({ ownTransactions: lease });
    await sql`insert into app_meta.job_runs (name, last_started_at, claimed_until)
      values (${job.name}, now() - interval '1 hour', now() + interval '5 minutes')`.execute(servers.a);
    expect(await runJob(job, { db: servers.b, purge }, { force: true })).toEqual({ status: 'busy' });
    await sql`update app_meta.job_runs set claimed_until = now() - interval '1 second' where name = ${job.name}`.execute(
      servers.a,
    );
    expect((await runJob(job, { db: servers.b, purge })).status).toBe('ran');
  });
});

describe('jobLockKey', () => {
  it('is a stable signed 64-bit key per name', () => {
    expect(jobLockKey('release-critic-embargoes')).toBe(jobLockKey('release-critic-embargoes'));
    expect(jobLockKey('a')).not.toBe(jobLockKey('b'));
    const key = BigInt(jobLockKey('release-critic-embargoes'));
    expect(key >= -(2n ** 63n) && key < 2n ** 63n).toBe(true);
  });
});

describe('startJobRunner', () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await createTestDatabase();
    await sql`create table app_meta.job_runs_test (job text not null)`.execute(connection.db);
  });
  afterAll(() => connection.close());

  it('runs the due jobs at start, logs one line for a failing job and carries on', async () => {
    const lines: string[] = [];
    const broken = countingJob({ fail: true });
    const fine = countingJob();
    const runner = startJobRunner({
      jobs: [broken, fine],
      deps: () => Promise.resolve({ db: connection.db, purge: () => Promise.resolve() }),
      log: (line) => lines.push(line),
    });
    await runner.tick();
    await runner.stop();
    expect(lines).toEqual([`[jobs] ${broken.name} failed: the job broke`]);
    const done = await sql<{ job: string }>`select job from app_meta.job_runs_test`.execute(connection.db);
    expect(done.rows.map((row) => row.job)).toEqual([fine.name]);
  });

  it('logs one line and skips the tick when the database cannot be reached', async () => {
    const lines: string[] = [];
    const runner = startJobRunner({
      jobs: [countingJob()],
      deps: () => Promise.reject(new Error('The database is unreachable.')),
      log: (line) => lines.push(line),
    });
    await runner.tick();
    await runner.stop();
    expect(lines).toEqual(['[jobs] skipped: The database is unreachable.']);
  });
});
