import type { Kysely, Transaction } from 'kysely';
import { audit } from '../admin/admin.server.ts';
import type { Database } from '../db/schema.ts';
import { slugify } from '../games/slug.ts';
import { CACHE_TAGS, gameTag } from '../http/cache-rules.ts';
import type { PurgeTarget } from '../http/purge.server.ts';
import { ContentModerationError } from './content.server.ts';
import type { ModerationAction, ModerationItem } from './moderation.ts';

/**
 * Two more kinds of the moderation queue: review-bomb windows the detector flagged (the
 * administrator confirms them, keeping their reviews out of the score, or dismisses
 * them, counting the reviews again) and author applications to outlets (normally for the
 * outlet's owners; the queue lets an administrator settle one, e.g. when an outlet has
 * no active owner or the application is spam).
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type Act = { adminId: string; id: string; action: ModerationAction; reason: string | undefined };

const gone = () => new ContentModerationError('not_found', 'This item no longer exists.');

export async function flaggedWindowItems(db: Db): Promise<ModerationItem[]> {
  const rows = await db
    .selectFrom('user_review_windows as w')
    .innerJoin('games as g', 'g.id', 'w.game_id')
    .select([
      'w.id',
      'w.kind',
      'w.starts_at',
      'w.ends_at',
      'w.day_count',
      'w.median_count',
      'w.created_at',
      'g.title',
      'g.slug',
    ])
    .select((eb) =>
      eb
        .selectFrom('user_reviews as r')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('r.game_id', '=', 'w.game_id')
        .whereRef('r.created_at', '>=', 'w.starts_at')
        .whereRef('r.created_at', '<', 'w.ends_at')
        .where('r.hidden', '=', false)
        .as('reviews'),
    )
    .where('w.status', '=', 'flagged')
    // Launch windows are routine (every release has one); only detected bursts need a decision.
    .where('w.kind', '=', 'anomaly')
    .orderBy('w.created_at')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    kind: 'review_window',
    id: row.id,
    title: `Possible review bomb on ${row.title}`,
    details: [
      { label: 'Game', value: row.title, href: `/games/${row.slug}/user-reviews?sort=newest` },
      {
        label: 'Window',
        value: `${row.starts_at.toISOString().slice(0, 16).replace('T', ' ')} to ${row.ends_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      },
      { label: 'Reviews in it', value: String(row.reviews ?? row.day_count ?? 0) },
      ...(row.median_count !== null
        ? [{ label: 'Usual day', value: `${Number(row.median_count)} reviews (median)` }]
        : []),
    ],
    createdAt: row.created_at,
    actions: ['approve', 'dismiss'],
    reasonRequired: [],
  }));
}

/** approve = confirm the flag (its reviews stay out of the score); dismiss = clear it (they count again). */
export async function actOnWindow(trx: Trx, { adminId, id, action }: Act): Promise<PurgeTarget> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) throw gone();
  if (action !== 'approve' && action !== 'dismiss')
    throw new ContentModerationError('invalid_action', 'A flagged window is confirmed or dismissed.');
  const status = action === 'approve' ? 'confirmed' : 'cleared';
  // The windows trigger re-decides and re-aggregates the window's reviews in this transaction.
  const row = await trx
    .updateTable('user_review_windows as w')
    .set({ status, resolved_by: adminId, resolved_at: new Date() })
    .from('games as g')
    .whereRef('g.id', '=', 'w.game_id')
    .where('w.id', '=', id)
    .where('w.status', '=', 'flagged')
    .returning(['g.slug'])
    .executeTakeFirst();
  if (!row) throw gone();
  await audit(trx, {
    adminId,
    action: `review_window.${action}`,
    subjectType: 'review_window',
    subjectId: id,
    before: { status: 'flagged' },
    after: { status },
  });
  return { tags: [gameTag(row.slug), CACHE_TAGS.scores] };
}

export async function authorApplicationItems(db: Db): Promise<ModerationItem[]> {
  const rows = await db
    .selectFrom('author_applications as a')
    .innerJoin('outlets as o', 'o.id', 'a.outlet_id')
    .leftJoin('profiles as p', 'p.id', 'a.user_id')
    .select(['a.id', 'a.name', 'a.message', 'a.created_at', 'o.name as outlet', 'o.slug as outlet_slug', 'p.username'])
    .where('a.resolved_at', 'is', null)
    .orderBy('a.created_at')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    kind: 'author_application',
    id: row.id,
    title: `Author application: ${row.name} for ${row.outlet}`,
    details: [
      { label: 'Outlet', value: row.outlet, href: `/outlet/${row.outlet_slug}` },
      { label: 'Account', value: row.username ?? '(no username yet)' },
      ...(row.message ? [{ label: 'Message', value: row.message }] : []),
    ],
    createdAt: row.created_at,
    actions: ['approve', 'reject'],
    reasonRequired: ['reject'],
  }));
}

/** approve = the applicant becomes an author of the outlet (their author profile is made if needed); reject closes it. */
export async function actOnAuthorApplication(trx: Trx, { adminId, id, action, reason }: Act): Promise<PurgeTarget> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) throw gone();
  if (action !== 'approve' && action !== 'reject')
    throw new ContentModerationError('invalid_action', 'An application is approved or rejected.');
  const application = await trx
    .selectFrom('author_applications')
    .selectAll()
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!application) throw gone();
  let authorId: number | null = null;
  if (action === 'approve') {
    authorId =
      (await trx.selectFrom('authors').select('id').where('user_id', '=', application.user_id).executeTakeFirst())
        ?.id ?? null;
    if (authorId === null) {
      const base = slugify(application.name, 90) || 'author';
      let slug = base;
      for (let n = 2; await trx.selectFrom('authors').select('id').where('slug', '=', slug).executeTakeFirst(); n += 1)
        slug = `${base}-${n}`;
      authorId = (
        await trx
          .insertInto('authors')
          .values({ name: application.name, slug, user_id: application.user_id })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    await trx
      .insertInto('outlet_authors')
      .values({ outlet_id: application.outlet_id, author_id: authorId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await trx.updateTable('author_applications').set({ resolved_at: new Date() }).where('id', '=', id).execute();
  await audit(trx, {
    adminId,
    action: `author_application.${action}`,
    subjectType: 'author_application',
    subjectId: id,
    before: { resolved: false },
    after: { resolved: true, outcome: action, authorId, reason },
  });
  return {};
}
