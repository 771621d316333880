import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { importGameCoverFromUrl, replaceGameCover } from '../../src/lib/admin/cover.server.ts';
import { GameAdminError, createGame, deleteGame, updateGame } from '../../src/lib/admin/games.server.ts';
import { gameInputSchema, gamePurgeTarget, mergeInputSchema } from '../../src/lib/admin/games.ts';
import { ImageFetchError, MAX_IMAGE_URL_LENGTH } from '../../src/lib/images/fetch-image.server.ts';
import { MergeError, mergeGames } from '../../src/lib/admin/merge.server.ts';
import { apiError, json, readJson } from '../http.ts';
import { readImageUpload, refuseUpload, uploadFailure } from '../uploads/images.ts';
import { firstIssue, requireAdmin, type AdminContext } from './context.ts';

const idSchema = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

function gameError(error: unknown): Response {
  if (error instanceof GameAdminError)
    return apiError(
      error.code === 'not_found' ? 404 : error.code === 'slug_taken' ? 409 : 422,
      error.code,
      error.message,
    );
  throw error;
}

/** POST /api/admin/games: creates a game. */
export async function handleCreateGame(request: Request, context: AdminContext): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const db = await context.db();
  const parsed = gameInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', firstIssue(parsed.error));
  try {
    const game = await createGame(db, parsed.data, adminId);
    await context.purge(gamePurgeTarget([game.slug]));
    return json({ game }, { status: 201 });
  } catch (error) {
    return gameError(error);
  }
}

/** PUT /api/admin/games/{id}: edits a game (a new slug keeps the old one as a redirect). */
export async function handleUpdateGame(
  request: Request,
  rawId: string | undefined,
  context: AdminContext,
): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const db = await context.db();
  const id = idSchema(rawId);
  if (id === null) return apiError(404, 'not_found', 'This game no longer exists.');
  const parsed = gameInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', firstIssue(parsed.error));
  try {
    const slugs = await updateGame(db, id, parsed.data, adminId);
    await context.purge(gamePurgeTarget([slugs.before, slugs.after]));
    return json({ game: { id, slug: slugs.after } });
  } catch (error) {
    return gameError(error);
  }
}

/** DELETE /api/admin/games/{id} */
export async function handleDeleteGame(rawId: string | undefined, context: AdminContext): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const db = await context.db();
  const id = idSchema(rawId);
  if (id === null) return apiError(404, 'not_found', 'This game no longer exists.');
  try {
    const slug = await deleteGame(db, id, adminId);
    await context.purge(gamePurgeTarget([slug]));
    return new Response(null, { status: 204 });
  } catch (error) {
    return gameError(error);
  }
}

/** POST /api/admin/games/merge with { survivor, duplicate } slugs. */
export async function handleMergeGames(request: Request, context: AdminContext): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const db = await context.db();
  const parsed = mergeInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', 'Give the addresses (slugs) of the two games.');
  const games = await db
    .selectFrom('games')
    .select(['id', 'slug'])
    .where('slug', 'in', [parsed.data.survivor, parsed.data.duplicate])
    .execute();
  const survivor = games.find((game) => game.slug === parsed.data.survivor);
  const duplicate = games.find((game) => game.slug === parsed.data.duplicate);
  if (!survivor || !duplicate) return apiError(404, 'not_found', 'One of the two games does not exist.');
  try {
    const outcome = await mergeGames(db, { survivorId: survivor.id, duplicateId: duplicate.id, adminId });
    await context.purge(gamePurgeTarget([survivor.slug, duplicate.slug]));
    return json(outcome);
  } catch (error) {
    if (error instanceof MergeError) return apiError(409, 'merge_refused', error.message);
    throw error;
  }
}

const coverUrlSchema = z.object({
  url: z
    .string({ error: 'Give the address of the cover image.' })
    .trim()
    .min(1, 'Give the address of the cover image.')
    .max(MAX_IMAGE_URL_LENGTH, `The address can be at most ${MAX_IMAGE_URL_LENGTH} characters.`),
});

function coverFailure(error: unknown): Response {
  if (error instanceof GameAdminError) return gameError(error);
  if (error instanceof ImageFetchError) {
    if (error.reason === 'invalid_url') return apiError(400, 'validation_failed', error.message);
    return apiError(error.reason === 'too_large' ? 413 : 422, 'image_fetch_failed', error.message);
  }
  return uploadFailure(error);
}

/**
 * POST /api/admin/games/{id}/cover: the image as the body or the form field "cover", or
 * JSON `{ url }` to fetch the image from that address (through the same checks and sizes).
 */
export async function handleUploadCover(
  request: Request,
  rawId: string | undefined,
  context: AdminContext & { supabase: () => SupabaseClient },
): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const db = await context.db();
  const id = idSchema(rawId);
  if (id === null) return apiError(404, 'not_found', 'This game no longer exists.');
  try {
    let outcome: { slug: string; coverUrl: string };
    if ((request.headers.get('content-type') ?? '').startsWith('application/json')) {
      const parsed = coverUrlSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, 'validation_failed', firstIssue(parsed.error));
      outcome = await importGameCoverFromUrl(db, context.supabase(), { gameId: id, adminId, url: parsed.data.url });
    } else {
      const bytes = await readImageUpload(request, 'cover');
      const refused = refuseUpload(bytes);
      if (refused) return refused;
      outcome = await replaceGameCover(db, context.supabase(), { gameId: id, adminId, bytes: bytes! });
    }
    await context.purge(gamePurgeTarget([outcome.slug]));
    return json({ game: { id, slug: outcome.slug }, coverUrl: outcome.coverUrl });
  } catch (error) {
    return coverFailure(error);
  }
}
