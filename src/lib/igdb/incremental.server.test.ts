import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../db/connect.server.ts';
import type { Database } from '../db/schema.ts';
import { startIgdbStandIn, type IgdbStandIn } from '../../../tests/helpers/igdb-stand-in.ts';
import { standInClient, SYNC_DATABASES } from '../../../tests/helpers/igdb-sync-setup.ts';
import { gameForEdit, updateGame } from '../admin/games.server.ts';
import { gameSlugRedirect } from '../admin/merge.server.ts';
import { runFullSync } from './sync.server.ts';

const ADMIN = '00000000-0000-4000-8000-00000000ad02';
const PLAYER = '00000000-0000-4000-8000-0000000000p1'.replace('p', 'a');

const client = standInClient;

describe.each(SYNC_DATABASES)('a full then an incremental IGDB sync (%s)', (_mode, open) => {
  let connection: DatabaseConnection | undefined;
  let db: Kysely<Database>;
  let standIn: IgdbStandIn;

  const byIgdb = (igdbId: number) =>
    db
      .selectFrom('game_external_ids as e')
      .innerJoin('games as g', 'g.id', 'e.game_id')
      .select(['g.id', 'g.slug', 'g.title', 'g.summary'])
      .where('e.source', '=', 'igdb')
      .where('e.external_id', '=', String(igdbId))
      .executeTakeFirst();
  /** Moves the runs back in time, as if the last one had started hours ago. */
  const hoursLater = () => sql`update igdb_sync_runs set started_at = started_at - interval '2 hours'`.execute(db);
  const changes = (runId: number) =>
    db
      .selectFrom('igdb_changes')
      .select(['igdb_id', 'action', 'fields', 'game_id'])
      .where('run_id', '=', runId)
      .orderBy('igdb_id')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    connection = await open();
    if (!connection) return;
    db = connection.db;
    standIn = await startIgdbStandIn();
    for (const [id, email] of [
      [ADMIN, 'igdb_incremental_admin@example.test'],
      [PLAYER, 'igdb_incremental_player@example.test'],
    ] as const) {
      await sql`insert into auth.users (id, email) values (${id}, ${email})`.execute(db);
    }
  });
  afterAll(async () => {
    await standIn?.close();
    await connection?.close();
  });

  it('reads what changed, keeps an edit, unbinds, deletes and merges what IGDB removed, then writes nothing again', async () => {
    // Written otherwise in the catalogue: found by its longest word, matched by normalised title and year.
    const editorial = await db
      .insertInto('games')
      .values({
        slug: 'witcher-iii',
        title: 'Witcher III - Wild Hunt',
        release_date: '2015-05-19',
        sources: ['editorial'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const full = await runFullSync(db, client(standIn), { pageSize: 2 });
    expect(full).toMatchObject({ kind: 'full', status: 'finished', created: 4, updated: 1 });
    expect((await byIgdb(1942))?.id).toBe(editorial.id);
    await expect(runFullSync(db, client(standIn), { kind: 'incremental' })).resolves.toMatchObject({
      kind: 'incremental',
      status: 'finished',
      created: 0,
      updated: 0,
      removed: 0,
      checked: 5,
    });

    const witcher = await byIgdb(1942);
    const form = await gameForEdit(db, witcher?.slug ?? '');
    if (!form) throw new Error('no game');
    await updateGame(db, form.id, { ...form, summary: 'Written by the editors.' }, ADMIN);
    const kept = await byIgdb(12503);
    const merged = await byIgdb(14593);
    const survivor = await byIgdb(26226);
    const removed = await byIgdb(19686);
    if (!kept || !merged || !survivor || !removed) throw new Error('a game is missing');
    await db
      .insertInto('user_games')
      .values([
        { user_id: PLAYER, game_id: kept.id, status: 'playing' },
        { user_id: PLAYER, game_id: merged.id, status: 'completed' },
      ])
      .execute();

    standIn.changeGame(1942, {
      summary: 'A new summary from IGDB.',
      name: 'The Witcher 3: Wild Hunt (2015)',
      platforms: [6],
    });
    standIn.deleteRecord('games', 12503);
    standIn.deleteRecord('games', 19686);
    standIn.mergeGame(14593, 26226);
    await hoursLater();

    const run = await runFullSync(db, client(standIn), { kind: 'incremental', pageSize: 2 });
    expect(run).toMatchObject({ kind: 'incremental', status: 'finished', created: 0, updated: 2, removed: 3 });
    // The administrator's summary and the catalogue's own title are kept; IGDB's platforms follow IGDB.
    expect(await byIgdb(1942)).toMatchObject({ summary: 'Written by the editors.', title: 'Witcher III - Wild Hunt' });
    const platforms = await db
      .selectFrom('game_platforms as gp')
      .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
      .select('p.slug')
      .where('gp.game_id', '=', editorial.id)
      .orderBy('p.slug')
      .execute();
    // Xbox One left IGDB's list; the others stay through their release dates.
    expect(platforms).toEqual([{ slug: 'pc' }, { slug: 'ps4' }, { slug: 'switch' }]);
    // Deleted on IGDB, in a player's library: kept, without its IGDB id.
    expect(await db.selectFrom('games').select('title').where('id', '=', kept.id).executeTakeFirst()).toBeDefined();
    expect(await byIgdb(12503)).toBeUndefined();
    // Deleted on IGDB and nothing else: gone.
    expect(await db.selectFrom('games').select('id').where('id', '=', removed.id).executeTakeFirst()).toBeUndefined();
    // Merged on IGDB into a game the catalogue has: merged here too, the old slug redirected.
    expect(await db.selectFrom('games').select('id').where('id', '=', merged.id).executeTakeFirst()).toBeUndefined();
    expect(await gameSlugRedirect(db, merged.slug)).toBe(survivor.slug);
    const moved = await db.selectFrom('user_games').select('status').where('game_id', '=', survivor.id).execute();
    expect(moved).toEqual([{ status: 'completed' }]);
    const steam = await db
      .selectFrom('game_external_ids')
      .select('game_id')
      .where('source', '=', 'steam')
      .where('external_id', '=', '367520')
      .executeTakeFirst();
    expect(steam?.game_id).toBe(survivor.id);

    const log = await changes(run.id);
    expect(log.map(({ igdb_id, action }) => ({ igdb_id, action }))).toEqual([
      { igdb_id: 1942, action: 'updated' },
      { igdb_id: 12503, action: 'unbound' },
      { igdb_id: 14593, action: 'merged' },
      { igdb_id: 19686, action: 'deleted' },
      { igdb_id: 26226, action: 'updated' },
    ]);
    expect(log[0]?.fields).toContain('platforms');
    expect(log[0]?.fields).not.toContain('summary');

    await hoursLater();
    const again = await runFullSync(db, client(standIn), { kind: 'incremental', pageSize: 2 });
    expect(again).toMatchObject({ kind: 'incremental', status: 'finished', created: 0, updated: 0, removed: 0 });
    expect(await changes(again.id)).toEqual([]);
    // It read the changes again (the overlap) and the ids it checks, and wrote none of them.
    const asked = standIn.requests.slice(-2).map((r) => r.body);
    expect(asked[0]).toMatch(/updated_at > \d+/);
    expect(asked[1]).toMatch(/where id > 0 & \(id = \(/);
  });

  it('binds a game to the record IGDB merged its own into when the catalogue lacks that one', async () => {
    const witcher = await byIgdb(1942);
    standIn.records.get('games')?.set(30000, { id: 30000, name: 'The Witcher 3: Wild Hunt', game_type: 0 });
    standIn.mergeGame(1942, 30000);
    await hoursLater();

    const run = await runFullSync(db, client(standIn), { kind: 'incremental' });
    expect(run).toMatchObject({ status: 'finished', queued: 1, removed: 1 });
    expect(await byIgdb(30000)).toMatchObject({ id: witcher?.id, summary: 'Written by the editors.' });
    const log = await changes(run.id);
    expect(log.map(({ igdb_id, action }) => ({ igdb_id, action }))).toEqual([
      { igdb_id: 1942, action: 'rebound' },
      { igdb_id: 30000, action: 'queued' },
      { igdb_id: 30000, action: 'updated' },
    ]);
    const review = await db
      .selectFrom('igdb_match_reviews')
      .select('status')
      .where('igdb_id', '=', 30000)
      .executeTakeFirst();
    expect(review?.status).toBe('merged');
  });

  it('stops rather than removes when IGDB answers without many games at once', async () => {
    const games = await db
      .insertInto('games')
      .values(
        Array.from({ length: 30 }, (_, n) => ({ slug: `gone-${n}`, title: `Gone ${n}`, sources: ['igdb' as const] })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('game_external_ids')
      .values(games.map((g, n) => ({ game_id: g.id, source: 'igdb', external_id: String(900_000 + n) })))
      .execute();
    await hoursLater();
    await expect(runFullSync(db, client(standIn), { kind: 'incremental' })).rejects.toThrow(/none removed/);
    const left = await db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'id',
        'in',
        games.map((g) => g.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(30);
    const run = await db
      .selectFrom('igdb_sync_runs')
      .select(['status', 'error'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(run).toMatchObject({ status: 'failed', error: expect.stringMatching(/30 of/) as unknown });
  });
});
