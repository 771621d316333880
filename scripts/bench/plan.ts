// What scripts/bench/prepare.ts hands the bench (kept apart: importing prepare.ts would run it).

export const BENCH_PASSWORD = 'Bench-Pass-2026';

export interface BenchPlan {
  heavy: { id: string; email: string; username: string };
  voter: { id: string; email: string; username: string };
  /** The heavy player's 1000-entry list and its games in their current order. */
  longList: { id: number; path: string; gameIds: number[] };
  /** Public list pages of other players, each a distinct URL. */
  listPaths: string[];
  profilePaths: string[];
  /**
   * Years in review (/{user}/year/{year}) of players active in them. Absent from the plans of
   * commits before the year in review (a comparison with one leaves the row out).
   */
  yearPaths?: string[];
  /** Games with user reviews, most reviewed first. */
  reviewedGameSlugs: string[];
  /** Games the heavy player keeps a status on (statuses are switched on these). */
  statusGameIds: number[];
  /** Released games the voter has not reviewed (reviews are posted on these). */
  unreviewedGameIds: number[];
  /** Reviews by other players the voter can vote helpful. */
  votableReviewIds: string[];
  outlet: { slug: string; followers: number; rawScore: string | null; gameSlugs: string[] };
  outletSlugs: string[];
  /** Followers of that outlet who can sign in (a cheap password hash), one realtime socket each. */
  socketEmails: string[];
  /** A player with nothing yet (made again before every run), who imports a library file. */
  importer: { id: string; email: string; username: string };
  /** An administrator (granted by prepare), who runs the catalogue import, the rebuilds and the backup. */
  admin: { id: string; email: string; username: string };
  /** 5000 catalogue titles, spread over the catalogue, for the library file. */
  importTitles: string[];
  /** What the bench database holds, for the report. */
  counts: Record<string, number>;
}

/** Players 3..(3 + SOCKET_PLAYERS - 1) hold the realtime sockets of the publish measurement. */
export const SOCKET_PLAYERS = 1000;
