import { sql, type Kysely } from 'kysely';
import type { AuthUser } from '../../src/lib/auth/types.ts';
import { recordActivity } from '../../src/lib/activity/activity.server.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { followTargetSchema } from '../../src/lib/follows/follows.ts';
import { FollowError, followState, setFollow, yourOutletsScore } from '../../src/lib/follows/follows.server.ts';
import { markReadSchema, preferencesSchema } from '../../src/lib/notifications/notification-requests.ts';
import {
  getPreferences,
  listNotifications,
  markRead,
  setPreferences,
} from '../../src/lib/notifications/notifications.server.ts';
import { leaderboardPeriodSchema } from '../../src/lib/xp/leaderboard.ts';
import { ownRank } from '../../src/lib/xp/leaderboard.server.ts';
import { levelOf } from '../../src/lib/xp/xp.server.ts';
import { periodStarts } from '../../src/lib/xp/xp.ts';
import { apiError, json, readJson } from '../http.ts';

/**
 * The community API: follows, notifications, the daily visit and a user's own rank.
 * Request in, zod, delegate to src/lib, Response out; errors as { error: { code, message } }.
 */

export interface CommunityContext {
  user: AuthUser | null;
  db: () => Promise<Kysely<Database>>;
}

const notSignedIn = () => apiError(401, 'not_authenticated', 'Sign in to do that.');

function invalid(issues: { message: string }[] | undefined, fallback: string): Response {
  return apiError(400, 'validation_failed', issues?.[0]?.message ?? fallback);
}

/** GET /api/follows?outletSlug=|outletId=|username=|userId= -> { following, followers } */
export async function handleFollowState(request: Request, context: CommunityContext): Promise<Response> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  if (params.outletId) (params as Record<string, unknown>).outletId = Number(params.outletId);
  const parsed = followTargetSchema.safeParse(params);
  if (!parsed.success) return invalid(parsed.error.issues, 'Say what to follow.');
  try {
    return json(await followState(await context.db(), context.user?.id ?? null, parsed.data));
  } catch (error) {
    if (error instanceof FollowError) return apiError(404, error.code, error.message);
    throw error;
  }
}

/** POST (follow) or DELETE (unfollow) /api/follows with { outletId | outletSlug | userId | username }. */
export async function handleSetFollow(request: Request, context: CommunityContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const parsed = followTargetSchema.safeParse(await readJson(request));
  if (!parsed.success) return invalid(parsed.error.issues, 'Say what to follow.');
  try {
    return json(await setFollow(await context.db(), context.user.id, parsed.data, request.method === 'POST'));
  } catch (error) {
    if (error instanceof FollowError)
      return apiError(error.code === 'not_found' ? 404 : 400, error.code, error.message);
    throw error;
  }
}

/** GET /api/notifications?before= -> { items, unread, retentionHours } (the caller's own only). */
export async function handleListNotifications(request: Request, context: CommunityContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const before = new URL(request.url).searchParams.get('before');
  const cursor = before && /^\d{1,18}$/.test(before) ? before : undefined;
  return json(await listNotifications(await context.db(), context.user.id, { before: cursor }));
}

/** POST /api/notifications/read with { all: true } or { ids: [...] } -> { updated, unread } */
export async function handleMarkRead(request: Request, context: CommunityContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const parsed = markReadSchema.safeParse(await readJson(request));
  if (!parsed.success) return invalid(parsed.error.issues, 'Say which notifications to mark read.');
  const db = await context.db();
  const updated = await markRead(db, context.user.id, parsed.data);
  const { unread } = await listNotifications(db, context.user.id, { limit: 1 });
  return json({ updated, unread });
}

/** GET /api/notifications/preferences -> { kind: enabled }; PUT with some kinds -> the same. */
export async function handlePreferences(request: Request, context: CommunityContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  if (request.method === 'PUT') {
    const parsed = preferencesSchema.safeParse(await readJson(request));
    if (!parsed.success) return invalid(parsed.error.issues, 'Unknown notification kind.');
    await setPreferences(await context.db(), context.user.id, parsed.data);
  }
  return json(await getPreferences(await context.db(), context.user.id));
}

/**
 * POST /api/visits: the day's visit (once per UTC day) and, once the email is confirmed,
 * the account confirmation; answers the user's level and today's unread count source.
 */
export async function handleVisit(_request: Request, context: CommunityContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const userId = context.user.id;
  const db = await context.db();
  const { rows } = await sql<{ now: Date; confirmed: boolean }>`
    select now() as now, (email_confirmed_at is not null) as confirmed from auth.users where id = ${userId}`.execute(
    db,
  );
  const row = rows[0];
  if (!row) return notSignedIn();
  const day = periodStarts(row.now).day;
  await db.transaction().execute(async (trx) => {
    if (row.confirmed) {
      await recordActivity(trx, {
        actorId: userId,
        kind: 'account_confirmed',
        subjectType: 'profile',
        subjectId: userId,
        isPublic: false,
        dedupeKey: 'once',
      });
    }
    await recordActivity(trx, {
      actorId: userId,
      kind: 'daily_visit',
      subjectType: 'day',
      subjectId: day,
      isPublic: false,
      dedupeKey: day,
    });
  });
  return json({ level: await levelOf(db, userId) });
}

/** GET /api/leaderboard/me?period= -> the caller's own rank (kept out of the cached page). */
export async function handleOwnRank(request: Request, context: CommunityContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const period = leaderboardPeriodSchema.parse(new URL(request.url).searchParams.get('period') ?? undefined);
  return json(await ownRank(await context.db(), context.user.id, period));
}

/** GET /api/your-outlets?gameId= -> { result: { score, reviews } | null } */
export async function handleYourOutlets(request: Request, context: CommunityContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const gameId = Number(new URL(request.url).searchParams.get('gameId'));
  if (!Number.isInteger(gameId) || gameId <= 0 || gameId > 2_147_483_647)
    return apiError(400, 'validation_failed', 'gameId must be a game id.');
  return json({ result: await yourOutletsScore(await context.db(), context.user.id, gameId) });
}
