import { z } from 'zod';
import type { IgdbChangesTable } from '../db/schema.ts';

/**
 * The administrators' side of the IGDB sync (/admin/igdb): what they may ask of it, in the
 * shapes the page and the API share, and the words the page says.
 */

export const IGDB_ADMIN_PATH = '/admin/igdb';

/** Change log rows a page shows. */
export const CHANGE_LOG_PAGE_SIZE = 50;
/** Pending reviews a page shows (the oldest first; the rest come as these are resolved). */
export const REVIEW_PAGE_SIZE = 20;
/** Runs the status lists, newest first. */
export const RUNS_SHOWN = 5;
/** Catalogue games shown beside one IGDB game: the queued candidate and games of the same title. */
export const MAX_CANDIDATES = 5;

const slug = z
  .string({ error: 'Give the address (slug) of the catalogue game.' })
  .trim()
  .min(1, 'Give the address (slug) of the catalogue game.')
  .max(120, 'A game address has at most 120 characters.');

/** What an administrator decides about one uncertain match. */
export const reviewDecisionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('link'), game: slug }),
    z.object({ action: z.literal('create') }),
    z.object({ action: z.literal('dismiss') }),
  ],
  { error: 'Choose to link the IGDB game to a catalogue game, add it as a new game, or dismiss it.' },
);
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

/** Starting a sync takes no choice: the body, if any, must be an empty object. */
export const startSyncSchema = z.object({}).strict();

/** The change log's filters, from the page's query string; anything unreadable falls back to none. */
export const changeLogQuerySchema = z.object({
  run: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
  before: z
    .string()
    .regex(/^[1-9]\d{0,17}$/)
    .optional()
    .catch(undefined),
});
export type ChangeLogQuery = z.infer<typeof changeLogQuerySchema>;

/** The review's id in /api/admin/igdb/reviews/{id}, or null. */
export function reviewIdOf(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

export const DECISION_DONE: Record<ReviewDecision['action'], string> = {
  link: 'Linked to the catalogue game.',
  create: 'Added to the catalogue as a new game.',
  dismiss: 'Dismissed: the sync will not ask again.',
};

/**
 * How the change log names what happened. Actions the sync may add later (a record IGDB no
 * longer has, a merge on IGDB's side) are named too; an unknown one shows as it is stored.
 */
const CHANGE_ACTION_LABELS: Readonly<Record<string, string>> = {
  created: 'Created',
  updated: 'Updated',
  matched: 'Matched',
  queued: 'Queued for review',
  dismissed: 'Dismissed',
  unbound: 'Unbound from IGDB',
  deleted: 'Deleted',
  merged: 'Merged',
  rebound: 'Moved to another IGDB record',
};

export function changeActionLabel(action: string): string {
  return CHANGE_ACTION_LABELS[action] ?? action;
}

export interface RunCounts {
  pages: number;
  created: number;
  updated: number;
  skipped: number;
  queued: number;
}

/** The IGDB games a run has gone through so far, whatever became of each. */
export function gamesProcessed(run: RunCounts): number {
  return run.created + run.updated + run.skipped + run.queued;
}

/** The query string of a change log page: the run filter, and the keyset position. */
export function changeLogHref(query: { run?: number; before?: string }): string {
  const params = new URLSearchParams();
  if (query.run !== undefined) params.set('run', String(query.run));
  if (query.before !== undefined) params.set('before', query.before);
  const search = params.toString();
  return `${IGDB_ADMIN_PATH}${search ? `?${search}` : ''}#change-log`;
}

/** How the page names a tracked field of a game. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'title',
  summary: 'summary',
  release_date: 'release date',
  cover_image_url: 'cover',
  platforms: 'platforms',
  genres: 'genres',
  developers: 'developers',
  publishers: 'publishers',
};

/** How the page names IGDB's game types the catalogue keeps. */
export const GAME_TYPE_LABELS: Readonly<Record<string, string>> = {
  main_game: 'Main game',
  expansion: 'Expansion',
  bundle: 'Bundle',
  standalone_expansion: 'Standalone expansion',
  remake: 'Remake',
  remaster: 'Remaster',
  port: 'Port',
};

// What the page shows (the loaders in admin.server.ts, review-queue.server.ts and change-log.server.ts fill it).

export interface RunView {
  id: number;
  kind: string;
  status: 'running' | 'finished' | 'failed';
  cursor: number;
  pages: number;
  created: number;
  updated: number;
  skipped: number;
  queued: number;
  error: string | null;
  startedAt: Date;
  heartbeatAt: Date;
  finishedAt: Date | null;
}

/** An IGDB game the sync could not place for certain, beside the catalogue games it might be. */
export interface ReviewView {
  id: number;
  reason: string;
  queuedAt: Date;
  igdb: {
    id: number;
    title: string;
    year: number | null;
    platforms: string[];
    gameType: string | null;
    externalIds: { source: string; externalId: string }[];
  };
  candidates: CandidateView[];
}

export interface CandidateView {
  id: number;
  slug: string;
  title: string;
  year: number | null;
  platforms: string[];
  /** The IGDB id the game is already bound to, if any (it cannot take another). */
  igdbId: string | null;
  /** The sync's own candidate (the others share the title). */
  queued: boolean;
}

export interface PendingReviews {
  items: ReviewView[];
  total: number;
}

export interface ChangeView {
  id: string;
  at: Date;
  action: IgdbChangesTable['action'];
  igdbId: number;
  /** The catalogue game, while it exists. */
  game: { slug: string; title: string } | null;
  /** IGDB's title when no game carries it (a queued or dismissed game). */
  igdbTitle: string | null;
  fields: string[];
  runId: number | null;
  /** Resolved by an administrator (their username when they have one). */
  byAdmin: { username: string | null } | null;
}

export interface ChangeLogPage {
  items: ChangeView[];
  /** The keyset position of the next (older) page, if there is one. */
  nextBefore: string | undefined;
  run: number | undefined;
  /** The keyset position this page started from (none on the newest page). */
  before: string | undefined;
}
