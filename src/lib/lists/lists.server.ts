import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { canUseFeature, type Tier } from '../auth/tiers.ts';
import type { Database, UserListsTable } from '../db/schema.ts';
import { gameCardsByIds } from '../games/games.server.ts';
import { ownerIsPublic } from '../profiles/privacy.server.ts';
import {
  canView,
  CUSTOM_LISTS_PLAN_MESSAGE,
  ENTRIES_PER_LIST_MAX,
  LIST_NOT_FOUND_MESSAGE,
  type ListEntry,
  type ListSummary,
  type ListVisibility,
} from './lists.ts';

export type { ListEntry, ListSummary };

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

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

export const notFound = () => new ListError(404, 'list_not_found', LIST_NOT_FOUND_MESSAGE);

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

export const listsWithOwner = (db: Db | Trx) =>
  db
    .selectFrom('user_lists')
    .leftJoin('profiles', 'profiles.id', 'user_lists.user_id')
    .selectAll('user_lists')
    .select('profiles.username');

/** Whether the owner's profile is not private, as `owner_public` beside a list row. */
export const ownerPublic = ownerIsPublic(sql.ref('user_lists.user_id')).as('owner_public');

/** canView (lists.ts) on a row read with `ownerPublic`. */
export function visibleTo(
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
