import { z } from 'zod';

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
