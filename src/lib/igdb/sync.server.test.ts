import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../db/connect.server.ts';
import type { Database } from '../db/schema.ts';
import { startIgdbStandIn, STAND_IN_CLIENT, type IgdbStandIn } from '../../../tests/helpers/igdb-stand-in.ts';
import { standInClient, SYNC_DATABASES } from '../../../tests/helpers/igdb-sync-setup.ts';
import { gameForEdit, updateGame } from '../admin/games.server.ts';
import { gameTag } from '../http/cache-rules.ts';
import type { PurgeTarget } from '../http/purge.server.ts';
import { igdbSyncJobStep } from './job.server.ts';
import { igdbSyncJob } from '../../../functions/jobs/igdb-sync.ts';
import type { JobContext } from '../../../functions/jobs/job.ts';
import { runJob } from '../../../functions/jobs/runner.ts';
import { runFullSync } from './sync.server.ts';

const ADMIN = '00000000-0000-4000-8000-00000000ad01';
let db: Kysely<Database>;
let standIn: IgdbStandIn;

const client = (retries = 2) => standInClient(standIn, retries);

const byIgdb = (igdbId: number) =>
  db
    .selectFrom('game_external_ids as e')
    .innerJoin('games as g', 'g.id', 'e.game_id')
    .select(['g.id', 'g.slug', 'g.title', 'g.summary', 'g.release_date', 'g.cover_image_url', 'g.sources'])
    .where('e.source', '=', 'igdb')
    .where('e.external_id', '=', String(igdbId))
    .executeTakeFirst();

// On both databases: the page writer's SQL (set-based lookups and writes) is under test here.

