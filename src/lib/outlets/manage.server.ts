import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ScoreScale } from '../scores/scores.ts';
import { audit, outletAccess } from './access.server.ts';
import { refuse, type ManageResult } from './drafts.server.ts';
import {
  MANAGE_MESSAGES as M,
  reviewStatus,
  type AuditEntry,
  type EditorOptions,
  type ManagedReview,
  type OutletSettings,
} from './manage.ts';

export type { AuditEntry, EditorOptions, ManagedReview } from './manage.ts';
import { outletStats } from './outlets.server.ts';

/**
 * What the manage-outlet pages read (overview, reviews and previews with their status,
 * authors and invitations, the audit log) and the settings write. Reads take an access
 * already checked by the caller (outletAccess).
 */

type Db = Kysely<Database>;

/** Every draft, scheduled and published item of `kind` of the outlet, newest first (at most 500). Authors see their own drafts only. */
export async function outletReviews(
  db: Db,
  outlet: { id: number; scale: ScoreScale },
  kind: 'review' | 'preview' | 'all',
  only?: { authorId: number | null },
): Promise<ManagedReview[]> {
  let drafts = db
    .selectFrom('critic_review_drafts as d')
    .innerJoin('games', 'games.id', 'd.game_id')
    .leftJoin('authors', 'authors.id', 'd.author_id')
    .leftJoin('platforms', 'platforms.id', 'd.platform_id')
    .select([
      'd.id',
      'd.kind',
      'games.title',
      'games.slug',
      'd.author_id',
      'authors.name as authorName',
      'd.raw_score',
      'd.recommended',
      'd.headline',
      'd.verdict',
      'd.excerpt',
      'd.url',
      'platforms.slug as platform',
      'd.publish_at',
      'd.time_zone',
      'd.updated_at',
    ])
    .where('d.outlet_id', '=', outlet.id)
    .orderBy('d.updated_at', 'desc')
    .limit(500);
  let reviews = db
    .selectFrom('critic_reviews as r')
    .innerJoin('games', 'games.id', 'r.game_id')
    .leftJoin('authors', 'authors.id', 'r.author_id')
    .leftJoin('platforms', 'platforms.id', 'r.platform_id')
    .select([
      'r.id',
      'r.kind',
      'games.title',
      'games.slug',
      'r.author_id',
      'authors.name as authorName',
      'r.raw_score',
      'r.score_scale',
      'r.recommended',
      'r.headline',
      'r.verdict',
      'r.excerpt',
      'r.url',
      'platforms.slug as platform',
      'r.published_at',
      'r.time_zone',
      'r.updated_at',
      'r.score_updated_at',
    ])
    .where('r.outlet_id', '=', outlet.id)
    .orderBy('r.published_at', 'desc')
    .limit(500);
  if (kind !== 'all') {
    drafts = drafts.where('d.kind', '=', kind);
    reviews = reviews.where('r.kind', '=', kind);
  }
  if (only) {
    drafts = drafts.where('d.author_id', only.authorId === null ? 'is' : '=', only.authorId);
    reviews = reviews.where('r.author_id', only.authorId === null ? 'is' : '=', only.authorId);
  }
  const now = new Date();
  const [draftRows, reviewRows] = await Promise.all([drafts.execute(), reviews.execute()]);
  return [
    ...draftRows.map((row) => ({
      key: `d${row.id}`,
      id: row.id,
      status: 'draft' as const,
      kind: row.kind,
      gameTitle: row.title,
      gameSlug: row.slug,
      authorId: row.author_id,
      authorName: row.authorName,
      rawScore: row.raw_score,
      scale: outlet.scale,
      recommended: row.recommended,
      headline: row.headline,
      verdict: row.verdict,
      excerpt: row.excerpt,
      url: row.url,
      platform: row.platform,
      publishAt: row.publish_at ? new Date(row.publish_at) : null,
      timeZone: row.time_zone,
      updatedAt: new Date(row.updated_at),
      scoreUpdatedAt: null,
    })),
    ...reviewRows.map((row) => ({
      key: `r${row.id}`,
      id: row.id,
      status: reviewStatus(new Date(row.published_at), now),
      kind: row.kind,
      gameTitle: row.title,
      gameSlug: row.slug,
      authorId: row.author_id,
      authorName: row.authorName,
      rawScore: row.raw_score,
      scale: row.score_scale,
      recommended: row.recommended,
      headline: row.headline,
      verdict: row.verdict,
      excerpt: row.excerpt,
      url: row.url,
      platform: row.platform,
      publishAt: new Date(row.published_at),
      timeZone: row.time_zone,
      updatedAt: new Date(row.updated_at),
      scoreUpdatedAt: row.score_updated_at ? new Date(row.score_updated_at) : null,
    })),
  ];
}

export interface OutletOverview {
  reviewsThisMonth: number;
  draftsWaiting: number;
  nextEmbargo: { at: Date; gameTitle: string } | null;
  followers: number | null;
  stats: Awaited<ReturnType<typeof outletStats>>;
  audit: AuditEntry[];
}

