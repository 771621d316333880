import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { grantAdmin } from '../../src/lib/admin/admin.server.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { discoverLists } from '../../src/lib/lists/discover.server.ts';
import { findListBySlug, publicListsOf } from '../../src/lib/lists/lists.server.ts';
import { createList } from '../../src/lib/lists/list-writes.server.ts';
import { listDetailsSchema } from '../../src/lib/lists/lists.ts';
import { hiddenReviewsOf } from '../../src/lib/moderation/content.server.ts';
import { hiddenContent, moderationQueue } from '../../src/lib/moderation/queue.server.ts';
import { listNotifications } from '../../src/lib/notifications/notifications.server.ts';
import { reviewsByUser, userReviewsPage } from '../../src/lib/user-reviews/user-reviews.server.ts';
import { getGameBySlug } from '../../src/lib/games/games.server.ts';
import { getGameOverviewBySlug } from '../../src/lib/games/game-overview.server.ts';
import { handleRequestCoverage } from '../admin/coverage.ts';
import { handleModerate, handleReportList } from './handlers.ts';
import { handleCreateUserReview, handleReportReview } from '../user-reviews/handlers.ts';

// Hiding and restoring reported content through the handlers the routes mount, and the
// admin's coverage requests: what the public, the author and the outlet owners then see.

let connection: DatabaseConnection;
const purges: PurgeTarget[] = [];
const users = {
  admin: randomUUID(),
  author: randomUUID(),
  reporter: randomUUID(),
  other: randomUUID(),
  owner: randomUUID(),
};
let game: { id: number; slug: string };

