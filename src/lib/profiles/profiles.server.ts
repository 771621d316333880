import { sql, type Kysely } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { ActivityKind } from '../activity/activity.ts';
import type { Database } from '../db/schema.ts';
import { countsFromKept, PLAY_STATUSES } from '../library/play-status.ts';
import { countRows, paginate } from '../navigation/pagination.server.ts';
import type { Paged } from '../navigation/pagination.ts';
import { recentReviewsByUser, type OwnReviewView } from '../user-reviews/user-reviews.server.ts';
import {
  PROFILE_SECTIONS,
  type FollowCounts,
  type ProfileLevel,
  type ProfileSectionProviders,
  type PublicListSummary,
} from './profile-sections.server.ts';
import { FEED_KINDS, PROFILE_LIMITS, type FeedItem, type PublicProfile } from './profiles.ts';
import { profileStats, type ProfileStats } from './stats.server.ts';

export type { PublicProfile };

type Db = Kysely<Database>;

/** A profile by username, any case (the page redirects to the canonical case). */
export async function findPublicProfile(db: Db, username: string): Promise<PublicProfile | null> {
  const row = await db
    .selectFrom('profiles as p')
    .leftJoin('profile_settings as s', 's.user_id', 'p.id')
    .select(['p.id', 'p.username', 'p.full_name', 'p.bio', 'p.avatar_url', 'p.created_at', 's.is_private'])
    .where(sql<string>`lower(p.username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (!row?.username) return null;
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    bio: row.bio,
    avatarUrl: row.avatar_url,
    memberSince: row.created_at,
    isPrivate: row.is_private ?? false,
  };
}

export interface ProfileCounts {
  statuses: Record<string, number>;
  wishlist: number;
  favourites: number;
  reviews: number;
}

/** The counts of a profile in one statement: the player's kept library counts, and their visible reviews. */
export async function profileCounts(db: Db, userId: string): Promise<ProfileCounts> {
  const row = await db
    .selectNoFrom((eb) => [
      jsonObjectFrom(eb.selectFrom('user_library_counts').selectAll().where('user_id', '=', userId)).as('library'),
      eb
        .selectFrom('user_reviews')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('hidden', '=', sql.lit(false))
        .as('reviews'),
    ])
    .executeTakeFirstOrThrow();
  const counts = countsFromKept(row.library ?? undefined);
  const statuses: Record<string, number> = {};
  for (const status of PLAY_STATUSES) if (counts[status] > 0) statuses[status] = counts[status];
  return { statuses, wishlist: counts.wishlist, favourites: counts.favourite, reviews: row.reviews ?? 0 };
}

export async function favouriteGames(db: Db, userId: string, limit: number = PROFILE_LIMITS.favourites) {
  return db
    .selectFrom('user_games as ug')
    .innerJoin('games as g', 'g.id', 'ug.game_id')
    .select(['g.slug', 'g.title', 'g.cover_image_url'])
    .where('ug.user_id', '=', userId)
    .where('ug.favourite', '=', sql.lit(true))
    .orderBy('ug.updated_at', 'desc')
    .limit(limit)
    .execute();
}

/** The public activity of a user, newest first: private and retracted events never appear. */
function feedQuery(db: Db, userId: string) {
  return (
    db
      .selectFrom('activity_events as e')
      .leftJoin('games as g', 'g.id', 'e.game_id')
      .where('e.actor_id', '=', userId)
      // Literals where a partial index names the same condition (docs/decisions/generic-plans.md).
      .where('e.is_public', '=', sql.lit(true))
      .where('e.retracted_at', 'is', null)
      .where('e.kind', 'in', FEED_KINDS)
  );
}

function toFeedItems(
  rows: {
    id: string;
    kind: string;
    created_at: Date;
    data: unknown;
    subject_id: string;
    slug: string | null;
    title: string | null;
  }[],
): FeedItem[] {
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as ActivityKind,
    createdAt: row.created_at,
    data: (row.data ?? {}) as FeedItem['data'],
    subjectId: row.subject_id,
    game: row.slug && row.title ? { slug: row.slug, title: row.title } : null,
  }));
}

const feedColumns = ['e.id', 'e.kind', 'e.created_at', 'e.data', 'e.subject_id', 'g.slug', 'g.title'] as const;

export async function recentActivity(
  db: Db,
  userId: string,
  limit: number = PROFILE_LIMITS.recentActivity,
): Promise<FeedItem[]> {
  const rows = await feedQuery(db, userId)
    .select(feedColumns)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
  return toFeedItems(rows);
}

export async function activityPage(db: Db, userId: string, page: number): Promise<Paged<FeedItem>> {
  const ordered = feedQuery(db, userId).select(feedColumns).orderBy('e.created_at', 'desc').orderBy('e.id', 'desc');
  const paged = await paginate(ordered, countRows(feedQuery(db, userId)), {
    page,
    pageSize: PROFILE_LIMITS.activityPageSize,
  });
  return { ...paged, items: toFeedItems(paged.items) };
}

export interface ProfilePageData {
  profile: PublicProfile;
  /** Null for a private profile: only the name and avatar are public. */
  details: {
    counts: ProfileCounts;
    favourites: Awaited<ReturnType<typeof favouriteGames>>;
    reviews: OwnReviewView[];
    activity: FeedItem[];
    lists: PublicListSummary[] | null;
    level: ProfileLevel | null;
    follows: FollowCounts | null;
    stats: ProfileStats;
  } | null;
}

/**
 * Everything /{username} shows; sections of other features come from `sections`. A private
 * profile shows others nothing but its name and avatar; its owner sees it all, with lists
 * linked to the dashboard (their public pages are a 404 while the profile is private).
 */
export async function profilePage(
  db: Db,
  profile: PublicProfile,
  options: { owner?: boolean; sections?: ProfileSectionProviders } = {},
): Promise<ProfilePageData> {
  const { owner = false, sections = PROFILE_SECTIONS } = options;
  if (profile.isPrivate && !owner) return { profile, details: null };
  const [counts, favourites, reviews, activity, lists, level, follows, stats] = await Promise.all([
    profileCounts(db, profile.id),
    favouriteGames(db, profile.id),
    recentReviewsByUser(db, profile.id, PROFILE_LIMITS.recentReviews),
    recentActivity(db, profile.id),
    sections.publicLists ? sections.publicLists(db, profile.id) : null,
    sections.level ? sections.level(db, profile.id) : null,
    sections.follows ? sections.follows(db, profile.id) : null,
    profileStats(db, profile.id),
  ]);
  const listLinks = profile.isPrivate
    ? lists?.map((list) => ({ ...list, href: `/dashboard/lists/${list.id}` }))
    : lists;
  return {
    profile,
    details: { counts, favourites, reviews, activity, lists: listLinks ?? null, level, follows, stats },
  };
}

export async function setProfilePrivacy(db: Db, userId: string, isPrivate: boolean): Promise<void> {
  await db
    .insertInto('profile_settings')
    .values({ user_id: userId, is_private: isPrivate })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ is_private: isPrivate }))
    .execute();
}