export async function auditLog(db: Db, outletId: number, limit = 50): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('outlet_audit_log as l')
    .leftJoin('profiles', 'profiles.id', 'l.actor_id')
    .select([
      'l.id',
      'l.created_at',
      'profiles.username',
      'profiles.full_name',
      'l.action',
      'l.subject',
      'l.before',
      'l.after',
    ])
    .where('l.outlet_id', '=', outletId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: new Date(row.created_at),
    actor: row.full_name || row.username || null,
    action: row.action,
    subject: row.subject,
    before: row.before,
    after: row.after,
  }));
}

/** /manage-outlet/{slug}: this month's reviews, drafts waiting, the next embargo, the score distribution, followers and the audit log. */
export async function outletOverview(db: Db, outletId: number): Promise<OutletOverview> {
  const [counts, next, stats, log] = await Promise.all([
    sql<{ month: number; drafts: number }>`
      select
        (select count(*)::int from public.critic_reviews r where r.outlet_id = ${outletId} and r.kind = 'review'
          and r.published_at <= now() and r.published_at >= date_trunc('month', now())) as month,
        (select count(*)::int from public.critic_review_drafts d where d.outlet_id = ${outletId}) as drafts
    `.execute(db),
    db
      .selectFrom('critic_reviews as r')
      .innerJoin('games', 'games.id', 'r.game_id')
      .select(['r.published_at', 'games.title'])
      .where('r.outlet_id', '=', outletId)
      .where('r.published_at', '>', sql<Date>`now()`)
      .orderBy('r.published_at')
      .limit(1)
      .executeTakeFirst(),
    outletStats(db, outletId),
    auditLog(db, outletId),
  ]);
  return {
    reviewsThisMonth: counts.rows[0]?.month ?? 0,
    draftsWaiting: counts.rows[0]?.drafts ?? 0,
    nextEmbargo: next ? { at: new Date(next.published_at), gameTitle: next.title } : null,
    followers: await followerCount(db, outletId),
    stats,
    audit: log,
  };
}

/** Followers, once the follows feature has its table (outlet_follows); null until then. */
async function followerCount(db: Db, outletId: number): Promise<number | null> {
  const exists = await sql<{
    present: boolean;
  }>`select to_regclass('public.outlet_follows') is not null as present`.execute(db);
  if (!exists.rows[0]?.present) return null;
  const result = await sql<{
    n: number;
  }>`select count(*)::int as n from public.outlet_follows where outlet_id = ${outletId}`.execute(db);
  return result.rows[0]?.n ?? 0;
}

export interface OutletSettingsView extends OutletSettings {
  slug: string;
  logoUrl: string | null;
}

export async function outletSettings(db: Db, outletId: number): Promise<OutletSettingsView> {
  const row = await db
    .selectFrom('outlets')
    .select([
      'slug',
      'name',
      'website_url',
      'description',
      'score_scale',
      'recommendation_threshold',
      'authors_can_publish',
      'logo_url',
    ])
    .where('id', '=', outletId)
    .executeTakeFirstOrThrow();
  return {
    slug: row.slug,
    name: row.name,
    website: row.website_url,
    description: row.description,
    scale: row.score_scale,
    threshold: row.recommendation_threshold,
    authorsCanPublish: row.authors_can_publish,
    logoUrl: row.logo_url,
  };
}

/** Saves an outlet's settings (owners only). A new scale applies to new reviews; stored scores keep theirs. */
export async function saveOutletSettings(
  db: Db,
  userId: string,
  slug: string,
  input: OutletSettings,
): Promise<ManageResult<null>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const access = await outletAccess(trx, userId, { slug });
      if (!access) return refuse('forbidden', M.noAccess);
      if (access.role !== 'owner') return refuse('forbidden', M.ownersOnly);
      const before = await outletSettings(trx, access.outlet.id);
      await trx
        .updateTable('outlets')
        .set({
          name: input.name,
          website_url: input.website,
          description: input.description,
          score_scale: input.scale,
          recommendation_threshold: input.threshold,
          authors_can_publish: input.authorsCanPublish,
        })
        .where('id', '=', access.outlet.id)
        .execute();
      await audit(trx, {
        outletId: access.outlet.id,
        actorId: userId,
        action: 'settings.updated',
        subject: input.name,
        before: { ...before, logoUrl: undefined },
        after: input,
      });
      return { ok: true, value: null, change: { gameSlugs: [], outletSlug: access.outlet.slug, authorIds: [] } };
    });
  } catch (error) {
    if (/outlets_name_lower_key/.test(String(error)))
      return refuse('conflict', 'Another outlet already has this name.');
    throw error;
  }
}

/** The choices the review editor offers: every platform, and the outlet's authors (owners credit any of them). */
export async function editorOptions(db: Db, outletId: number): Promise<EditorOptions> {
  const [platforms, authors] = await Promise.all([
    db.selectFrom('platforms').select(['slug', 'name']).orderBy('name').limit(200).execute(),
    db
      .selectFrom('outlet_authors')
      .innerJoin('authors', 'authors.id', 'outlet_authors.author_id')
      .select(['authors.id', 'authors.name'])
      .where('outlet_authors.outlet_id', '=', outletId)
      .orderBy(sql`lower(authors.name)`)
      .limit(500)
      .execute(),
  ]);
  return { platforms, authors };
}
