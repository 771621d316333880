import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/helpers/database.ts';
import type { DatabaseConnection } from '../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../src/lib/http/purge.server.ts';
import { handleCreateCriticReview, handleDeleteCriticReview, handleUpdateCriticReview } from './critic-reviews.ts';

let connection: DatabaseConnection;
const owner = randomUUID();
const stranger = randomUUID();
const purged: PurgeTarget[] = [];
const deps = (user: string | null) => ({
  db: connection.db,
  user: user ? { id: user } : null,
  purge: async (target: PurgeTarget) => void purged.push(target),
});
const post = (body: unknown) => new Request('http://localhost/api/critic-reviews', { method: 'POST', body: JSON.stringify(body) });

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  for (const id of [owner, stranger]) await sql`insert into auth.users (id, email) values (${id}, ${`${id}@example.test`})`.execute(connection.db);
  await connection.db.insertInto('outlets').values({ slug: 'owned-outlet', name: 'Owned Outlet', score_scale: 'ten', owner_id: owner }).execute();
});
afterAll(() => connection.close());

describe('critic review write API', () => {
  it('asks for a session, and lets only the outlet owner write', async () => {
    expect((await handleCreateCriticReview(post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '9' }), deps(null))).status).toBe(401);
    const forbidden = await handleCreateCriticReview(post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '9' }), deps(stranger));
    expect(forbidden.status).toBe(403);
    expect(purged).toEqual([]);
  });

  it('publishes a review, normalises its score, and purges the pages it changes', async () => {
    const response = await handleCreateCriticReview(post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '9.5', verdict: 'Brilliant.' }), deps(owner));
    expect(response.status).toBe(201);
    const { review } = (await response.json()) as { review: { id: string; score: number; recommended: boolean } };
    expect(review).toMatchObject({ score: 95, recommended: true });
    expect(purged.at(-1)?.tags).toEqual(expect.arrayContaining(['game:portal-2', 'outlet:owned-outlet', 'reviews', 'scores']));
    const stats = await connection.db.selectFrom('game_critic_stats').innerJoin('games', 'games.id', 'game_critic_stats.game_id').select(['score_sum', 'review_count']).where('games.slug', '=', 'portal-2').executeTakeFirstOrThrow();
    expect(stats).toEqual({ score_sum: 95, review_count: 1 });

    const again = await handleCreateCriticReview(post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '8' }), deps(owner));
    expect(again.status).toBe(409);

    const patch = new Request('http://localhost', { method: 'PATCH', body: JSON.stringify({ rawScore: '7' }) });
    expect((await handleUpdateCriticReview(patch, review.id, deps(owner))).status).toBe(200);
    const updated = await connection.db.selectFrom('game_critic_stats').innerJoin('games', 'games.id', 'game_critic_stats.game_id').select('score_sum').where('games.slug', '=', 'portal-2').executeTakeFirstOrThrow();
    expect(updated.score_sum).toBe(70);

    expect((await handleDeleteCriticReview(review.id, deps(stranger))).status).toBe(403);
    expect((await handleDeleteCriticReview(review.id, deps(owner))).status).toBe(204);
    expect(purged.length).toBe(3);
  });

  it('refuses a score that is not on the outlet scale, with a clear message', async () => {
    const response = await handleCreateCriticReview(post({ game: 'half-life-2', outlet: 'owned-outlet', rawScore: 'B+' }), deps(owner));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { code: 'invalid_score', message: '“B+” is not a score on this outlet\'s scale.' } });
  });

  it('keeps a scheduled (embargoed) review out of the aggregate until its time', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const response = await handleCreateCriticReview(post({ game: 'half-life-2', outlet: 'owned-outlet', rawScore: '6', publishedAt: future }), deps(owner));
    expect(response.status).toBe(201);
    const stats = await connection.db.selectFrom('game_critic_stats').innerJoin('games', 'games.id', 'game_critic_stats.game_id').select('review_count').where('games.slug', '=', 'half-life-2').executeTakeFirst();
    expect(stats?.review_count ?? 0).toBe(0);
  });
});
