import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { grantAdmin } from '../../src/lib/admin/admin.server.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { IGDB_NOT_CONFIGURED } from '../../src/lib/igdb/command.ts';
import { gameTag } from '../../src/lib/http/cache-rules.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { handleResolveIgdbReview, handleStartIgdbSync } from './igdb.ts';

let connection: DatabaseConnection;
const admin = randomUUID();
const stranger = randomUUID();
const purged: PurgeTarget[] = [];
const configured = { TWITCH_CLIENT_ID: 'client', TWITCH_CLIENT_SECRET: 'secret' };
const as = (user: string | null, env: { TWITCH_CLIENT_ID?: string; TWITCH_CLIENT_SECRET?: string } = configured) => ({
  db: () => Promise.resolve(connection.db),
  user: user ? { id: user } : null,
  purge: (target: PurgeTarget) => Promise.resolve(void purged.push(target)),
  env,
});
const post = (value?: unknown) =>
  new Request('http://localhost/api/admin/igdb/x', {
    method: 'POST',
    body: value === undefined ? null : JSON.stringify(value),
  });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  connection = await createTestDatabase();
  for (const [id, name] of [
    [admin, 'igdb_api_admin'],
    [stranger, 'igdb_api_stranger'],
  ] as const) {
    await sql`insert into auth.users (id, email) values (${id}, ${`${name}@example.test`})`.execute(connection.db);
  }
  await grantAdmin(connection.db, 'igdb_api_admin@example.test');
});
afterAll(() => connection.close());

describe('POST /api/admin/igdb/sync', () => {
  it('answers 404 to a visitor and to a member who is not an administrator, starting nothing', async () => {
    for (const user of [null, stranger]) {
      const response = await handleStartIgdbSync(post(), as(user));
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({ code: 'not_found', message: 'Not Found' });
    }
    expect(await connection.db.selectFrom('igdb_sync_runs').select('id').execute()).toEqual([]);
  });

  it('tells an administrator how to enable it when the Twitch credentials are not set', async () => {
    const response = await handleStartIgdbSync(post(), as(admin, {}));
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: 'not_configured', message: IGDB_NOT_CONFIGURED });
  });

  it('refuses options it does not take', async () => {
    const response = await handleStartIgdbSync(post({ pages: 1_000_000 }), as(admin));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('Starting a sync takes no options.');
  });

  it('opens one run for the administrator, and answers 409 while it runs', async () => {
    const first = await handleStartIgdbSync(post({}), as(admin));
    expect(first.status).toBe(201);
    const body = (await first.json()) as { run: { id: number; status: string }; message: string };
    expect(body.run.status).toBe('running');
    expect(body.message).toBe(`Run #${body.run.id} started: the scheduled job carries it forward, a page at a time.`);
    const second = await handleStartIgdbSync(post(), as(admin));
    expect(second.status).toBe(409);
    expect((await errorOf(second)).code).toBe('sync_running');
  });
});

describe('POST /api/admin/igdb/reviews/{id}', () => {
  let reviewId: number;
  beforeAll(async () => {
    const row = await connection.db
      .insertInto('igdb_match_reviews')
      .values({ igdb_id: 424242, igdb_title: 'Matrix Game', reason: 'test', payload: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    reviewId = row.id;
  });

  it('answers 404 to a visitor and to a member who is not an administrator, resolving nothing', async () => {
    for (const user of [null, stranger]) {
      const response = await handleResolveIgdbReview(post({ action: 'dismiss' }), String(reviewId), as(user));
      expect(response.status).toBe(404);
    }
    const review = await connection.db
      .selectFrom('igdb_match_reviews')
      .select('status')
      .where('id', '=', reviewId)
      .executeTakeFirstOrThrow();
    expect(review.status).toBe('pending');
  });

  it('answers bad ids, bad decisions and unknown reviews clearly', async () => {
    const badId = await handleResolveIgdbReview(post({ action: 'dismiss' }), 'abc', as(admin));
    expect(badId.status).toBe(404);
    const unknown = await handleResolveIgdbReview(post({ action: 'dismiss' }), '987654', as(admin));
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe('This review does not exist.');
    for (const body of [
      undefined,
      { action: 'merge' },
      { action: 'link' },
      { action: 'link', game: 'x'.repeat(121) },
    ]) {
      const response = await handleResolveIgdbReview(post(body), String(reviewId), as(admin));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).code).toBe('validation_failed');
    }
  });

  it('resolves for an administrator once; a second click is told it is done', async () => {
    const first = await handleResolveIgdbReview(post({ action: 'dismiss' }), String(reviewId), as(admin));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      status: 'dismissed',
      message: 'Dismissed: the sync will not ask again.',
    });
    const again = await handleResolveIgdbReview(post({ action: 'dismiss' }), String(reviewId), as(admin));
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('already_resolved');
  });

  it('links for an administrator and purges the game page it changed', async () => {
    const game = await connection.db
      .insertInto('games')
      .values({ slug: 'matrix-linked', title: 'Matrix Linked', sources: ['editorial'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mapped = {
      igdbId: 525252,
      title: 'Matrix Linked',
      slug: 'matrix-linked',
      titleKey: 'matrix linked',
      summary: 'From IGDB.',
      releaseDate: '2020-02-02',
      releaseYear: 2020,
      gameType: 'main_game',
      parentIgdbId: null,
      coverImageId: null,
      coverUrl: null,
      platforms: [],
      releases: [],
      genres: [],
      themes: [],
      developers: [],
      publishers: [],
      franchises: [],
      alternativeNames: [{ name: 'ML', comment: null }],
      externalIds: [],
      updatedAt: null,
    };
    const review = await connection.db
      .insertInto('igdb_match_reviews')
      .values({
        igdb_id: 525252,
        igdb_title: 'Matrix Linked',
        candidate_game_id: game.id,
        reason: 'test',
        payload: JSON.stringify(mapped),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    purged.length = 0;
    const response = await handleResolveIgdbReview(
      post({ action: 'link', game: 'matrix-linked' }),
      String(review.id),
      as(admin),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'merged',
      game: { id: game.id, slug: 'matrix-linked' },
      message: 'Linked to the catalogue game.',
    });
    expect(purged).toHaveLength(1);
    expect(purged[0]?.tags).toContain(gameTag('matrix-linked'));
    const written = await connection.db
      .selectFrom('games')
      .select(['summary', 'release_date'])
      .where('id', '=', game.id)
      .executeTakeFirstOrThrow();
    expect(written).toEqual({ summary: 'From IGDB.', release_date: '2020-02-02' });
  });
});