const as = (user: string | null) => ({
  db: () => Promise.resolve(connection.db),
  user: user ? { id: user } : null,
  purge: (target: PurgeTarget) => Promise.resolve(void purges.push(target)),
});
const post = (value: unknown) =>
  new Request('http://localhost/api/x', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

async function addUser(id: string, username: string, plan: string | null) {
  await sql`insert into auth.users (id, email, raw_user_meta_data) values (${id}, ${`${username}@example.test`}, ${JSON.stringify({ username })}::jsonb)`.execute(
    connection.db,
  );
  if (plan)
    await sql`insert into public.user_subscriptions (user_id, plan_id, status) select ${id}, id, 'active' from public.subscription_plans where name = ${plan}`.execute(
      connection.db,
    );
}

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await addUser(users.admin, 'mod_admin', null);
  await addUser(users.author, 'mod_author', 'premium');
  await addUser(users.reporter, 'mod_reporter', 'premium');
  await addUser(users.other, 'mod_other', 'premium');
  await addUser(users.owner, 'mod_owner', null);
  await grantAdmin(connection.db, 'mod_admin@example.test');
  game = await connection.db
    .selectFrom('games')
    .select(['id', 'slug'])
    .where('release_date', '<', '2020-01-01')
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
afterAll(() => connection.close());

describe('hiding a reported user review', () => {
  let reviewId: string;

  it('puts a reported review in the queue with its context', async () => {
    for (const [user, rating] of [
      [users.author, 2],
      [users.other, 10],
    ] as const) {
      const created = await handleCreateUserReview(
        post({ gameId: game.id, rating, title: `Review by ${user.slice(0, 4)}`, body: 'Plain words about the game.' }),
        as(user),
      );
      expect(created.status).toBe(201);
    }
    reviewId = (
      await connection.db
        .selectFrom('user_reviews')
        .select('id')
        .where('user_id', '=', users.author)
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await handleReportReview(
          post({ reason: 'offensive', details: 'Insults other players.' }),
          reviewId,
          as(users.reporter),
        )
      ).status,
    ).toBe(201);
    const item = (await moderationQueue(connection.db)).find((i) => i.kind === 'user_review' && i.id === reviewId);
    expect(item?.actions).toEqual(['hide', 'dismiss']);
    expect(item?.details).toContainEqual({ label: 'Reports', value: '1 (Offensive or abusive)' });
  });

  it('refuses a non-admin and an anonymous visitor, and a hide without a reason', async () => {
    for (const user of [users.reporter, users.author, null]) {
      const refused = await handleModerate(
        post({ action: 'hide', reason: 'Abusive' }),
        { kind: 'user_review', id: reviewId },
        as(user),
      );
      expect(refused.status).toBe(404);
    }
    const noReason = await handleModerate(
      post({ action: 'hide' }),
      { kind: 'user_review', id: reviewId },
      as(users.admin),
    );
    expect(await errorOf(noReason)).toEqual({
      code: 'validation_failed',
      message: 'Give a reason: the author is told it.',
    });
    expect(
      (
        await connection.db
          .selectFrom('user_reviews')
          .select('hidden')
          .where('id', '=', reviewId)
          .executeTakeFirstOrThrow()
      ).hidden,
    ).toBe(false);
  });

  it('hides it: gone from public pages and the score, visible to its author with the reason, who is notified', async () => {
    const before = (await getGameBySlug(connection.db, game.slug))!.userScore;
    purges.length = 0;
    const hidden = await handleModerate(
      post({ action: 'hide', reason: 'Insults other players.' }),
      { kind: 'user_review', id: reviewId },
      as(users.admin),
    );
    expect(hidden.status).toBe(200);
    expect(purges).toEqual([{ tags: [`game:${game.slug}`, 'scores', 'reviews'] }]);

    const { listing } = await userReviewsPage(connection.db, (await getGameBySlug(connection.db, game.slug))!, {
      sort: 'newest',
      page: 1,
      platform: undefined,
      finished: false,
    } as never);
    expect(listing.items.map((r) => r.id)).not.toContain(reviewId);
    expect(listing.total).toBe(before.reviewCount - 1);
    expect((await getGameOverviewBySlug(connection.db, game.slug))!.top.map((r) => r.id)).not.toContain(reviewId);
    expect((await reviewsByUser(connection.db, users.author, 1)).items).toEqual([]);

    const after = (await getGameBySlug(connection.db, game.slug))!.userScore;
    expect(after.reviewCount).toBe(before.reviewCount - 1);
    expect(after.count).toBe(before.count - 1);
    expect(after.steps[1]).toBe(before.steps[1]! - 1);
    // The kept aggregate equals a recount.
    const kept = await connection.db
      .selectFrom('game_user_scores')
      .selectAll()
      .where('game_id', '=', game.id)
      .executeTakeFirstOrThrow();
    await sql`select public.rebuild_game_user_scores()`.execute(connection.db);
    const recounted = await connection.db
      .selectFrom('game_user_scores')
      .selectAll()
      .where('game_id', '=', game.id)
      .executeTakeFirstOrThrow();
    expect({ ...recounted, updated_at: null }).toEqual({ ...kept, updated_at: null });

    expect(await hiddenReviewsOf(connection.db, users.author)).toMatchObject([
      { id: reviewId, reason: 'Insults other players.' },
    ]);
    const [note] = (await listNotifications(connection.db, users.author)).items;
    expect(note?.kind).toBe('content_hidden');
    expect(note?.text).toContain('Insults other players.');

    const feed = await connection.db
      .selectFrom('activity_events')
      .select('is_public')
      .where('kind', '=', 'review_published')
      .where('subject_id', '=', reviewId)
      .executeTakeFirstOrThrow();
    expect(feed.is_public).toBe(false);
    const log = await sql<{
      action: string;
    }>`select action from app_meta.admin_audit_log where subject_id = ${reviewId} order by id`.execute(connection.db);
    expect(log.rows.map((r) => r.action)).toEqual(['user_review.hide']);
    expect(await moderationQueue(connection.db)).toEqual([]);
    expect((await hiddenContent(connection.db)).map((i) => `${i.kind}:${i.id}`)).toEqual([`user_review:${reviewId}`]);
  });

  it('restores it: back on the game page and in the score', async () => {
    const before = (await getGameBySlug(connection.db, game.slug))!.userScore;
    expect(
      (await handleModerate(post({ action: 'restore' }), { kind: 'user_review', id: reviewId }, as(users.reporter)))
        .status,
    ).toBe(404);
    expect(
      (await handleModerate(post({ action: 'restore' }), { kind: 'user_review', id: reviewId }, as(users.admin)))
        .status,
    ).toBe(200);
    expect((await getGameBySlug(connection.db, game.slug))!.userScore.count).toBe(before.count + 1);
    expect((await getGameOverviewBySlug(connection.db, game.slug))!.top.map((r) => r.id)).toContain(reviewId);
    expect(await hiddenReviewsOf(connection.db, users.author)).toEqual([]);
    const again = await handleModerate(
      post({ action: 'restore' }),
      { kind: 'user_review', id: reviewId },
      as(users.admin),
    );
    expect(again.status).toBe(409);
  });
});

