import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { createRequest, getRequest, setVote, similarTo } from '../game-requests/requests.server.ts';
import { resolveRequest } from '../game-requests/resolve.server.ts';
import { parseAdminCommand } from './admin.ts';
import { grantAdmin, isAdmin, latestAudit, listAdmins, revokeAdmin } from './admin.server.ts';
import { gameReferences, gameSlugRedirect, mergeGames } from './merge.server.ts';

let connection: DatabaseConnection;
const admin = randomUUID();
const player = randomUUID();
const voter = randomUUID();

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, accounts: true });
  for (const [id, name] of [
    [admin, 'the_admin'],
    [player, 'a_player'],
    [voter, 'a_voter'],
  ] as const) {
    await sql`insert into auth.users (id, email, raw_user_meta_data) values (${id}, ${`${name}@example.test`}, ${JSON.stringify({ username: name })}::jsonb)`.execute(
      connection.db,
    );
  }
  await grantAdmin(connection.db, 'the_admin@example.test');
});
afterAll(() => connection.close());

describe('the admin role', () => {
  it('parses the command line', () => {
    expect(parseAdminCommand(['grant', 'Someone@Example.test'])).toEqual({
      command: 'grant',
      email: 'someone@example.test',
    });
    expect(parseAdminCommand(['list'])).toEqual({ command: 'list' });
    expect(parseAdminCommand(['grant'])).toHaveProperty('error');
    expect(parseAdminCommand(['promote', 'a@b.c'])).toHaveProperty('error');
  });

  it('is read from the database each time: a revoke takes effect at once', async () => {
    expect(await isAdmin(connection.db, admin)).toBe(true);
    expect(await isAdmin(connection.db, player)).toBe(false);
    expect(await isAdmin(connection.db, null)).toBe(false);
    expect(await grantAdmin(connection.db, 'a_player@example.test')).toBe(true);
    expect(await isAdmin(connection.db, player)).toBe(true);
    expect(await revokeAdmin(connection.db, 'A_Player@example.test')).toBe(true);
    expect(await isAdmin(connection.db, player)).toBe(false);
    await expect(grantAdmin(connection.db, 'nobody@example.test')).rejects.toThrow(
      'No account has the email nobody@example.test.',
    );
  });

  it('gives the embedded demo administrator the role', async () => {
    expect((await listAdmins(connection.db)).map((row) => row.email)).toEqual(
      expect.arrayContaining(['admin@demo.test', 'the_admin@example.test']),
    );
  });

  it('is invisible to the API roles', async () => {
    await expect(
      connection.db.transaction().execute(async (trx) => {
        await sql`set local role authenticated`.execute(trx);
        return sql`select * from app_meta.admins`.execute(trx);
      }),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('merging two games', () => {
  it('moves every row to the survivor in one transaction, leaves no orphan, and keeps the old slug as a redirect', async () => {
    const db = connection.db;
    const [survivor, duplicate] = await Promise.all(
      ['portal-2', 'half-life-2'].map((slug) =>
        db.selectFrom('games').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirstOrThrow(),
      ),
    );
    // The duplicate has a status the survivor lacks, one that clashes, and a request.
    await db
      .insertInto('user_games')
      .values([
        { user_id: player, game_id: duplicate!.id, status: 'playing' },
        { user_id: voter, game_id: duplicate!.id, status: 'completed' },
        { user_id: voter, game_id: survivor!.id, status: 'playing' },
      ])
      .execute();
    const refs = await gameReferences(db);
    const count = async (id: number) => {
      let total = 0;
      for (const ref of refs)
        total += Number(
          (
            await sql<{
              n: string;
            }>`select count(*) as n from ${sql.raw(ref.table)} where ${sql.ref(ref.column)} = ${id}`.execute(db)
          ).rows[0]!.n,
        );
      return total;
    };
    const before = { survivor: await count(survivor!.id), duplicate: await count(duplicate!.id) };
    expect(before.duplicate).toBeGreaterThan(2);

    const outcome = await mergeGames(db, { survivorId: survivor!.id, duplicateId: duplicate!.id, adminId: admin });
    const dropped = Object.values(outcome.moved).reduce((sum, entry) => sum + entry.dropped, 0);
    const moved = Object.values(outcome.moved).reduce((sum, entry) => sum + entry.moved, 0);
    expect(moved + dropped).toBe(before.duplicate);
    expect(await count(duplicate!.id)).toBe(0);
    // Every moved row is now the survivor's (plus the redirect the merge adds).
    expect(await count(survivor!.id)).toBe(before.survivor + moved + 1);
    expect(
      await db.selectFrom('games').select('id').where('id', '=', duplicate!.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db
        .selectFrom('user_games')
        .select('status')
        .where('user_id', '=', player)
        .where('game_id', '=', survivor!.id)
        .executeTakeFirst(),
    ).toEqual({ status: 'playing' });
    expect(await gameSlugRedirect(db, 'half-life-2')).toBe('portal-2');
    expect((await latestAudit(db, 1))[0]).toMatchObject({
      admin: 'the_admin',
      action: 'game.merge',
      subjectId: String(survivor!.id),
    });
  });

  it('refuses to merge a game into itself', async () => {
    await expect(mergeGames(connection.db, { survivorId: 1, duplicateId: 1, adminId: admin })).rejects.toThrow(
      'Choose two different games to merge.',
    );
  });
});

describe('game requests', () => {
  it('shows existing games with similar titles before a request', async () => {
    const matches = await similarTo(connection.db, 'portal two');
    expect(matches.games.map((game) => game.slug)).toContain('portal-2');
  });

  it('goes from a request and votes to an approved game, recorded for the requester', async () => {
    const db = connection.db;
    const request = await createRequest(db, player, {
      title: 'Lumen Drift',
      platforms: ['PC'],
      releaseDate: '2026-03-01',
      developer: 'Glow Works',
      publisher: null,
      officialUrl: 'https://example.test/lumen',
      reason: null,
    });
    await expect(
      createRequest(db, player, {
        title: 'lumen drift ',
        platforms: [],
        releaseDate: null,
        developer: null,
        publisher: null,
        officialUrl: null,
        reason: null,
      }),
    ).rejects.toThrow('You have already requested a game with this title.');
    await expect(setVote(db, player, request.id, true)).rejects.toThrow('You asked for this game yourself.');
    expect(await setVote(db, voter, request.id, true)).toBe(1);
    expect(await setVote(db, voter, request.id, true)).toBe(1);

    const approved = await resolveRequest(db, admin, request.id, { action: 'approve' });
    expect(approved).toMatchObject({ status: 'approved', gameSlug: 'lumen-drift' });
    const game = await db
      .selectFrom('games')
      .select(['title', 'release_date'])
      .where('slug', '=', 'lumen-drift')
      .executeTakeFirstOrThrow();
    expect(game).toEqual({ title: 'Lumen Drift', release_date: '2026-03-01' });
    const event = await db
      .selectFrom('activity_events')
      .selectAll()
      .where('kind', '=', 'game_request_resolved')
      .where('subject_id', '=', String(request.id))
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      actor_id: admin,
      target_user_id: player,
      is_public: false,
      dedupe_key: `request:${request.id}`,
    });
    expect(event.data).toEqual({ outcome: 'approved', title: 'Lumen Drift' });
    await expect(resolveRequest(db, admin, request.id, { action: 'reject', reason: 'late' })).rejects.toThrow(
      'This request has already been resolved.',
    );
  });

  it('rejects with a reason and marks duplicates', async () => {
    const db = connection.db;
    const a = await createRequest(db, voter, {
      title: 'Portal Two',
      platforms: [],
      releaseDate: null,
      developer: null,
      publisher: null,
      officialUrl: null,
      reason: null,
    });
    const dup = await resolveRequest(db, admin, a.id, { action: 'duplicate', gameSlug: 'portal-2' });
    expect(dup).toMatchObject({ status: 'duplicate', gameSlug: 'portal-2' });
    const b = await createRequest(db, voter, {
      title: 'Some Unknown Game',
      platforms: [],
      releaseDate: null,
      developer: null,
      publisher: null,
      officialUrl: null,
      reason: null,
    });
    expect(await resolveRequest(db, admin, b.id, { action: 'reject', reason: 'Not a video game.' })).toMatchObject({
      status: 'rejected',
      resolutionReason: 'Not a video game.',
    });
    expect((await getRequest(db, b.id))?.status).toBe('rejected');
  });
});
