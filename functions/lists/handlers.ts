import { getUserTier } from '../../src/lib/auth/profiles.server.ts';
import { listTag, userListsTag } from '../../src/lib/http/cache-rules.ts';
import {
  addEntry,
  createList,
  deleteList,
  removeEntry,
  reorderList,
  updateEntryNote,
  updateList,
} from '../../src/lib/lists/list-writes.server.ts';
import { likeState, likeList, unlikeList } from '../../src/lib/lists/list-likes.server.ts';
import {
  addEntrySchema,
  entryNoteUpdateSchema,
  listDetailsSchema,
  listUpdateSchema,
  reorderSchema,
} from '../../src/lib/lists/lists.ts';
import { apiError, json } from '../http.ts';
import { answer, idParam, notSignedIn, parse, type LibraryContext } from '../library/requests.ts';

/**
 * The lists API: Request in, the shared zod schemas, one call into src/lib, Response out.
 * Every write is the signed-in user's own; another user's list answers 404 exactly like a
 * missing one, so ids reveal nothing.
 */

/** Lists hold games of the catalogue, for the player who keeps them: the library's context. */
export type ListsContext = LibraryContext;

const listPurge = (context: ListsContext, listId: number, userId: string) =>
  context.purge({ tags: [listTag(listId), userListsTag(userId)] });

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
