import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { handleCreateCriticReview, handleDeleteCriticReview, handleUpdateCriticReview } from './handlers.ts';

let connection: DatabaseConnection;
const owner = randomUUID();
const stranger = randomUUID();
const purged: PurgeTarget[] = [];
const deps = (user: string | null) => ({
  db: () => Promise.resolve(connection.db),
  user: user ? { id: user } : null,
  purge: (target: PurgeTarget) => Promise.resolve(void purged.push(target)),
});
const post = (body: unknown) =>
  new Request('http://localhost/api/critic-reviews', { method: 'POST', body: JSON.stringify(body) });

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  for (const id of [owner, stranger])
    await sql`insert into auth.users (id, email) values (${id}, ${`${id}@example.test`})`.execute(connection.db);
  await connection.db
    .insertInto('outlets')
    .values({ slug: 'owned-outlet', name: 'Owned Outlet', score_scale: 'ten', owner_id: owner })
    .execute();
});
afterAll(() => connection.close());

describe('critic review write API', () => {
  it('asks for a session, and lets only the outlet owner write', async () => {
    expect(
      (await handleCreateCriticReview(post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '9' }), deps(null)))
        .status,
    ).toBe(401);
    const forbidden = await handleCreateCriticReview(
      post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '9' }),
      deps(stranger),
    );
    expect(forbidden.status).toBe(403);
    expect(purged).toEqual([]);
  });

  it('publishes a review, normalises its score, and purges the pages it changes', async () => {
    const response = await handleCreateCriticReview(
      post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '9.5', verdict: 'Brilliant.' }),
      deps(owner),
    );
    expect(response.status).toBe(201);
    const { review } = (await response.json()) as { review: { id: string; score: number; recommended: boolean } };
    expect(review).toMatchObject({ score: 95, recommended: true });
    expect(purged.at(-1)?.tags).toEqual(
      expect.arrayContaining(['game:portal-2', 'outlet:owned-outlet', 'reviews', 'scores']),
    );
    const stats = await connection.db
      .selectFrom('game_critic_stats')
      .innerJoin('games', 'games.id', 'game_critic_stats.game_id')
      .select(['score_sum', 'review_count'])
      .where('games.slug', '=', 'portal-2')
      .executeTakeFirstOrThrow();
    expect(stats).toEqual({ score_sum: 95, review_count: 1 });

    const again = await handleCreateCriticReview(
      post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '8' }),
      deps(owner),
    );
    expect(again.status).toBe(409);

    const patch = new Request('http://localhost', { method: 'PATCH', body: JSON.stringify({ rawScore: '7' }) });
    expect((await handleUpdateCriticReview(patch, review.id, deps(owner))).status).toBe(200);
    const updated = await connection.db
      .selectFrom('game_critic_stats')
      .innerJoin('games', 'games.id', 'game_critic_stats.game_id')
      .select('score_sum')
      .where('games.slug', '=', 'portal-2')
      .executeTakeFirstOrThrow();
    expect(updated.score_sum).toBe(70);

    expect((await handleDeleteCriticReview(review.id, deps(stranger))).status).toBe(404);
    expect((await handleDeleteCriticReview(review.id, deps(owner))).status).toBe(204);
    expect(purged.length).toBe(3);
  });

  it('refuses a score that is not on the outlet scale, with a clear message', async () => {
    const response = await handleCreateCriticReview(
      post({ game: 'half-life-2', outlet: 'owned-outlet', rawScore: 'B+' }),
      deps(owner),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: { code: 'invalid_score', message: "“B+” is not a score on this outlet's scale." },
    });
  });

  it('keeps a scheduled (embargoed) review out of the aggregate until its time', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const response = await handleCreateCriticReview(
      post({ game: 'half-life-2', outlet: 'owned-outlet', rawScore: '6', publishedAt: future }),
      deps(owner),
    );
    expect(response.status).toBe(201);
    // Nor does its id tell anyone else it exists: the answers are a missing review's.
    const { review: scheduled } = (await response.clone().json()) as { review: { id: string } };
    const patchAs = (id: string) =>
      handleUpdateCriticReview(
        new Request('http://localhost', { method: 'PATCH', body: '{"rawScore":"7"}' }),
        id,
        deps(stranger),
      );
    const [known, unknown] = [await patchAs(scheduled.id), await patchAs('999999999')];
    expect([known.status, await known.json()]).toEqual([unknown.status, await unknown.json()]);
    expect((await handleDeleteCriticReview(scheduled.id, deps(stranger))).status).toBe(404);
    const stats = await connection.db
      .selectFrom('game_critic_stats')
      .innerJoin('games', 'games.id', 'game_critic_stats.game_id')
      .select('review_count')
      .where('games.slug', '=', 'half-life-2')
      .executeTakeFirst();
    expect(stats?.review_count ?? 0).toBe(0);
  });

  it('refuses each write to anyone but the owner, by id, and answers every bad input with a clear 4xx', async () => {
    const created = await handleCreateCriticReview(
      post({ game: 'portal', outlet: 'owned-outlet', rawScore: '8' }),
      deps(owner),
    );
    expect(created.status).toBe(201);
    const { review } = (await created.json()) as { review: { id: string } };
    const patch = (body: unknown) => new Request('http://localhost', { method: 'PATCH', body: JSON.stringify(body) });
    const before = purged.length;

    // anonymous, stranger, owner: on update and delete, by id
    expect((await handleUpdateCriticReview(patch({ rawScore: '9' }), review.id, deps(null))).status).toBe(401);
    expect((await handleUpdateCriticReview(patch({ rawScore: '9' }), review.id, deps(stranger))).status).toBe(404);
    expect((await handleDeleteCriticReview(review.id, deps(null))).status).toBe(401);
    for (const id of ['abc', '0', '-1', '99999999999999999', `${review.id}0`]) {
      expect((await handleDeleteCriticReview(id, deps(owner))).status, id).toBe(404);
    }
    expect(purged.length).toBe(before);

    const refused = async (response: Response) => ({
      status: response.status,
      body: (await response.json()) as unknown,
    });
    expect(
      await refused(
        await handleCreateCriticReview(post({ game: 'portal', outlet: 'no-such-outlet', rawScore: '8' }), deps(owner)),
      ),
    ).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'No such outlet.' } },
    });
    expect(
      (
        await handleCreateCriticReview(
          post({ game: 'no-such-game', outlet: 'owned-outlet', rawScore: '8' }),
          deps(owner),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await handleCreateCriticReview(
          post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '8', platform: 'atari-9000' }),
          deps(owner),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await handleCreateCriticReview(
          post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '8', authorId: 1 }),
          deps(owner),
        )
      ).status,
    ).toBe(400);
    // Out of the author column's range: refused by the schema, not by a database error.
    expect(
      (
        await handleCreateCriticReview(
          post({ game: 'portal-2', outlet: 'owned-outlet', rawScore: '8', authorId: 2 ** 40 }),
          deps(owner),
        )
      ).status,
    ).toBe(400);
    expect(
      await refused(await handleUpdateCriticReview(patch({ verdict: 'x'.repeat(141) }), review.id, deps(owner))),
    ).toEqual({
      status: 400,
      body: { error: { code: 'invalid_request', message: 'The verdict is at most 140 characters.' } },
    });
    expect(
      (
        await handleCreateCriticReview(
          new Request('http://localhost', { method: 'POST', body: '{"game":' }),
          deps(owner),
        )
      ).status,
    ).toBe(400);
    expect((await handleUpdateCriticReview(patch({ rawScore: 'B+' }), review.id, deps(owner))).status).toBe(422);

    // Nothing of the refused writes reached the data.
    const stored = await connection.db
      .selectFrom('critic_reviews')
      .select(['raw_score', 'verdict'])
      .where('id', '=', review.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ raw_score: '8', verdict: null });
    expect(purged.length).toBe(before);
  });
});
