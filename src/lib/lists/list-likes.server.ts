// Likes on lists: liking another member's visible list, taking it back, and the lists a member liked.
import { sql } from 'kysely';
import { recordActivity, retractActivity } from '../activity/activity.server.ts';
import { countRows, paginate } from '../navigation/pagination.server.ts';
import type { Paged } from '../navigation/pagination.ts';
import { ownerIsPublic } from '../profiles/privacy.server.ts';
import { ListError, notFound, ownerPublic, toSummary, visibleTo, type Db, type Trx } from './lists.server.ts';
import { likeRefusal, type ListSummary } from './lists.ts';

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
