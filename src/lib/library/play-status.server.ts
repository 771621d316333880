import { sql, type Kysely, type Selectable } from 'kysely';
import { recordActivity } from '../activity/activity.server.ts';
import type { Database, UserGamesTable } from '../db/schema.ts';
import { gameCardsByIds } from '../games/games.server.ts';
import { paginate, countRows } from '../navigation/pagination.server.ts';
import type { Paged } from '../navigation/pagination.ts';
import {
  applyPlayChange,
  countsFromKept,
  emptyPlayState,
  isEmptyPlayState,
  type GamesShelf,
  type GamesSort,
  type LibraryEntry,
  type PlayState,
  type PlayStatusChange,
  type StatusCounts,
} from './play-status.ts';

export type { GamesShelf, LibraryEntry, StatusCounts };

type Db = Kysely<Database>;

export class GameNotFoundError extends Error {
  constructor() {
    super('That game is not in the catalogue.');
  }
}

function toState(row: Selectable<UserGamesTable>): PlayState {
  return {
    gameId: row.game_id,
    status: row.status ?? null,
    wishlist: row.wishlist,
    favourite: row.favourite,
    platformId: row.platform_id,
    hoursPlayed: row.hours_played === null ? null : Number(row.hours_played),
    startedOn: row.started_on,
    finishedOn: row.finished_on,
    note: row.note,
  };
}

/** What `userId` keeps on `gameId` (empty when nothing). */
export async function getPlayState(db: Db, userId: string, gameId: number): Promise<PlayState> {
  const row = await db
    .selectFrom('user_games')
    .selectAll()
    .where('user_id', '=', userId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return row ? toState(row) : emptyPlayState(gameId);
}

/** Several games at once (game cards of one page). */
export async function getPlayStates(db: Db, userId: string, gameIds: readonly number[]): Promise<PlayState[]> {
  if (gameIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_games')
    .selectAll()
    .where('user_id', '=', userId)
    .where('game_id', 'in', gameIds)
    .execute();
  return rows.map(toState);
}

/**
 * Applies a change to the user's row for a game in one transaction: the row is created,
 * updated or (when nothing is left) deleted, and a new status is recorded as activity.
 * The database's constraints (one row per user and game, dates in order, note length)
 * have the last word.
 */
export async function setPlayState(
  db: Db,
  userId: string,
  gameId: number,
  change: PlayStatusChange,
): Promise<PlayState> {
  return db.transaction().execute(async (trx) => {
    // The game's existence is checked by the row's foreign key when there is a row to write
    // (one statement fewer on the hot path), and asked only when there is none.
    const currentRow = await trx
      .selectFrom('user_games')
      .selectAll()
      .where('user_id', '=', userId)
      .where('game_id', '=', gameId)
      .forUpdate()
      .executeTakeFirst();
    const previous = currentRow ? toState(currentRow) : emptyPlayState(gameId);
    const next = applyPlayChange(previous, change);
    const values = {
      status: next.status,
      wishlist: next.wishlist,
      favourite: next.favourite,
      platform_id: next.platformId,
      hours_played: next.hoursPlayed === null ? null : String(Math.round(next.hoursPlayed * 10) / 10),
      started_on: next.startedOn,
      finished_on: next.finishedOn,
      note: next.note,
    };
    if (isEmptyPlayState(next)) {
      if (currentRow)
        await trx.deleteFrom('user_games').where('user_id', '=', userId).where('game_id', '=', gameId).execute();
      else if (!(await trx.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst()))
        throw new GameNotFoundError();
    } else {
      await trx
        .insertInto('user_games')
        .values({ user_id: userId, game_id: gameId, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'game_id']).doUpdateSet(values))
        .execute()
        .catch((error: unknown) => {
          const { code, constraint } = error as { code?: string; constraint?: string };
          throw code === '23503' && constraint === 'user_games_game_id_fkey' ? new GameNotFoundError() : error;
        });
    }
    if (next.status !== null && next.status !== previous.status) {
      await recordActivity(trx, {
        actorId: userId,
        kind: 'game_status_set',
        subjectType: 'game',
        subjectId: gameId,
        gameId,
        data: { status: next.status, previous: previous.status },
        isPublic: true,
      });
    }
    return next;
  });
}

/**
 * How many games the user has per status, and on the wishlist and favourites: their kept
 * row (user_library_counts, written by triggers on user_games), zeros before their first.
 */
export async function statusCounts(db: Db, userId: string): Promise<StatusCounts> {
  const row = await db.selectFrom('user_library_counts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return countsFromKept(row);
}

/** One page of a user's games on a shelf (a status, everything with a status, wishlist, favourites). */
export async function listLibrary(
  db: Db,
  userId: string,
  options: {
    shelf: GamesShelf;
    sort: GamesSort;
    platformId?: number | undefined;
    page: number;
    pageSize: number;
    total?: Promise<number> | undefined;
  },
): Promise<Paged<LibraryEntry>> {
  // A left join on the games' primary key (every row has its game: a foreign key) that the
  // planner drops when no sort reads the game, so the usual shelves never touch `games`.
  let base = db
    .selectFrom('user_games')
    .leftJoin('games', 'games.id', 'user_games.game_id')
    .where('user_games.user_id', '=', userId);
  const { shelf } = options;
  if ('status' in shelf) base = base.where('user_games.status', '=', shelf.status);
  else if (shelf.shelf === 'all') base = base.where('user_games.status', 'is not', null);
  // Literals: the wishlist and favourite indexes are partial, and a parameter cannot match them in a kept plan.
  else if (shelf.shelf === 'wishlist') base = base.where('user_games.wishlist', '=', sql.lit(true));
  else base = base.where('user_games.favourite', '=', sql.lit(true));
  if (options.platformId) base = base.where('user_games.platform_id', '=', options.platformId);
  let ordered = base.selectAll('user_games');
  if (options.sort === 'title') ordered = ordered.orderBy('games.title').orderBy('games.id');
  else if (options.sort === 'release')
    ordered = ordered.orderBy(sql`games.release_date desc nulls last`).orderBy('games.id');
  else if (options.sort === 'hours')
    ordered = ordered.orderBy(sql`user_games.hours_played desc nulls last`).orderBy('user_games.game_id');
  else ordered = ordered.orderBy('user_games.updated_at', 'desc').orderBy('user_games.game_id');
  const page = await paginate(ordered, options.total ?? countRows(base), options);
  const cards = await gameCardsByIds(
    db,
    page.items.map((row) => row.game_id),
  );
  const byId = new Map(cards.map((card) => [card.id, card]));
  return {
    ...page,
    items: page.items.flatMap((row) => {
      const game = byId.get(row.game_id);
      return game ? [{ game, state: toState(row) }] : [];
    }),
  };
}

/** The platforms a user has set on any game (the dashboard's platform filter), from the kept list. */
export function libraryPlatforms(db: Db, userId: string): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('user_library_platforms as kept')
    .innerJoin('platforms', 'platforms.id', 'kept.platform_id')
    .select(['platforms.id', 'platforms.name'])
    .where('kept.user_id', '=', userId)
    .orderBy('platforms.name')
    .execute();
}
