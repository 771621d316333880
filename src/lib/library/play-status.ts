import { z } from 'zod';
import type { GameCard } from '../games/games.ts';
import type { Paged } from '../navigation/pagination.ts';

/**
 * The play statuses a user keeps per game (the default lists every user has from
 * sign-up). One status at a time per game; wishlist and favourite are independent flags.
 * The order here is the order pages show them in.
 */
export const PLAY_STATUSES = ['playing', 'played', 'completed', 'backlog', 'shelved', 'abandoned'] as const;

export type PlayStatus = (typeof PLAY_STATUSES)[number];

export const playStatusSchema = z.enum(PLAY_STATUSES);

/** How each status is named on the site (backlog is "want to play", shelved is "paused"). */
export const PLAY_STATUS_LABELS: Record<PlayStatus, string> = {
  playing: 'Playing',
  played: 'Played',
  completed: 'Completed',
  backlog: 'Want to play',
  shelved: 'Paused',
  abandoned: 'Abandoned',
};

/** The longest private note a user may keep on a game. */
export const PLAY_NOTE_MAX = 1000;

/** Hours played: tenths of an hour, at most 100 000 (the column's range). */
export const PLAY_HOURS_MAX = 100_000;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'That date does not exist.');

/**
 * A change to one user's row for one game. Every field is optional: only what is sent
 * changes; `null` clears it. The row disappears when nothing is left on it.
 */
export const playStatusChangeSchema = z
  .object({
    status: playStatusSchema.nullable(),
    wishlist: z.boolean(),
    favourite: z.boolean(),
    platformId: z.number().int().positive().nullable(),
    hoursPlayed: z
      .number()
      .min(0, 'Hours played cannot be negative.')
      .max(PLAY_HOURS_MAX, `Hours played cannot be more than ${PLAY_HOURS_MAX}.`)
      .nullable(),
    startedOn: isoDate.nullable(),
    finishedOn: isoDate.nullable(),
    note: z.string().max(PLAY_NOTE_MAX, `The note can be at most ${PLAY_NOTE_MAX} characters.`).nullable(),
  })
  .partial()
  .strict();

export type PlayStatusChange = z.infer<typeof playStatusChangeSchema>;

/** What a user keeps on one game (all empty when there is no row). */
export interface PlayState {
  gameId: number;
  status: PlayStatus | null;
  wishlist: boolean;
  favourite: boolean;
  platformId: number | null;
  hoursPlayed: number | null;
  startedOn: string | null;
  finishedOn: string | null;
  note: string | null;
}

export const emptyPlayState = (gameId: number): PlayState => ({
  gameId,
  status: null,
  wishlist: false,
  favourite: false,
  platformId: null,
  hoursPlayed: null,
  startedOn: null,
  finishedOn: null,
  note: null,
});

/** The state after a change (pure: the optimistic view in the browser is the same rule). */
export function applyPlayChange(state: PlayState, change: PlayStatusChange): PlayState {
  const next = { ...state };
  for (const [key, value] of Object.entries(change) as [keyof PlayStatusChange, unknown][]) {
    if (value !== undefined)
      (next as Record<string, unknown>)[key] =
        typeof value === 'string' && key === 'note' && value.trim() === '' ? null : value;
  }
  return next;
}

/** Nothing left on it: the row is deleted rather than kept empty. */
export function isEmptyPlayState(state: PlayState): boolean {
  return (
    state.status === null &&
    !state.wishlist &&
    !state.favourite &&
    state.platformId === null &&
    state.hoursPlayed === null &&
    state.startedOn === null &&
    state.finishedOn === null &&
    state.note === null
  );
}

/** The pages of the games dashboard: one per status (an unknown one is a 404). */
export function statusFromParam(value: string | undefined): PlayStatus | undefined {
  return playStatusSchema.safeParse(value).success ? (value as PlayStatus) : undefined;
}

export const GAMES_SORTS = ['updated', 'title', 'release', 'hours'] as const;
export type GamesSort = (typeof GAMES_SORTS)[number];
export const GAMES_SORT_LABELS: Record<GamesSort, string> = {
  updated: 'Recently changed',
  title: 'Title',
  release: 'Release date',
  hours: 'Hours played',
};
export const gamesSortSchema = z.enum(GAMES_SORTS).catch('updated');

export type StatusCounts = Record<PlayStatus, number> & { all: number; wishlist: number; favourite: number };

export type GamesShelf = { status: PlayStatus } | { shelf: 'all' | 'wishlist' | 'favourite' };

/**
 * A player's kept counts as stored (user_library_counts); absent before their first game
 * (as a left join reads it, every count null).
 */
export type KeptLibraryCounts = Record<PlayStatus | 'wishlist' | 'favourite', number | null>;

/** The counts the pages show: "all" is every game with a status, each game in one status. */
export function countsFromKept(kept: KeptLibraryCounts | undefined): StatusCounts {
  const counts = { wishlist: kept?.wishlist ?? 0, favourite: kept?.favourite ?? 0, all: 0 } as StatusCounts;
  for (const status of PLAY_STATUSES) {
    counts[status] = kept?.[status] ?? 0;
    counts.all += counts[status];
  }
  return counts;
}

/** How many games a shelf holds, from the counts (with no platform filter). */
export function shelfCount(counts: StatusCounts, shelf: GamesShelf): number {
  return 'status' in shelf ? counts[shelf.status] : counts[shelf.shelf];
}

export interface LibraryEntry {
  game: GameCard;
  state: PlayState;
}

export interface ShelfPage {
  heading: string;
  shelf: GamesShelf;
  counts: StatusCounts;
  games: Paged<LibraryEntry>;
  sort: GamesSort;
  platformId: number | undefined;
  platforms: { id: number; name: string }[];
}
