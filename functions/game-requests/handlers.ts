import type { Kysely } from 'kysely';
import type { AuthUser } from '../../src/lib/auth/types.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { gamePurgeTarget } from '../../src/lib/admin/games.ts';
import {
  RequestError,
  createRequest,
  setVote,
  similarTo,
  updateRequest,
} from '../../src/lib/game-requests/requests.server.ts';
import { resolveRequest } from '../../src/lib/game-requests/resolve.server.ts';
import {
  requestIdSchema,
  requestInputSchema,
  resolveInputSchema,
  similarQuerySchema,
} from '../../src/lib/game-requests/requests.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import { firstIssue, requireAdmin } from '../admin/context.ts';
import { apiError, json, readJson } from '../http.ts';

/** Game requests: any signed-in user asks and votes; administrators resolve. */

export interface RequestsContext {
  db: () => Promise<Kysely<Database>>;
  user: Pick<AuthUser, 'id'> | null;
  purge: Purge;
}

const notSignedIn = () => apiError(401, 'not_authenticated', 'Sign in to request a game.');

function requestError(error: unknown): Response {
  if (!(error instanceof RequestError)) throw error;
  const status = {
    already_requested: 409,
    not_found: 404,
    not_pending: 409,
    own_request: 409,
    unknown_target: 422,
    slug_taken: 409,
  }[error.code];
  return apiError(status, error.code, error.message);
}

/** POST /api/game-requests */
export async function handleCreateRequest(request: Request, context: RequestsContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const parsed = requestInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', firstIssue(parsed.error));
  try {
    return json({ request: await createRequest(await context.db(), context.user.id, parsed.data) }, { status: 201 });
  } catch (error) {
    return requestError(error);
  }
}

/** PUT /api/game-requests/{id}: the requester edits a pending request; others get 404. */
export async function handleUpdateRequest(
  request: Request,
  rawId: string | undefined,
  context: RequestsContext,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const id = requestIdSchema.safeParse(rawId);
  if (!id.success) return apiError(404, 'not_found', 'Request not found.');
  const parsed = requestInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', firstIssue(parsed.error));
  try {
    return json({ request: await updateRequest(await context.db(), context.user.id, id.data, parsed.data) });
  } catch (error) {
    return requestError(error);
  }
}

/** POST (vote) and DELETE (withdraw) /api/game-requests/{id}/vote */
export async function handleVote(
  rawId: string | undefined,
  wanted: boolean,
  context: RequestsContext,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const id = requestIdSchema.safeParse(rawId);
  if (!id.success) return apiError(404, 'not_found', 'Request not found.');
  try {
    return json({ votes: await setVote(await context.db(), context.user.id, id.data, wanted), voted: wanted });
  } catch (error) {
    return requestError(error);
  }
}

/** GET /api/game-requests/similar?title=: "Is it one of these?" before a request is sent. */
export async function handleSimilar(request: Request, context: RequestsContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const parsed = similarQuerySchema.safeParse({ title: new URL(request.url).searchParams.get('title') ?? '' });
  if (!parsed.success) return json({ games: [], requests: [] });
  return json(await similarTo(await context.db(), parsed.data.title));
}

/** POST /api/admin/game-requests/{id} with { action: approve | reject | duplicate, ... } */
export async function handleResolveRequest(
  request: Request,
  rawId: string | undefined,
  context: RequestsContext,
): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const db = await context.db();
  const id = requestIdSchema.safeParse(rawId);
  if (!id.success) return apiError(404, 'not_found', 'Request not found.');
  const parsed = resolveInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', firstIssue(parsed.error));
  try {
    const resolved = await resolveRequest(db, adminId, id.data, parsed.data);
    if (parsed.data.action === 'approve' && resolved.gameSlug)
      await context.purge(gamePurgeTarget([resolved.gameSlug]));
    return json({ request: resolved });
  } catch (error) {
    return requestError(error);
  }
}
