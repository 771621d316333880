import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { getUserTier } from '../../src/lib/auth/profiles.server.ts';
import type { AuthUser } from '../../src/lib/auth/types.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { listTag, userListsTag } from '../../src/lib/http/cache-rules.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import {
  GameNotFoundError,
  getPlayState,
  getPlayStates,
  setPlayState,
} from '../../src/lib/library/play-status.server.ts';
import { emptyPlayState, playStatusChangeSchema } from '../../src/lib/library/play-status.ts';
import { applyImport, previewImport } from '../../src/lib/library/import.server.ts';
import { ImportRunningError, withImportRun } from '../../src/lib/library/import-runs.server.ts';
import { exportLibrary } from '../../src/lib/library/export.server.ts';
import { exportCsvFiles, zipExport } from '../../src/lib/library/export-file.ts';
import { ImportFormatError, type ParsedImport } from '../../src/lib/library/import.ts';
import { fileOf, importApplySchema, importPreviewSchema, parseImport } from '../../src/lib/library/import-file.ts';
import { canUseFeature } from '../../src/lib/auth/tiers.ts';
import {
  addEntry,
  createList,
  deleteList,
  likeState,
  likeList,
  ListError,
  removeEntry,
  reorderList,
  unlikeList,
  updateEntryNote,
  updateList,
} from '../../src/lib/lists/lists.server.ts';
import {
  addEntrySchema,
  CUSTOM_LISTS_PLAN_MESSAGE,
  entryNoteUpdateSchema,
  listDetailsSchema,
  listUpdateSchema,
  reorderSchema,
} from '../../src/lib/lists/lists.ts';
import { searchGames } from '../../src/lib/search/search.server.ts';
import { MIN_QUERY, normaliseQuery } from '../../src/lib/search/search.ts';
import { apiError, json } from '../http.ts';

/**
 * The lists and play-status API: Request in, the shared zod schemas, one call into
 * src/lib, Response out. Every write is the signed-in user's own; another user's list
 * answers 404 exactly like a missing one, so ids reveal nothing.
 */

export interface ListsContext {
  user: AuthUser | null;
  db: () => Promise<Kysely<Database>>;
  purge: Purge;
}

const notSignedIn = () => apiError(401, 'not_authenticated', 'Sign in to keep your games and lists.');

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

async function parse<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ data: z.infer<S> } | { error: Response }> {
  const body = await readJson(request);
  if (body === undefined) return { error: apiError(400, 'invalid_json', 'The request body must be JSON.') };
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return {
      error: apiError(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'The request is not valid.'),
    };
  return { data: parsed.data };
}

/** A positive integer id from a route parameter, or null. */
export function idParam(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ListError) return apiError(error.status, error.code, error.message);
    if (error instanceof GameNotFoundError) return apiError(404, 'game_not_found', error.message);
    const code = (error as { code?: string }).code;
    if (code === '23514' || code === '22007' || code === '22008')
      return apiError(400, 'validation_failed', 'A value is out of range: check the dates, hours and note.');
    throw error;
  }
}

const listPurge = (context: ListsContext, listId: number, userId: string) =>
  context.purge({ tags: [listTag(listId), userListsTag(userId)] });

/** GET /api/library/{gameId}: the signed-in user's state on one game. */
export async function handleGetPlayState(
  _request: Request,
  context: ListsContext,
  gameIdParam: string | undefined,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const gameId = idParam(gameIdParam);
  if (!gameId) return apiError(404, 'game_not_found', 'That game is not in the catalogue.');
  return json({ state: await getPlayState(await context.db(), context.user.id, gameId) });
}

/** PUT /api/library/{gameId} with any of status, wishlist, favourite, platformId, hoursPlayed, startedOn, finishedOn, note. */
export async function handleSetPlayState(
  request: Request,
  context: ListsContext,
  gameIdParam: string | undefined,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const gameId = idParam(gameIdParam);
  if (!gameId) return apiError(404, 'game_not_found', 'That game is not in the catalogue.');
  const parsed = await parse(request, playStatusChangeSchema);
  if ('error' in parsed) return parsed.error;
  const user = context.user;
  return answer(async () => json({ state: await setPlayState(await context.db(), user.id, gameId, parsed.data) }));
}

/** POST /api/lists { title, description, visibility, ranked } */
export async function handleCreateList(request: Request, context: ListsContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const parsed = await parse(request, listDetailsSchema);
  if ('error' in parsed) return parsed.error;
  const user = context.user;
  return answer(async () => {
    const db = await context.db();
    const list = await createList(db, user.id, await getUserTier(db, user.id), parsed.data);
    await context.purge({ tags: [userListsTag(user.id)] });
    return json({ list }, { status: 201 });
  });
}

