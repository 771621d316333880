import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { recordActivity, retractActivity } from '../activity/activity.server.ts';
import { canUseFeature, type Tier } from '../auth/tiers.ts';
import type { Database, UserListsTable } from '../db/schema.ts';
import { gameCardsByIds } from '../games/games.server.ts';
import { countRows, paginate } from '../navigation/pagination.server.ts';
import type { Paged } from '../navigation/pagination.ts';
import { ownerIsPublic } from '../profiles/privacy.server.ts';
import {
  canView,
  CUSTOM_LISTS_PLAN_MESSAGE,
  ENTRIES_PER_LIST_MAX,
  likeRefusal,
  LIST_NOT_FOUND_MESSAGE,
  LISTS_PER_USER_MAX,
  slugifyTitle,
  uniqueSlug,
  type ListDetails,
  type ListEntry,
  type ListSummary,
  type ListVisibility,
} from './lists.ts';

export type { ListEntry, ListSummary };

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** A refusal with the HTTP status and code the API answers with. */
export class ListError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409;
  readonly code: string;
  constructor(status: 400 | 401 | 403 | 404 | 409, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const notFound = () => new ListError(404, 'list_not_found', LIST_NOT_FOUND_MESSAGE);

type ListRow = Selectable<UserListsTable> & { username: string | null };

export function toSummary(row: ListRow): ListSummary {
  return {
    id: row.id,
    userId: row.user_id,
    ownerUsername: row.username,
    title: row.title,
    slug: row.slug,
    description: row.description,
    visibility: row.visibility,
    ranked: row.ranked,
    entriesCount: row.entries_count,
    likesCount: row.likes_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    hiddenReason: row.hidden ? (row.hidden_reason ?? '') : null,
  };
}

const listsWithOwner = (db: Db | Trx) =>
  db
    .selectFrom('user_lists')
    .leftJoin('profiles', 'profiles.id', 'user_lists.user_id')
    .selectAll('user_lists')
    .select('profiles.username');

/** Whether the owner's profile is not private, as `owner_public` beside a list row. */
const ownerPublic = ownerIsPublic(sql.ref('user_lists.user_id')).as('owner_public');

/** canView (lists.ts) on a row read with `ownerPublic`. */
function visibleTo(
  row: { user_id: string; visibility: string; hidden: boolean; owner_public: boolean },
  viewerId: string | null,
): boolean {
  return canView(
    {
      userId: row.user_id,
      visibility: row.visibility as ListVisibility,
      hidden: row.hidden,
      ownerIsPublic: row.owner_public,
    },
    viewerId,
  );
}

/** Custom lists need the `customLists` feature (Ad-Free, Premium) to be created or changed. */
export function requireCustomLists(tier: Tier): void {
  if (!canUseFeature(tier, 'customLists')) throw new ListError(403, 'plan_required', CUSTOM_LISTS_PLAN_MESSAGE);
}

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

export async function listsOfOwner(db: Db, userId: string): Promise<ListSummary[]> {
  const rows = await listsWithOwner(db)
    .where('user_lists.user_id', '=', userId)
    .orderBy('user_lists.updated_at', 'desc')
    .execute();
  return rows.map(toSummary);
}

/**
 * A user's public lists, newest change first (profile pages). The caller decides whether
 * the profile may show them (a private profile's lists are its owner's alone).
 */
export async function publicListsOf(db: Db, userId: string, limit = 100): Promise<ListSummary[]> {
  const rows = await listsWithOwner(db)
    .where('user_lists.user_id', '=', userId)
    .where('user_lists.visibility', '=', sql.lit('public'))
    .where('user_lists.hidden', '=', sql.lit(false))
    .orderBy('user_lists.updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** The owner's list by id (dashboard pages); another user's list is null. */
export async function ownListById(db: Db, userId: string, listId: number): Promise<ListSummary | null> {
  const row = await listsWithOwner(db)
    .where('user_lists.id', '=', listId)
    .where('user_lists.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}

export async function listEntries(db: Db, listId: number): Promise<ListEntry[]> {
  const rows = await db
    .selectFrom('user_list_entries')
    .select(['game_id', 'position', 'note'])
    .where('list_id', '=', listId)
    .orderBy('position')
    .orderBy('game_id')
    .limit(ENTRIES_PER_LIST_MAX)
    .execute();
  const cards = new Map(
    (
      await gameCardsByIds(
        db,
        rows.map((row) => row.game_id),
      )
    ).map((card) => [card.id, card]),
  );
  return rows.flatMap((row) => {
    const game = cards.get(row.game_id);
    return game ? [{ position: row.position, note: row.note, game }] : [];
  });
}

/**
 * /{username}/lists/{slug} as a visitor sees it: null when there is no such list or the
 * viewer may not see it (private lists are a 404 to everyone but their owner).
 */
export async function findListBySlug(
  db: Db,
  username: string,
  slug: string,
  viewerId: string | null,
): Promise<ListSummary | null> {
  const row = await listsWithOwner(db)
    .select(ownerPublic)
    .where(sql`lower(profiles.username)`, '=', username.toLowerCase())
    .where('user_lists.slug', '=', slug)
    .executeTakeFirst();
  // A list a moderator hid is gone for everyone but its owner (who sees it, with the reason, on the dashboard).
  return row && visibleTo(row, viewerId) ? toSummary(row) : null;
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

async function visibleListForUpdate(trx: Trx, listId: number, userId: string) {
  const row = await trx
    .selectFrom('user_lists')
    .select(['id', 'user_id', 'visibility', 'title', 'likes_count', 'hidden', ownerPublic])
    .where('id', '=', listId)
    .forShare('user_lists')
    .executeTakeFirst();
  // A list a moderator hid cannot be liked or unliked, by its owner neither.
  if (!row || row.hidden || !visibleTo(row, userId)) throw notFound();
  return { ...row, visibility: row.visibility, userId: row.user_id };
}

/** GET /api/lists/{id}/like: the list's likes and whether the viewer liked it; null for a list they may not see. */
export async function likeState(
  db: Db,
  viewerId: string | null,
  listId: number,
): Promise<{ liked: boolean; likesCount: number } | null> {
  const row = await db
    .selectFrom('user_lists')
    .select(['user_id', 'visibility', 'hidden', 'likes_count', ownerPublic])
    .where('id', '=', listId)
    .executeTakeFirst();
  if (!row || !visibleTo(row, viewerId)) return null;
  return { liked: viewerId ? await hasLiked(db, viewerId, listId) : false, likesCount: row.likes_count };
}

/** Likes a public or unlisted list that is not the user's own; a second like changes nothing. */
export async function likeList(db: Db, userId: string, listId: number): Promise<{ likesCount: number; liked: true }> {
  return db.transaction().execute(async (trx) => {
    const list = await visibleListForUpdate(trx, listId, userId);
    const refusal = likeRefusal(list, userId);
    if (refusal) throw list.visibility === 'private' ? notFound() : new ListError(403, 'cannot_like', refusal);
    const inserted = await trx
      .insertInto('user_list_likes')
      .values({ list_id: listId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .returning('list_id')
      .executeTakeFirst();
    if (inserted) {
      await recordActivity(trx, {
        actorId: userId,
        kind: 'list_liked',
        subjectType: 'list',
        subjectId: listId,
        targetUserId: list.user_id,
        data: { title: list.title },
        isPublic: list.visibility === 'public',
        dedupeKey: `list:${listId}`,
      });
    }
    const { likes_count } = await trx
      .selectFrom('user_lists')
      .select('likes_count')
      .where('id', '=', listId)
      .executeTakeFirstOrThrow();
    return { likesCount: likes_count, liked: true };
  });
}

export async function unlikeList(
  db: Db,
  userId: string,
  listId: number,
): Promise<{ likesCount: number; liked: false }> {
  return db.transaction().execute(async (trx) => {
    await visibleListForUpdate(trx, listId, userId);
    const removed = await trx
      .deleteFrom('user_list_likes')
      .where('list_id', '=', listId)
      .where('user_id', '=', userId)
      .returning('list_id')
      .executeTakeFirst();
    if (removed)
      await retractActivity(trx, { kind: 'list_liked', subjectType: 'list', subjectId: listId, actorId: userId });
    const { likes_count } = await trx
      .selectFrom('user_lists')
      .select('likes_count')
      .where('id', '=', listId)
      .executeTakeFirstOrThrow();
    return { likesCount: likes_count, liked: false };
  });
}

export async function hasLiked(db: Db, userId: string, listId: number): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('user_list_likes')
      .select('list_id')
      .where('list_id', '=', listId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
}

/** Lists the user liked, newest like first (lists they can no longer see drop out). */
export async function likedLists(
  db: Db,
  userId: string,
  request: { page: number; pageSize: number },
): Promise<Paged<ListSummary>> {
  const base = db
    .selectFrom('user_list_likes')
    .innerJoin('user_lists', 'user_lists.id', 'user_list_likes.list_id')
    .leftJoin('profiles', 'profiles.id', 'user_lists.user_id')
    .where('user_list_likes.user_id', '=', userId)
    .where('user_lists.visibility', '<>', sql.lit('private'))
    .where('user_lists.hidden', '=', sql.lit(false))
    .where(ownerIsPublic(sql.ref('user_lists.user_id')));
  const page = await paginate(
    base.selectAll('user_lists').select('profiles.username').orderBy('user_list_likes.created_at', 'desc'),
    countRows(base),
    request,
  );
  return { ...page, items: page.items.map(toSummary) };
}

/** The user's lists with whether each holds `gameId` (the add-game page). */
export async function listsWithGame(
  db: Db,
  userId: string,
  gameId: number,
): Promise<(ListSummary & { hasGame: boolean })[]> {
  const rows = await listsWithOwner(db)
    .where('user_lists.user_id', '=', userId)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('user_list_entries')
            .select(sql`1`.as('one'))
            .whereRef('user_list_entries.list_id', '=', 'user_lists.id')
            .where('user_list_entries.game_id', '=', gameId),
        )
        .as('has_game'),
    )
    .orderBy('user_lists.updated_at', 'desc')
    .execute();
  return rows.map((row) => ({ ...toSummary(row), hasGame: Boolean(row.has_game) }));
}
