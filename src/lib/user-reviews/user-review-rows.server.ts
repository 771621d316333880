import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { UserReviewView } from './user-reviews.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/**
 * What a review card shows, from a review `r` joined to its author `p` and platform `pl`
 * (the visible reviews below, and a review just written).
 */
export const REVIEW_CARD_COLUMNS = [
  'r.id',
  'r.user_id',
  'p.username',
  'p.full_name',
  'p.avatar_url',
  'r.game_id',
  'r.rating',
  'r.title',
  'r.body',
  'r.spoiler',
  'r.platform_id',
  'pl.name as platform_name',
  'r.hours_played',
  'r.finished',
  'r.helpful_count',
  'r.counted',
  'r.created_at',
  'r.edited_at',
] as const;

/** The visible reviews with what a review card shows (author, platform name). */
export const reviewColumns = (db: Db | Trx) =>
  db
    .selectFrom('user_reviews as r')
    .innerJoin('profiles as p', 'p.id', 'r.user_id')
    .leftJoin('platforms as pl', 'pl.id', 'r.platform_id')
    .select(REVIEW_CARD_COLUMNS)
    // A literal, not a parameter: the partial indexes are `where not hidden`, and only a
    // statement that says so itself can use them in the plan PostgreSQL keeps (generic-plans.md).
    .where('r.hidden', '=', sql.lit(false));

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewColumns>['executeTakeFirstOrThrow']>>;

export function toView(row: ReviewRow): UserReviewView {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    fullName: row.full_name,
    avatarUrl: row.avatar_url,
    gameId: row.game_id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    spoiler: row.spoiler,
    platformId: row.platform_id,
    platformName: row.platform_name,
    hoursPlayed: row.hours_played === null ? null : Number(row.hours_played),
    finished: row.finished,
    helpfulCount: row.helpful_count,
    counted: row.counted,
    createdAt: row.created_at,
    editedAt: row.edited_at,
  };
}

/** A review id from a URL, or null when it cannot be one (never reaches the database). */
export const reviewIdOf = (id: string): string | null => (/^[1-9][0-9]{0,17}$/.test(id) ? id : null);