/** PATCH /api/lists/{id} */
export async function handleUpdateList(
  request: Request,
  context: ListsContext,
  idValue: string | undefined,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const listId = idParam(idValue);
  if (!listId) return apiError(404, 'list_not_found', 'That list does not exist.');
  const parsed = await parse(request, listUpdateSchema);
  if ('error' in parsed) return parsed.error;
  const user = context.user;
  return answer(async () => {
    const db = await context.db();
    const list = await updateList(db, user.id, await getUserTier(db, user.id), listId, parsed.data);
    await listPurge(context, listId, user.id);
    return json({ list });
  });
}

/** DELETE /api/lists/{id} (allowed on every plan: a user can always remove their own data). */
export async function handleDeleteList(
  _request: Request,
  context: ListsContext,
  idValue: string | undefined,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const listId = idParam(idValue);
  if (!listId) return apiError(404, 'list_not_found', 'That list does not exist.');
  const user = context.user;
  return answer(async () => {
    await deleteList(await context.db(), user.id, listId);
    await listPurge(context, listId, user.id);
    return json({ deleted: true });
  });
}

/** POST /api/lists/{id}/entries { gameId, note } */
export async function handleAddEntry(
  request: Request,
  context: ListsContext,
  idValue: string | undefined,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const listId = idParam(idValue);
  if (!listId) return apiError(404, 'list_not_found', 'That list does not exist.');
  const parsed = await parse(request, addEntrySchema);
  if ('error' in parsed) return parsed.error;
  const user = context.user;
  return answer(async () => {
    const db = await context.db();
    const list = await addEntry(
      db,
      user.id,
      await getUserTier(db, user.id),
      listId,
      parsed.data.gameId,
      parsed.data.note,
    );
    await listPurge(context, listId, user.id);
    return json({ list }, { status: 201 });
  });
}

/** PATCH (note) or DELETE /api/lists/{id}/entries/{gameId} */
export async function handleEntry(
  request: Request,
  context: ListsContext,
  idValue: string | undefined,
  gameValue: string | undefined,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const listId = idParam(idValue);
  const gameId = idParam(gameValue);
  if (!listId || !gameId) return apiError(404, 'list_not_found', 'That list does not exist.');
  const user = context.user;
  let note: string | null = null;
  if (request.method === 'PATCH') {
    const parsed = await parse(request, entryNoteUpdateSchema);
    if ('error' in parsed) return parsed.error;
    note = parsed.data.note;
  }
  return answer(async () => {
    const db = await context.db();
    const tier = await getUserTier(db, user.id);
    if (request.method === 'PATCH') await updateEntryNote(db, user.id, tier, listId, gameId, note);
    else await removeEntry(db, user.id, tier, listId, gameId);
    await listPurge(context, listId, user.id);
    return json({ ok: true });
  });
}

/** PUT /api/lists/{id}/order { gameIds } */
export async function handleReorder(
  request: Request,
  context: ListsContext,
  idValue: string | undefined,
): Promise<Response> {
  if (!context.user) return notSignedIn();
  const listId = idParam(idValue);
  if (!listId) return apiError(404, 'list_not_found', 'That list does not exist.');
  const parsed = await parse(request, reorderSchema);
  if ('error' in parsed) return parsed.error;
  const user = context.user;
  return answer(async () => {
    const db = await context.db();
    await reorderList(db, user.id, await getUserTier(db, user.id), listId, parsed.data.gameIds);
    await listPurge(context, listId, user.id);
    return json({ ok: true });
  });
}

/** GET or HEAD (the viewer's like: safe methods never write), POST (like) or DELETE (unlike) /api/lists/{id}/like */
export async function handleLike(
  request: Request,
  context: ListsContext,
  idValue: string | undefined,
): Promise<Response> {
  const listId = idParam(idValue);
  if (!listId) return apiError(404, 'list_not_found', 'That list does not exist.');
  if (request.method === 'GET' || request.method === 'HEAD') {
    const state = await likeState(await context.db(), context.user?.id ?? null, listId);
    if (!state) return apiError(404, 'list_not_found', 'That list does not exist.');
    return json({ ...state, viewerId: context.user?.id ?? null });
  }
  if (!context.user) return notSignedIn();
  const user = context.user;
  return answer(async () => {
    const db = await context.db();
    const result =
      request.method === 'DELETE' ? await unlikeList(db, user.id, listId) : await likeList(db, user.id, listId);
    await context.purge({ tags: [listTag(listId)] });
    return json(result);
  });
}

/** GET /api/library?ids=1,2,3: the signed-in user's state on up to 100 games (game cards of one page). */
export async function handleGetPlayStates(request: Request, context: ListsContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const ids = (new URL(request.url).searchParams.get('ids') ?? '')
    .split(',')
    .slice(0, 100)
    .map((value) => idParam(value))
    .filter((id): id is number => id !== null);
  const states = await getPlayStates(await context.db(), context.user.id, ids);
  const byId = new Map(states.map((state) => [state.gameId, state]));
  return json({ states: ids.map((id) => byId.get(id) ?? emptyPlayState(id)) });
}

