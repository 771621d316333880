import { sql, type Kysely, type Transaction } from 'kysely';
import { recordActivity } from '../activity/activity.server.ts';
import { audit } from '../admin/admin.server.ts';
import type { Database } from '../db/schema.ts';
import { CACHE_TAGS, gameTag } from '../http/cache-rules.ts';
import type { PurgeTarget } from '../http/purge.server.ts';
import { REPORT_REASON_LABELS, type ReportReason } from '../user-reviews/user-reviews.ts';
import type { ModerationAction, ModerationItem } from './moderation.ts';

/**
 * Reported user reviews and lists in the moderation queue (lists in list-content.server.ts).
 * Hiding sets the hidden state on the row itself (see docs/decisions/moderation.md): every
 * public query already reads only visible rows, and for reviews the score triggers take the review out of the kept
 * aggregates in this same transaction. The author is told through a `content_hidden`
 * activity, and the review's or list's own public activity leaves the feeds.
 */

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

export class ContentModerationError extends Error {
  readonly code: 'not_found' | 'invalid_action' | 'conflict';
  constructor(code: ContentModerationError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

export const gone = () => new ContentModerationError('not_found', 'This item no longer exists.');
/** Activity details are capped at 200 characters; the full reason stays on the content row. */
export const shortReason = (reason: string) => (reason.length > 200 ? `${reason.slice(0, 199)}…` : reason);
export const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason as ReportReason] ?? reason;

/** Reports grouped by what they report: how many, why, and the newest details. */
export function reportSummary(reports: { reason: string; details: string | null; reporter: string | null }[]) {
  const reasons = [...new Set(reports.map((r) => reasonLabel(r.reason)))].join(', ');
  return [
    { label: 'Reports', value: `${reports.length} (${reasons})` },
    ...reports
      .slice(0, 3)
      .flatMap((r) => (r.details ? [{ label: `From ${r.reporter ?? 'a player'}`, value: r.details }] : [])),
  ];
}

/** Rows grouped by key, in the order each key first appears. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return [...groups.values()];
}

// Reviews ----------------------------------------------------------------------------------

export async function reportedReviewItems(db: Db): Promise<ModerationItem[]> {
  const reports = await db
    .selectFrom('user_review_reports as rr')
    .innerJoin('user_reviews as r', 'r.id', 'rr.review_id')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .leftJoin('profiles as author', 'author.id', 'r.user_id')
    .leftJoin('profiles as reporter', 'reporter.id', 'rr.reporter_id')
    .select([
      'r.id',
      'r.rating',
      'r.title',
      'r.body',
      'r.hidden',
      'g.title as game_title',
      'g.slug as game_slug',
      'author.username as author',
      'rr.reason',
      'rr.details',
      'reporter.username as reporter',
      'rr.created_at',
    ])
    .where('rr.status', '=', 'open')
    .orderBy('rr.created_at')
    .limit(500)
    .execute();
  return groupBy(reports, (row) => String(row.id))
    .slice(0, 100)
    .map((rows) => {
      const first = rows[0]!;
      return {
        kind: 'user_review',
        id: first.id,
        title: `Reported review of ${first.game_title} by ${first.author ?? 'a deleted account'}`,
        details: [
          { label: 'Game', value: first.game_title, href: `/games/${first.game_slug}/user-reviews` },
          { label: 'Rating', value: `${first.rating / 2} / 5` },
          ...(first.title ? [{ label: 'Title', value: first.title }] : []),
          ...(first.body
            ? [{ label: 'Text', value: first.body.length > 600 ? `${first.body.slice(0, 600)}…` : first.body }]
            : []),
          ...reportSummary(rows),
        ],
        createdAt: first.created_at,
        actions: first.hidden ? ['restore', 'dismiss'] : ['hide', 'dismiss'],
        reasonRequired: ['hide'],
      } satisfies ModerationItem;
    });
}

export async function hiddenReviewItems(db: Db): Promise<ModerationItem[]> {
  const rows = await db
    .selectFrom('user_reviews as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .leftJoin('profiles as author', 'author.id', 'r.user_id')
    .select([
      'r.id',
      'r.title',
      'r.hidden_reason',
      'r.hidden_at',
      'r.created_at',
      'g.title as game_title',
      'g.slug as game_slug',
      'author.username as author',
    ])
    .where('r.hidden', '=', true)
    .orderBy('r.hidden_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    kind: 'user_review',
    id: row.id,
    title: `Hidden review of ${row.game_title} by ${row.author ?? 'a deleted account'}`,
    details: [
      { label: 'Game', value: row.game_title, href: `/games/${row.game_slug}` },
      ...(row.title ? [{ label: 'Title', value: row.title }] : []),
      { label: 'Hidden because', value: row.hidden_reason ?? '' },
    ],
    createdAt: row.hidden_at ?? row.created_at,
    actions: ['restore'],
    reasonRequired: [],
  }));
}

/** Public feed visibility of the content's own events follows its hidden state. */
export async function setFeedVisibility(
  trx: Trx,
  subjectType: string,
  subjectId: string,
  visible: boolean,
  kinds: string[],
) {
  await trx
    .updateTable('activity_events')
    .set({ is_public: visible })
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('kind', 'in', kinds)
    .execute();
}

export type Act = { adminId: string; id: string; action: ModerationAction; reason: string | undefined };

export async function actOnReview(trx: Trx, { adminId, id, action, reason }: Act): Promise<PurgeTarget> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) throw gone();
  if (action !== 'hide' && action !== 'restore' && action !== 'dismiss')
    throw new ContentModerationError('invalid_action', 'A review is hidden, restored or its reports dismissed.');
  const review = await trx
    .selectFrom('user_reviews as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .select(['r.id', 'r.user_id', 'r.hidden', 'r.hidden_reason', 'r.game_id', 'g.slug', 'g.title'])
    .where('r.id', '=', id)
    .forUpdate('r')
    .executeTakeFirst();
  if (!review) throw gone();
  const now = new Date();
  if (action === 'dismiss') {
    const closed = await trx
      .updateTable('user_review_reports')
      .set({ status: 'dismissed', resolved_at: now })
      .where('review_id', '=', id)
      .where('status', '=', 'open')
      .returning('id')
      .execute();
    if (closed.length === 0) throw new ContentModerationError('conflict', 'This review has no open reports.');
    await audit(trx, {
      adminId,
      action: 'user_review.dismiss',
      subjectType: 'user_review',
      subjectId: id,
      before: { openReports: closed.length },
      after: { openReports: 0 },
    });
    return {};
  }
  const hide = action === 'hide';
  if (review.hidden === hide)
    throw new ContentModerationError(
      'conflict',
      hide ? 'This review is already hidden.' : 'This review is not hidden.',
    );
  // The score triggers move the review out of (or back into) game_user_scores here, in this transaction.
  await trx
    .updateTable('user_reviews')
    .set(
      hide
        ? { hidden: true, hidden_reason: reason ?? null, hidden_at: now, hidden_by: adminId }
        : { hidden: false, hidden_reason: null, hidden_at: null, hidden_by: null },
    )
    .where('id', '=', id)
    .execute();
  await trx
    .updateTable('user_review_reports')
    .set({ status: hide ? 'actioned' : 'dismissed', resolved_at: now })
    .where('review_id', '=', id)
    .where('status', '=', 'open')
    .execute();
  await setFeedVisibility(trx, 'user_review', id, !hide, ['review_published']);
  if (hide) {
    await recordActivity(trx, {
      actorId: adminId,
      kind: 'content_hidden',
      subjectType: 'user_review',
      subjectId: id,
      targetUserId: review.user_id,
      data: { reason: shortReason(reason ?? ''), title: review.title },
      isPublic: false,
    });
  }
  await audit(trx, {
    adminId,
    action: `user_review.${action}`,
    subjectType: 'user_review',
    subjectId: id,
    before: { hidden: review.hidden, reason: review.hidden_reason },
    after: { hidden: hide, reason: hide ? reason : null },
  });
  return { tags: [gameTag(review.slug), CACHE_TAGS.scores, CACHE_TAGS.reviews] };
}

// The author's view ------------------------------------------------------------------------

export interface HiddenContent {
  id: string;
  title: string;
  href: string | null;
  reason: string;
  hiddenAt: Date | null;
}

/** The author's own hidden reviews with the moderator's reason (their dashboard). */
export async function hiddenReviewsOf(db: Db, userId: string): Promise<HiddenContent[]> {
  const rows = await db
    .selectFrom('user_reviews as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .select(['r.id', 'r.title', 'g.title as game_title', 'r.hidden_reason', 'r.hidden_at'])
    .where('r.user_id', '=', userId)
    .where('r.hidden', '=', sql.lit(true))
    .orderBy('r.hidden_at', 'desc')
    .limit(sql.lit(100))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title ? `${row.game_title}: ${row.title}` : row.game_title,
    href: null,
    reason: row.hidden_reason ?? '',
    hiddenAt: row.hidden_at,
  }));
}
