import type { Kysely } from 'kysely';
import type { AuthUser } from '../../src/lib/auth/types.ts';
import { friendsFeed } from '../../src/lib/dashboard/friends-feed.server.ts';
import { feedCursorSchema } from '../../src/lib/dashboard/home.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { apiError, json } from '../http.ts';

/**
 * The dashboard's API: the older pages of the friends feed. Request in, zod, delegate to
 * src/lib, Response out; the caller's own feed only.
 */

export interface DashboardContext {
  user: AuthUser | null;
  db: () => Promise<Kysely<Database>>;
}

/** GET /api/dashboard/feed?before= -> { items, next } (the newest page without `before`). */
export async function handleFriendsFeed(request: Request, context: DashboardContext): Promise<Response> {
  if (!context.user) return apiError(401, 'not_authenticated', 'Sign in to do that.');
  const before = new URL(request.url).searchParams.get('before');
  const cursor = before === null ? undefined : feedCursorSchema.safeParse(before);
  if (cursor && !cursor.success)
    return apiError(400, 'validation_failed', cursor.error.issues[0]?.message ?? 'That feed position is not valid.');
  return json(await friendsFeed(await context.db(), context.user.id, { before: cursor?.data }));
}
