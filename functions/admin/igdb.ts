import { gamePurgeTarget } from '../../src/lib/admin/games.ts';
import type { Env } from '../../src/lib/config/env.ts';
import { IGDB_NOT_CONFIGURED } from '../../src/lib/igdb/command.ts';
import { reviewDecisionSchema, reviewIdOf, startSyncSchema } from '../../src/lib/igdb/admin.ts';
import { IgdbAdminError, igdbConfigured, requestFullSync } from '../../src/lib/igdb/admin.server.ts';
import { resolveReview } from '../../src/lib/igdb/review-resolve.server.ts';
import { apiError, json, readJson } from '../http.ts';
import { firstIssue, requireAdmin, type AdminContext } from './context.ts';

const STATUS: Record<IgdbAdminError['code'], number> = {
  not_configured: 409,
  sync_running: 409,
  not_found: 404,
  already_resolved: 409,
  conflict: 409,
};

function igdbError(error: unknown): Response {
  if (error instanceof IgdbAdminError) return apiError(STATUS[error.code], error.code, error.message);
  throw error;
}

/**
 * POST /api/admin/igdb/sync: opens a full sync (or takes up the one that failed) for the
 * scheduled igdb-sync job to carry forward; the request itself asks IGDB nothing.
 */
export async function handleStartIgdbSync(
  request: Request,
  context: AdminContext & { env: Pick<Env, 'TWITCH_CLIENT_ID' | 'TWITCH_CLIENT_SECRET'> },
): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const parsed = startSyncSchema.safeParse((await readJson(request)) ?? {});
  if (!parsed.success) return apiError(400, 'validation_failed', 'Starting a sync takes no options.');
  if (!igdbConfigured(context.env)) return apiError(409, 'not_configured', IGDB_NOT_CONFIGURED);
  try {
    const started = await requestFullSync(await context.db(), adminId);
    // Nothing public changes until the job writes a page (it purges what it changes).
    return json(started, { status: 201 });
  } catch (error) {
    return igdbError(error);
  }
}

/** POST /api/admin/igdb/reviews/{id} with { action: 'link', game } | { action: 'create' } | { action: 'dismiss' }. */
export async function handleResolveIgdbReview(
  request: Request,
  rawId: string | undefined,
  context: AdminContext,
): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const reviewId = reviewIdOf(rawId);
  if (reviewId === null) return apiError(404, 'not_found', 'This review does not exist.');
  const parsed = reviewDecisionSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', firstIssue(parsed.error));
  try {
    const resolution = await resolveReview(await context.db(), { reviewId, decision: parsed.data, adminId });
    if (resolution.game) await context.purge(gamePurgeTarget([resolution.game.slug]));
    return json(resolution);
  } catch (error) {
    return igdbError(error);
  }
}