/** GET /api/library/games?q=: catalogue games with their ids, for adding to a list or linking an imported row. */
export async function handleGameLookup(request: Request, context: ListsContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const query = normaliseQuery(new URL(request.url).searchParams.get('q'));
  if (query.length < MIN_QUERY) return json({ games: [] });
  const page = await searchGames(await context.db(), query, 1);
  return json({
    games: page.items
      .slice(0, 10)
      .map((game) => ({
        id: game.id,
        slug: game.slug,
        title: game.title,
        releaseDate: game.releaseDate,
        coverImageUrl: game.coverImageUrl,
      })),
  });
}

/** The file of a checked import request, read; a file in the wrong format is a 400 naming what is wrong. */
function readImportFile(data: z.infer<typeof importPreviewSchema>): { file: ParsedImport } | { error: Response } {
  try {
    return { file: parseImport(data.format, fileOf(data)) };
  } catch (error) {
    if (error instanceof ImportFormatError) return { error: apiError(400, 'wrong_format', error.message) };
    throw error;
  }
}

/** A second preview or import while one of the user's own runs is a 409, not a second run. */
async function oneRunAtATime(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ImportRunningError) return apiError(409, 'import_running', error.message);
    throw error;
  }
}

/** POST /api/library/import/preview { format, text | base64 }: matched, fuzzy and unmatched rows; nothing is written. */
export async function handleImportPreview(request: Request, context: ListsContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const user = context.user;
  const parsed = await parse(request, importPreviewSchema);
  if ('error' in parsed) return parsed.error;
  const result = readImportFile(parsed.data);
  if ('error' in result) return result.error;
  return oneRunAtATime(async () => {
    const db = await context.db();
    const { rows, problems } = await withImportRun(db, user.id, 'preview', (run) =>
      previewImport(db, result.file, run),
    );
    const lists = result.file.lists.map((list) => ({ title: list.title, entries: list.entries.length }));
    if (lists.length > 0 && !canUseFeature(await getUserTier(db, user.id), 'customLists')) {
      problems.push(
        `${lists.length} ${lists.length === 1 ? 'list' : 'lists'} will be left out: ${CUSTOM_LISTS_PLAN_MESSAGE}`,
      );
    }
    // What the wizard shows and links by: the file's own values (notes, dates) stay on the server, which reads the file again on import.
    const shown = rows.map(({ line, title, status, platform, hoursPlayed, lists: on, kind, game, confidence }) => ({
      line,
      title,
      status,
      platform,
      hoursPlayed,
      lists: on,
      kind,
      game,
      confidence,
    }));
    return json({ format: result.file.format, rows: shown, lists, problems });
  });
}

/** POST /api/library/import { format, text | base64, links: { line: gameId } }: fills only what is empty. */
export async function handleImportApply(request: Request, context: ListsContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  const user = context.user;
  const parsed = await parse(request, importApplySchema);
  if ('error' in parsed) return parsed.error;
  const result = readImportFile(parsed.data);
  if ('error' in result) return result.error;
  const links = new Map(Object.entries(parsed.data.links).map(([line, id]) => [Number(line), id]));
  return oneRunAtATime(async () => {
    const db = await context.db();
    const canKeepLists = canUseFeature(await getUserTier(db, user.id), 'customLists');
    const outcome = await withImportRun(db, user.id, 'import', (run) =>
      applyImport(db, user.id, result.file, links, { canKeepLists, run }),
    );
    if (outcome.listIds.length > 0)
      await context.purge({ tags: [userListsTag(user.id), ...outcome.listIds.map(listTag)] });
    const { listIds: _written, ...answer } = outcome;
    return json(answer);
  });
}

/** GET /api/library/export.json and export.zip: all of the user's statuses, flags and lists. */
export async function handleExport(_request: Request, context: ListsContext, kind: 'json' | 'zip'): Promise<Response> {
  if (!context.user) return notSignedIn();
  const data = await exportLibrary(await context.db(), context.user.id);
  const day = new Date().toISOString().slice(0, 10);
  if (kind === 'json') {
    return json(
      { exportedAt: new Date().toISOString(), ...data },
      { headers: { 'content-disposition': `attachment; filename="critical-hit-library-${day}.json"` } },
    );
  }
  const zip = zipExport(exportCsvFiles(data));
  return new Response(new Blob([zip as Uint8Array<ArrayBuffer>]), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="critical-hit-library-${day}.zip"`,
      'cache-control': 'no-store',
    },
  });
}
