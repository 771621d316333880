import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import { sha256Hex } from './secrets.ts';

/**
 * The auth service's rate limits, counted in the database (`app_meta.auth_rate_limits`)
 * so every node server sharing it enforces one limit. Each take is one atomic upsert:
 * the row lock serialises concurrent takes of one key, so a burst of parallel requests
 * cannot slip past a limit, and embedded PGlite and PostgreSQL run the same statement.
 *
 * Two shapes share the table:
 * - token buckets (`takeToken`): `limit` requests, refilled at `limit` per `periodSeconds`,
 *   so an idle client may burst up to the limit (Supabase Auth's behaviour);
 * - progressive delay (`takeAttempt`): `freeAttempts` attempts, then each further attempt
 *   waits `baseDelaySeconds`, doubling, capped at `maxDelaySeconds`; a success clears the
 *   count (`clearAttempts`) and a quiet `forgetAfterSeconds` forgets it: never a lockout.
 *
 * Keys are stored as SHA-256 hashes: the table holds no addresses or emails.
 */

type Db = Kysely<Database>;

export interface TokenBucket {
  limit: number;
  periodSeconds: number;
}

export interface ProgressiveDelay {
  freeAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

export type Take = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ALLOWED: Take = { allowed: true };
// 2^20 times any sensible base delay is beyond every cap; bounding the exponent keeps
// power() from overflowing however many attempts a row has counted.
const MAX_DOUBLINGS = 20;

// The row already stored, inside `on conflict do update` (Kysely's insertInto takes no alias).
const current = sql.raw('auth_rate_limits');
const hashKey = (bucket: string, key: string) => sha256Hex(`${bucket}\u0000${key}`);
const secondsFrom = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/** The delay after `attempts` attempts, in seconds (0 while attempts are still free). */
export function delayAfter(attempts: number, rule: ProgressiveDelay): number {
  if (attempts < rule.freeAttempts) return 0;
  const doublings = Math.min(attempts - rule.freeAttempts, MAX_DOUBLINGS);
  return Math.min(rule.maxDelaySeconds, rule.baseDelaySeconds * 2 ** doublings);
}

/** Takes one token from `bucket`/`key`; refused with the seconds until the next one. */
export async function takeToken(db: Db, bucket: string, key: string, rule: TokenBucket, now: Date): Promise<Take> {
  const limit = sql`${rule.limit}::float8`;
  const period = sql`${rule.periodSeconds}::float8`;
  const at = sql`${now}::timestamptz`;
  const refilled = sql`least(${limit}, ${current}.tokens + greatest(0, extract(epoch from (${at} - ${current}.updated_at))::float8) * ${limit} / ${period})`;
  const row = await db
    .insertInto('app_meta.auth_rate_limits')
    .values({
      bucket,
      key: hashKey(bucket, key),
      tokens: rule.limit - 1,
      allowed: true,
      updated_at: now,
      expires_at: new Date(now.getTime() + rule.periodSeconds * 1000),
    })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'key']).doUpdateSet({
        allowed: sql<boolean>`${refilled} >= 1`,
        tokens: sql<number>`${refilled} - case when ${refilled} >= 1 then 1 else 0 end`,
        updated_at: now,
        // A bucket untouched for a whole period is full again: the row can go.
        expires_at: new Date(now.getTime() + rule.periodSeconds * 1000),
      }),
    )
    .returning(['allowed', 'tokens'])
    .executeTakeFirstOrThrow();
  if (row.allowed) return ALLOWED;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(((1 - row.tokens) * rule.periodSeconds) / rule.limit)),
  };
}

/**
 * Counts one attempt at `bucket`/`key` before it is made (so parallel attempts cannot
 * all pass on the same count); refused, without counting, while the delay runs.
 */
export async function takeAttempt(
  db: Db,
  bucket: string,
  key: string,
  rule: ProgressiveDelay,
  now: Date,
): Promise<Take> {
  const at = sql`${now}::timestamptz`;
  const free = sql`${rule.freeAttempts}::float8`;
  const stale = sql`${current}.expires_at <= ${at}`;
  const waitUntil = sql`${current}.updated_at + make_interval(secs => least(${rule.maxDelaySeconds}::float8,
    ${rule.baseDelaySeconds}::float8 * power(2, least(${current}.tokens - ${free}, ${MAX_DOUBLINGS}))))`;
  const allowed = sql`(${stale} or ${current}.tokens < ${free} or ${at} >= ${waitUntil})`;
  const forget = (from: Date) => new Date(from.getTime() + rule.forgetAfterSeconds * 1000);
  const row = await db
    .insertInto('app_meta.auth_rate_limits')
    .values({ bucket, key: hashKey(bucket, key), tokens: 1, allowed: true, updated_at: now, expires_at: forget(now) })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'key']).doUpdateSet({
        allowed: sql<boolean>`${allowed}`,
        tokens: sql<number>`case when ${stale} then 1 when ${allowed} then ${current}.tokens + 1 else ${current}.tokens end`,
        updated_at: sql<Date>`case when ${allowed} then ${at} else ${current}.updated_at end`,
        expires_at: sql<Date>`case when ${allowed} then ${at} else ${current}.updated_at end + make_interval(secs => ${rule.forgetAfterSeconds}::float8)`,
      }),
    )
    .returning(['allowed', 'tokens', 'updated_at'])
    .executeTakeFirstOrThrow();
  if (row.allowed) return ALLOWED;
  const wait = delayAfter(row.tokens, rule) - secondsFrom(new Date(row.updated_at), now);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
}

/** Forgets the attempts counted at `bucket`/`key` (after a success). */
export async function clearAttempts(db: Db, bucket: string, key: string): Promise<void> {
  await db
    .deleteFrom('app_meta.auth_rate_limits')
    .where('bucket', '=', bucket)
    .where('key', '=', hashKey(bucket, key))
    .execute();
}

/** Deletes rows whose limits have fully reset; returns how many went. */
export async function deleteExpiredRateLimits(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('app_meta.auth_rate_limits').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
