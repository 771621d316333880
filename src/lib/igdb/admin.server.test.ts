import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIgdbStandIn, STAND_IN_CLIENT, type IgdbStandIn } from '../../../tests/helpers/igdb-stand-in.ts';
import { standInClient, SYNC_DATABASES } from '../../../tests/helpers/igdb-sync-setup.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import type { Database } from '../db/schema.ts';
import { MAX_CANDIDATES } from './admin.ts';
import { IgdbAdminError, igdbAdminPage, requestFullSync } from './admin.server.ts';
import { changeLog } from './change-log.server.ts';
import { igdbSyncJobStep } from './job.server.ts';
import { resolveReview } from './review-resolve.server.ts';

const ADMIN = '00000000-0000-4000-8000-00000000ad11';
const CONFIGURED = { TWITCH_CLIENT_ID: STAND_IN_CLIENT.clientId, TWITCH_CLIENT_SECRET: STAND_IN_CLIENT.clientSecret };
const CELESTE = 26226;
const RESIDENT_EVIL_2 = 19686;

// On both databases: the resolutions lock rows and write through the sync's set-based writers.

describe.each(SYNC_DATABASES)('the IGDB admin page and its decisions (%s)', (_mode, open) => {
  let connection: DatabaseConnection | undefined;
  let db: Kysely<Database>;
  let standIn: IgdbStandIn;
  const ids: Record<string, number> = {};

  const client = () => standInClient(standIn);
  const env = () => ({
    mode: 'self-hosted' as const,
    ...CONFIGURED,
    IGDB_API_URL: standIn.apiUrl,
    TWITCH_TOKEN_URL: standIn.tokenUrl,
  });
  const reviewOf = (igdbId: number) =>
    db.selectFrom('igdb_match_reviews').selectAll().where('igdb_id', '=', igdbId).executeTakeFirstOrThrow();
  const boundTo = async (igdbId: number) =>
    (
      await db
        .selectFrom('game_external_ids')
        .select('game_id')
        .where('source', '=', 'igdb')
        .where('external_id', '=', String(igdbId))
        .executeTakeFirst()
    )?.game_id;

  beforeAll(async () => {
    connection = await open();
    if (!connection) return;
    db = connection.db;
    standIn = await startIgdbStandIn();
    await sql`insert into auth.users (id, email) values (${ADMIN}, 'igdb_page_admin@example.test')`.execute(db);
    // Catalogue games the sync cannot be sure of: Celeste dated another year (its summary an
    // administrator's), and Resident Evil 2 as the 1998 original.
    for (const [slug, title, date] of [
      ['celeste', 'Celeste', '2016-01-26'],
      ['resident-evil-2-1998', 'Resident Evil 2', '1998-01-21'],
    ] as const) {
      const row = await db
        .insertInto('games')
        .values({
          slug,
          title,
          release_date: date,
          summary: `${title}, as the editors wrote it.`,
          sources: ['editorial'],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[slug] = row.id;
    }
    await db
      .insertInto('game_field_sources')
      .values({ game_id: ids.celeste!, field: 'summary', source: 'admin' })
      .execute();
  });
  afterAll(async () => {
    await standIn?.close();
    await connection?.close();
  });

  it('says when the sync is not configured, and shows an empty queue and log', async () => {
    const page = await igdbAdminPage(db, { TWITCH_CLIENT_ID: undefined, TWITCH_CLIENT_SECRET: undefined }, {});
    expect(page).toMatchObject({ configured: false, runs: [], running: undefined, reviews: { items: [], total: 0 } });
    expect(page.changes.items).toEqual([]);
  });

  it('opens a run that the scheduled job carries forward, and refuses a second while it runs', async () => {
    const started = await requestFullSync(db, ADMIN);
    expect(started).toMatchObject({ resumed: false, run: { cursor: 0, status: 'running' } });
    await expect(requestFullSync(db, ADMIN)).rejects.toMatchObject({
      code: 'sync_running',
      message: `A sync is already under way (run #${started.run.id}, after IGDB id 0): wait for it to finish.`,
    });
    expect(await db.selectFrom('igdb_sync_runs').select('id').execute()).toHaveLength(1);
    const running = await igdbAdminPage(db, CONFIGURED, {});
    expect(running).toMatchObject({ configured: true, running: { id: started.run.id, status: 'running' } });

    const step = await igdbSyncJobStep(db, env(), client());
    expect(step).toMatchObject({ ran: true, runId: started.run.id, status: 'finished' });
    const audit = await db
      .selectFrom('app_meta.admin_audit_log')
      .select(['action', 'subject_id'])
      .where('action', 'like', 'igdb.%')
      .execute();
    expect(audit).toEqual([{ action: 'igdb.sync.start', subject_id: String(started.run.id) }]);
  });

  it('takes a failed run up again from its cursor', async () => {
    const [last] = await db.selectFrom('igdb_sync_runs').select('id').orderBy('id', 'desc').limit(1).execute();
    await db
      .updateTable('igdb_sync_runs')
      .set({ status: 'failed', error: 'IGDB answered 503', finished_at: null })
      .where('id', '=', last!.id)
      .execute();
    const resumed = await requestFullSync(db, ADMIN);
    expect(resumed).toMatchObject({ resumed: true, run: { id: last!.id, cursor: 250001 } });
    await db
      .updateTable('igdb_sync_runs')
      .set({ status: 'finished', error: null, finished_at: new Date() })
      .where('id', '=', last!.id)
      .execute();
  });

  it('lists the uncertain matches beside their catalogue candidates', async () => {
    const { reviews, changes, runs } = await igdbAdminPage(db, CONFIGURED, {});
    expect(reviews.total).toBe(2);
    const celeste = reviews.items.find((r) => r.igdb.id === CELESTE);
    expect(celeste).toMatchObject({
      reason: 'same title, but a different or unknown release year',
      igdb: { title: 'Celeste', year: 2018, gameType: 'main_game' },
      candidates: [{ id: ids.celeste, slug: 'celeste', title: 'Celeste', year: 2016, igdbId: null, queued: true }],
    });
    expect(celeste?.igdb.platforms.length).toBeGreaterThan(0);
    expect(runs[0]).toMatchObject({ status: 'finished', queued: 2 });
    expect(changes.items.filter((c) => c.action === 'queued').map((c) => c.igdbTitle)).toEqual(
      expect.arrayContaining(['Celeste', 'Resident Evil 2']),
    );

    // A title many games share: the sync's candidate first, then a few of the others.
    const extra = await db
      .insertInto('games')
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          slug: `resident-evil-2-copy-${i}`,
          title: 'Resident Evil 2',
          sources: ['editorial' as const],
        })),
      )
      .returning('id')
      .execute();
    const many = (await igdbAdminPage(db, CONFIGURED, {})).reviews.items.find((r) => r.igdb.id === RESIDENT_EVIL_2);
    expect(many?.candidates).toHaveLength(MAX_CANDIDATES);
    expect(many?.candidates[0]).toMatchObject({ id: ids['resident-evil-2-1998'], queued: true });
    await db
      .deleteFrom('games')
      .where(
        'id',
        'in',
        extra.map((row) => row.id),
      )
      .execute();
  });

  it("links a review to the chosen game, keeping the administrator's fields, once", async () => {
    const review = await reviewOf(CELESTE);
    const linked = await resolveReview(db, {
      reviewId: review.id,
      decision: { action: 'link', game: 'celeste' },
      adminId: ADMIN,
    });
    expect(linked).toMatchObject({ status: 'merged', game: { id: ids.celeste, slug: 'celeste' } });
    expect(linked.fields).not.toContain('summary');
    expect(await boundTo(CELESTE)).toBe(ids.celeste);
    const game = await db
      .selectFrom('games')
      .select(['summary', 'sources', 'cover_image_url'])
      .where('id', '=', ids.celeste!)
      .executeTakeFirstOrThrow();
    expect(game.summary).toBe('Celeste, as the editors wrote it.');
    expect(game.sources).toEqual(['editorial', 'igdb']);
    expect(game.cover_image_url).toMatch(/^https:\/\/images\.igdb\.com\//);
    expect(await reviewOf(CELESTE)).toMatchObject({ status: 'merged', resolved_by: ADMIN });

    await expect(
      resolveReview(db, { reviewId: review.id, decision: { action: 'create' }, adminId: ADMIN }),
    ).rejects.toMatchObject({
      code: 'already_resolved',
      message:
        'This match was already resolved (linked to a catalogue game). Reload the page to see the queue as it is.',
    });
    const [newest] = (await changeLog(db, {})).items;
    expect(newest).toMatchObject({
      action: 'matched',
      game: { slug: 'celeste', title: 'Celeste' },
      igdbId: CELESTE,
      runId: null,
      byAdmin: { username: null },
    });
  });

  it('refuses to link to a game already bound to IGDB, or to no game, and changes nothing', async () => {
    const review = await reviewOf(RESIDENT_EVIL_2);
    for (const [game, code] of [
      ['celeste', 'conflict'],
      ['no-such-game', 'not_found'],
    ] as const) {
      const attempt = resolveReview(db, { reviewId: review.id, decision: { action: 'link', game }, adminId: ADMIN });
      await expect(attempt).rejects.toBeInstanceOf(IgdbAdminError);
      await expect(attempt).rejects.toMatchObject({ code });
    }
    expect(await reviewOf(RESIDENT_EVIL_2)).toMatchObject({ status: 'pending' });
  });

  it('adds a review as a new game with all its relations', async () => {
    const review = await reviewOf(RESIDENT_EVIL_2);
    const created = await resolveReview(db, { reviewId: review.id, decision: { action: 'create' }, adminId: ADMIN });
    expect(created).toMatchObject({ status: 'created', game: { title: 'Resident Evil 2' } });
    expect(created.game?.slug).not.toBe('resident-evil-2-1998');
    expect(await boundTo(RESIDENT_EVIL_2)).toBe(created.game?.id);
    const platforms = await db
      .selectFrom('game_platforms')
      .select('platform_id')
      .where('game_id', '=', created.game!.id)
      .execute();
    expect(platforms.length).toBeGreaterThan(0);
    const sources = await db
      .selectFrom('game_field_sources')
      .select('source')
      .distinct()
      .where('game_id', '=', created.game!.id)
      .execute();
    expect(sources).toEqual([{ source: 'igdb' }]);
  });

  it('dismisses a review for good, logged with the IGDB title, and filters the log by run', async () => {
    const inserted = await db
      .insertInto('igdb_match_reviews')
      .values({ igdb_id: 999_001, igdb_title: 'Unplaceable', reason: 'test', payload: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A double click: two requests at once; the second finds the review resolved.
    const [first, second] = await Promise.allSettled(
      [0, 1].map(() => resolveReview(db, { reviewId: inserted.id, decision: { action: 'dismiss' }, adminId: ADMIN })),
    );
    const outcomes = [first, second].map((o) =>
      o?.status === 'fulfilled' ? o.value.status : (o?.reason as IgdbAdminError | undefined)?.code,
    );
    expect(outcomes.sort()).toEqual(['already_resolved', 'dismissed']);
    const logged = await db.selectFrom('igdb_changes').select('id').where('review_id', '=', inserted.id).execute();
    expect(logged).toHaveLength(1);
    const log = await changeLog(db, {}, 2);
    expect(log.items[0]).toMatchObject({ action: 'dismissed', game: null, igdbTitle: 'Unplaceable' });
    expect(log.nextBefore).toBe(log.items[1]?.id);
    const older = await changeLog(db, { before: log.nextBefore }, 2);
    expect(older.items[0]?.id).not.toBe(log.items[1]?.id);
    expect(Number(older.items[0]?.id)).toBeLessThan(Number(log.items[1]?.id));

    const [run] = await db.selectFrom('igdb_sync_runs').select('id').execute();
    const ofRun = await changeLog(db, { run: run!.id });
    expect(ofRun.items.length).toBeGreaterThan(0);
    expect(ofRun.items.every((c) => c.runId === run!.id && c.byAdmin === null)).toBe(true);
    expect((await igdbAdminPage(db, CONFIGURED, {})).reviews.total).toBe(0);
  });
});