describe.each(SYNC_DATABASES)('the full IGDB sync (%s)', (_mode, open) => {
  let connection: DatabaseConnection | undefined;
  beforeAll(async () => {
    connection = await open();
    if (!connection) return;
    db = connection.db;
    await sql`insert into auth.users (id, email) values (${ADMIN}, 'igdb_admin@example.test')`.execute(db);
  });
  afterAll(() => connection?.close());
  beforeEach(async () => {
    if (connection) db = connection.db;
    standIn = await startIgdbStandIn();
  });
  afterEach(() => standIn.close());

  it('matches by Steam app id onto an existing game, queues an uncertain title, and creates the rest', async () => {
    const [demo] = await db.selectFrom('games').select(['id', 'title', 'summary']).orderBy('id').limit(1).execute();
    if (!demo) throw new Error('no demo game');
    await db
      .insertInto('game_external_ids')
      .values({ game_id: demo.id, source: 'steam', external_id: '367520' })
      .execute();
    const celeste = await db
      .insertInto('games')
      .values({ slug: 'celeste', title: 'Celeste', release_date: '2016-01-26', sources: ['editorial'] })
      .returning('id')
      .executeTakeFirstOrThrow();

    const run = await runFullSync(db, client(), { pageSize: 2 });
    expect(run).toMatchObject({ status: 'finished', pages: 4, created: 3, updated: 1, skipped: 1, queued: 1 });

    const hollow = await byIgdb(14593);
    expect(hollow).toMatchObject({ id: demo.id, title: demo.title, summary: demo.summary });
    expect(hollow?.sources).toContain('igdb');
    const review = await db
      .selectFrom('igdb_match_reviews')
      .selectAll()
      .where('igdb_id', '=', 26226)
      .executeTakeFirstOrThrow();
    expect(review).toMatchObject({ candidate_game_id: celeste.id, status: 'pending', igdb_title: 'Celeste' });
    expect(await byIgdb(26226)).toBeUndefined();

    const witcher = await byIgdb(1942);
    expect(witcher).toMatchObject({
      slug: 'the-witcher-3-wild-hunt',
      title: 'The Witcher 3: Wild Hunt',
      release_date: '2015-05-19',
      cover_image_url: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co1wyy.jpg',
      sources: ['igdb'],
    });
    const platforms = await db
      .selectFrom('game_platforms as gp')
      .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
      .select(['p.slug', 'gp.release_date'])
      .where('gp.game_id', '=', witcher?.id ?? 0)
      .orderBy('p.slug')
      .execute();
    expect(platforms).toEqual([
      { slug: 'pc', release_date: '2015-05-19' },
      { slug: 'ps4', release_date: '2015-05-19' },
      { slug: 'switch', release_date: '2019-10-15' },
      { slug: 'xbox-one', release_date: null },
    ]);
    const developers = await db
      .selectFrom('game_developers as d')
      .innerJoin('companies as c', 'c.id', 'd.company_id')
      .select('c.name')
      .where('d.game_id', '=', witcher?.id ?? 0)
      .execute();
    expect(developers).toEqual([{ name: 'CD Projekt RED' }]);
    const external = await db
      .selectFrom('game_external_ids')
      .select(['source', 'external_id'])
      .where('game_id', '=', witcher?.id ?? 0)
      .orderBy('source')
      .execute();
    expect(external).toEqual([
      { source: 'gog', external_id: '1207664663' },
      { source: 'igdb', external_id: '1942' },
      { source: 'steam', external_id: '292030' },
    ]);
    const changes = await db
      .selectFrom('igdb_changes')
      .select(['igdb_id', 'action'])
      .where('run_id', '=', run.id)
      .orderBy('igdb_id')
      .execute();
    expect(changes).toEqual([
      { igdb_id: 1942, action: 'created' },
      { igdb_id: 12503, action: 'created' },
      { igdb_id: 14593, action: 'matched' },
      { igdb_id: 19686, action: 'created' },
      { igdb_id: 26226, action: 'queued' },
    ]);
  });

  it("keeps an administrator's edit when the next sync brings a new value", async () => {
    const witcher = await byIgdb(1942);
    const form = await gameForEdit(db, witcher?.slug ?? '');
    if (!form) throw new Error('no game');
    await updateGame(
      db,
      form.id,
      { ...form, summary: 'Written by the editors.', platforms: form.platforms, slug: form.slug },
      ADMIN,
    );
    const record = standIn.records.get('games')?.get(1942);
    if (record) Object.assign(record, { summary: 'A new summary from IGDB.', name: 'The Witcher 3: Wild Hunt (2015)' });

    const run = await runFullSync(db, client());
    expect(run).toMatchObject({ status: 'finished', created: 0, updated: 4 });
    expect(await byIgdb(1942)).toMatchObject({
      summary: 'Written by the editors.',
      title: 'The Witcher 3: Wild Hunt (2015)',
    });
    const sources = await db
      .selectFrom('game_field_sources')
      .select(['field', 'source'])
      .where('game_id', '=', form.id)
      .where('source', '=', 'admin')
      .execute();
    expect(sources).toEqual([{ field: 'summary', source: 'admin' }]);
  });

  it('resumes a stopped run from its cursor, and a failed one after the failure', async () => {
    await db.deleteFrom('igdb_sync_runs').execute();
    const first = await runFullSync(db, client(), { pageSize: 2, maxPages: 1 });
    expect(first).toMatchObject({ status: 'running', cursor: 12503, pages: 1 });

    standIn.refuseNext(5, 503);
    await expect(runFullSync(db, client(0), { pageSize: 2 })).rejects.toThrow(/503/);
    const failed = await db
      .selectFrom('igdb_sync_runs')
      .select(['id', 'status', 'cursor', 'error'])
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ id: first.id, status: 'failed', cursor: 12503 });

    standIn.refuseNext(0);
    const resumed = await runFullSync(db, client(), { pageSize: 2 });
    expect(resumed).toMatchObject({ id: first.id, status: 'finished', pages: 4 });
    const asked = standIn.requests.filter((r) => r.status === 200).map((r) => /where id > (\d+)/.exec(r.body)?.[1]);
    // The last page of two ends the run only when the next one comes back empty.
    expect(asked).toEqual(['0', '12503', '19686', '250001']);
  });

  it('runs as a scheduled job in bounded steps, only when configured, on every database', async () => {
    const env = {
      mode: 'embedded' as const,
      TWITCH_CLIENT_ID: STAND_IN_CLIENT.clientId,
      TWITCH_CLIENT_SECRET: STAND_IN_CLIENT.clientSecret,
      IGDB_API_URL: standIn.apiUrl,
      TWITCH_TOKEN_URL: standIn.tokenUrl,
    };
    expect(await igdbSyncJobStep(db, { ...env, TWITCH_CLIENT_ID: undefined })).toEqual({
      ran: false,
      reason: 'not configured',
    });
    expect(await igdbSyncJobStep(db, env)).toEqual({ ran: false, reason: 'up to date' });

    await db.deleteFrom('igdb_sync_runs').execute();
    // A spent budget: one page a run, the run left open for the next.
    const purged: PurgeTarget[] = [];
    const purge = (target: PurgeTarget) => Promise.resolve(void purged.push(target));
    const bounded = { budgetMs: 0, pageSize: 2, purge };
    const first = await igdbSyncJobStep(db, env, client(), bounded);
    expect(first).toMatchObject({ ran: true, kind: 'full', steps: 1, cursor: 12503, status: 'running' });
    // The games it wrote are purged: their own pages and the catalogue's.
    const written = await db
      .selectFrom('igdb_changes as c')
      .innerJoin('games as g', 'g.id', 'c.game_id')
      .select('g.slug')
      .where('c.run_id', '=', first.ran ? first.runId : -1)
      .where('c.action', '<>', 'queued')
      .execute();
    expect(written.length).toBeGreaterThan(0);
    expect(purged).toHaveLength(1);
    expect(purged[0]!.tags).toEqual(expect.arrayContaining(['games', ...written.map((row) => gameTag(row.slug))]));
    expect(await igdbSyncJobStep(db, env, client(), bounded)).toMatchObject({ steps: 1, cursor: 19686 });
    expect(await igdbSyncJobStep(db, env, client(), { pageSize: 2 })).toMatchObject({
      kind: 'full',
      steps: 2,
      status: 'finished',
    });
    expect(await igdbSyncJobStep(db, env, client())).toEqual({ ran: false, reason: 'up to date' });
    // An hour on, an incremental run.
    await sql`update igdb_sync_runs set started_at = started_at - interval '61 minutes'`.execute(db);
    const purges = purged.length;
    expect(await igdbSyncJobStep(db, env, client(), { purge })).toMatchObject({
      kind: 'incremental',
      status: 'finished',
    });
    // Nothing changed on IGDB since: nothing written, nothing purged.
    expect(purged).toHaveLength(purges);
  });

  it('lets one of two job runners sync while IGDB answers, holding no transaction meanwhile', async () => {
    await db.deleteFrom('igdb_sync_runs').execute();
    const env = {
      mode: 'embedded' as const,
      TWITCH_CLIENT_ID: STAND_IN_CLIENT.clientId,
      TWITCH_CLIENT_SECRET: STAND_IN_CLIENT.clientSecret,
      IGDB_API_URL: standIn.apiUrl,
      TWITCH_TOKEN_URL: standIn.tokenUrl,
    };
    const igdb = client();
    let asked!: () => void;
    const asking = new Promise<void>((resolve) => (asked = resolve));
    const query = igdb.query.bind(igdb);
    igdb.query = (...args) => {
      asked();
      return query(...args);
    };
    const job = { ...igdbSyncJob, run: ({ db: jobDb }: JobContext) => igdbSyncJobStep(jobDb, env, igdb) };
    standIn.holdAll();
    const first = runJob(job, { db, purge: () => Promise.resolve() }, { force: true });
    await asking;
    // IGDB has not answered: on PGlite a transaction left open would hold this query up for good.
    expect(await runJob(job, { db, purge: () => Promise.resolve() }, { force: true })).toEqual({ status: 'busy' });
    standIn.release();
    expect(await first).toMatchObject({ status: 'ran', result: { ran: true, kind: 'full', status: 'finished' } });
    const runs = await db.selectFrom('igdb_sync_runs').select(['status', 'pages']).execute();
    expect(runs).toEqual([{ status: 'finished', pages: 1 }]);
  });
});