describe('reporting and hiding a list', () => {
  it("takes one report per user, never on one's own list, and hides the list from every public listing", async () => {
    const list = await createList(
      connection.db,
      users.author,
      'premium',
      listDetailsSchema.parse({ title: 'Games to avoid', visibility: 'public' }),
    );
    const id = String(list.id);
    expect((await handleReportList(post({ reason: 'spam' }), id, as(null))).status).toBe(401);
    expect((await handleReportList(post({ reason: 'spam' }), id, as(users.author))).status).toBe(403);
    expect((await handleReportList(post({ reason: 'nonsense' }), id, as(users.reporter))).status).toBe(400);
    expect((await handleReportList(post({ reason: 'spam' }), id, as(users.reporter))).status).toBe(201);
    expect(await errorOf(await handleReportList(post({ reason: 'other' }), id, as(users.reporter)))).toEqual({
      code: 'conflict',
      message: 'You have already reported this list.',
    });

    expect((await moderationQueue(connection.db)).map((i) => `${i.kind}:${i.id}`)).toEqual([`user_list:${id}`]);
    expect(
      (
        await handleModerate(
          post({ action: 'hide', reason: 'Advertising.' }),
          { kind: 'user_list', id },
          as(users.other),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await handleModerate(
          post({ action: 'hide', reason: 'Advertising.' }),
          { kind: 'user_list', id },
          as(users.admin),
        )
      ).status,
    ).toBe(200);

    expect(await findListBySlug(connection.db, 'mod_author', list.slug, null)).toBeNull();
    expect(await publicListsOf(connection.db, users.author)).toEqual([]);
    const discovered = await discoverLists(connection.db, {
      sort: 'recent',
      q: 'Games to avoid',
      page: 1,
      pageSize: 20,
    });
    expect(discovered.items).toEqual([]);
    expect((await findListBySlug(connection.db, 'mod_author', list.slug, users.author))?.hiddenReason).toBe(
      'Advertising.',
    );
    expect((await handleReportList(post({ reason: 'spam' }), id, as(users.other))).status).toBe(404);
    const notes = (await listNotifications(connection.db, users.author)).items.filter(
      (n) => n.kind === 'content_hidden',
    );
    expect(notes[0]?.text).toBe('A moderator hid your list Games to avoid: Advertising.');
  });
});

describe('request coverage from /admin/missing-reviews', () => {
  it('notifies the owners of the chosen outlets once, and refuses everyone but an admin', async () => {
    await connection.db
      .insertInto('outlets')
      .values({ slug: 'coverage-weekly', name: 'Coverage Weekly', score_scale: 'ten', owner_id: users.owner })
      .execute();
    const request = { game: game.slug, outlets: ['coverage-weekly'] };
    for (const user of [null, users.owner, users.reporter])
      expect((await handleRequestCoverage(post(request), as(user))).status).toBe(404);
    expect(await errorOf(await handleRequestCoverage(post({ game: game.slug, outlets: [] }), as(users.admin)))).toEqual(
      { code: 'validation_failed', message: 'Choose at least one outlet.' },
    );
    expect(
      (await handleRequestCoverage(post({ game: game.slug, outlets: ['no-such-outlet'] }), as(users.admin))).status,
    ).toBe(404);
    expect((await listNotifications(connection.db, users.owner)).items).toEqual([]);

    const sent = await handleRequestCoverage(post(request), as(users.admin));
    expect(await sent.json()).toMatchObject({ notified: 1, alreadyAsked: 0, message: 'Asked 1 owner.' });
    const [note] = (await listNotifications(connection.db, users.owner)).items;
    expect(note).toMatchObject({ kind: 'coverage_requested', href: `/games/${game.slug}` });
    expect(note?.text).toContain('for Coverage Weekly');

    const again = await handleRequestCoverage(post(request), as(users.admin));
    expect(await again.json()).toMatchObject({ notified: 0, alreadyAsked: 1 });
    expect((await listNotifications(connection.db, users.owner)).items).toHaveLength(1);
  });
});
