// Changes to a member's own lists: create, edit, delete, entries and their order. Each runs in
// one transaction on the owner's locked list row.
import { sql } from 'kysely';
import { recordActivity, retractActivity } from '../activity/activity.server.ts';
import type { Tier } from '../auth/tiers.ts';
import { ListError, notFound, requireCustomLists, toSummary, type Db, type Trx } from './lists.server.ts';
import {
  ENTRIES_PER_LIST_MAX,
  LISTS_PER_USER_MAX,
  slugifyTitle,
  uniqueSlug,
  type ListDetails,
  type ListSummary,
} from './lists.ts';

/** The owner's own list by id, locked for the change; anyone else's is "not found". */
async function ownList(trx: Trx, userId: string, listId: number) {
  const row = await trx
    .selectFrom('user_lists')
    .selectAll()
    .where('id', '=', listId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function createList(db: Db, userId: string, tier: Tier, details: ListDetails): Promise<ListSummary> {
  requireCustomLists(tier);
  return db.transaction().execute(async (trx) => {
    // Serialise one user's creations so the limit and the slug hold against a double click.
    await sql`select pg_advisory_xact_lock(hashtext(${`user_lists:${userId}`}))`.execute(trx);
    const existing = await trx.selectFrom('user_lists').select('slug').where('user_id', '=', userId).execute();
    if (existing.length >= LISTS_PER_USER_MAX) {
      throw new ListError(
        409,
        'too_many_lists',
        `You can keep at most ${LISTS_PER_USER_MAX} custom lists. Delete one to make room.`,
      );
    }
    const slug = uniqueSlug(slugifyTitle(details.title), new Set(existing.map((row) => row.slug)));
    const row = await trx
      .insertInto('user_lists')
      .values({
        user_id: userId,
        title: details.title,
        slug,
        description: details.description,
        visibility: details.visibility,
        ranked: details.ranked,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, {
      actorId: userId,
      kind: 'list_created',
      subjectType: 'list',
      subjectId: row.id,
      data: { title: row.title, slug: row.slug },
      isPublic: row.visibility === 'public',
    });
    return toSummary({ ...row, username: null });
  });
}

export async function updateList(
  db: Db,
  userId: string,
  tier: Tier,
  listId: number,
  changes: Partial<ListDetails>,
): Promise<ListSummary> {
  return db.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    requireCustomLists(tier);
    const row = await trx
      .updateTable('user_lists')
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
        ...(changes.ranked !== undefined ? { ranked: changes.ranked } : {}),
      })
      .where('id', '=', listId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A list's events are public only while the list is public (and not hidden): feeds read them.
    if (changes.visibility !== undefined)
      await trx
        .updateTable('activity_events')
        .set({ is_public: row.visibility === 'public' && !row.hidden })
        .where('subject_type', '=', 'list')
        .where('subject_id', '=', String(listId))
        .where('kind', 'in', ['list_created', 'list_entry_added', 'list_liked'])
        .execute();
    return toSummary({ ...row, username: null });
  });
}

/** Deleting stays allowed after a downgrade: a user can always remove their own data. */
export async function deleteList(db: Db, userId: string, listId: number): Promise<ListSummary> {
  return db.transaction().execute(async (trx) => {
    const row = await ownList(trx, userId, listId);
    await trx.deleteFrom('user_lists').where('id', '=', listId).execute();
    for (const kind of ['list_created', 'list_entry_added', 'list_liked'] as const) {
      await retractActivity(trx, { kind, subjectType: 'list', subjectId: listId });
    }
    return toSummary({ ...row, username: null });
  });
}

export async function addEntry(
  db: Db,
  userId: string,
  tier: Tier,
  listId: number,
  gameId: number,
  note: string | null,
): Promise<ListSummary> {
  return db.transaction().execute(async (trx) => {
    const list = await ownList(trx, userId, listId);
    requireCustomLists(tier);
    const game = await trx.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
    if (!game) throw new ListError(404, 'game_not_found', 'That game is not in the catalogue.');
    if (list.entries_count >= ENTRIES_PER_LIST_MAX) {
      throw new ListError(409, 'list_full', `A list can hold at most ${ENTRIES_PER_LIST_MAX} games.`);
    }
    const inserted = await trx
      .insertInto('user_list_entries')
      .values({ list_id: listId, game_id: gameId, note, position: list.entries_count + 1 })
      .onConflict((oc) => oc.columns(['list_id', 'game_id']).doNothing())
      .returning('game_id')
      .executeTakeFirst();
    if (!inserted) throw new ListError(409, 'already_in_list', 'That game is already on this list.');
    await trx
      .updateTable('user_lists')
      .set({ updated_at: sql`now()` })
      .where('id', '=', listId)
      .execute();
    await recordActivity(trx, {
      actorId: userId,
      kind: 'list_entry_added',
      subjectType: 'list',
      subjectId: listId,
      gameId,
      data: { count: list.entries_count + 1 },
      isPublic: list.visibility === 'public',
      dedupeKey: `list:${listId}:game:${gameId}`,
    });
    return toSummary({ ...list, entries_count: list.entries_count + 1, username: null });
  });
}

/** Removing an entry closes the gap so positions stay 1..n. */
export async function removeEntry(db: Db, userId: string, tier: Tier, listId: number, gameId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    requireCustomLists(tier);
    const removed = await trx
      .deleteFrom('user_list_entries')
      .where('list_id', '=', listId)
      .where('game_id', '=', gameId)
      .returning('position')
      .executeTakeFirst();
    if (!removed) throw new ListError(404, 'entry_not_found', 'That game is not on this list.');
    await trx
      .updateTable('user_list_entries')
      .set({ position: sql`position - 1` })
      .where('list_id', '=', listId)
      .where('position', '>', removed.position)
      .execute();
    await trx
      .updateTable('user_lists')
      .set({ updated_at: sql`now()` })
      .where('id', '=', listId)
      .execute();
  });
}

export async function updateEntryNote(
  db: Db,
  userId: string,
  tier: Tier,
  listId: number,
  gameId: number,
  note: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    requireCustomLists(tier);
    const updated = await trx
      .updateTable('user_list_entries')
      .set({ note })
      .where('list_id', '=', listId)
      .where('game_id', '=', gameId)
      .returning('game_id')
      .executeTakeFirst();
    if (!updated) throw new ListError(404, 'entry_not_found', 'That game is not on this list.');
  });
}

/** Saves a new order as positions 1..n in one statement; the order must name every entry once. */
export async function reorderList(
  db: Db,
  userId: string,
  tier: Tier,
  listId: number,
  gameIds: readonly number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    requireCustomLists(tier);
    const current = await trx.selectFrom('user_list_entries').select('game_id').where('list_id', '=', listId).execute();
    const known = new Set(current.map((row) => row.game_id));
    if (current.length !== gameIds.length || !gameIds.every((id) => known.has(id))) {
      throw new ListError(409, 'order_out_of_date', 'The list changed since it was loaded. Reload it and try again.');
    }
    if (gameIds.length === 0) return;
    await sql`
      update public.user_list_entries as e set position = o.position::int
      from unnest(${sql.val(gameIds)}::int[]) with ordinality as o(game_id, position)
      where e.list_id = ${listId} and e.game_id = o.game_id and e.position <> o.position::int`.execute(trx);
    await trx
      .updateTable('user_lists')
      .set({ updated_at: sql`now()` })
      .where('id', '=', listId)
      .execute();
  });
}
