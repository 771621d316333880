import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recentReleases, upcomingReleases } from '../games/games.server.ts';
import type { GameCard } from '../games/games.ts';
import { topRatedRecent } from '../reviews/rankings.server.ts';
import type { RankedGame, ReviewItem } from '../reviews/reviews.ts';
import { latestReviews } from '../reviews/reviews.server.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

/** How much of each list the home page shows. */
export const HOME_LISTS = { topRated: 6, latestReviews: 6, recent: 12, upcoming: 12 } as const;

export interface HomePage {
  topRated: RankedGame[];
  latestReviews: ReviewItem[];
  recent: GameCard[];
  upcoming: GameCard[];
}

/** The home page's four lists, relative to `today`. */
export async function homePage(db: Kysely<Database>, today: string): Promise<HomePage> {
  const [topRated, latest, recent, upcoming] = await Promise.all([
    topRatedRecent(db, today, HOME_LISTS.topRated),
    latestReviews(db, 1, HOME_LISTS.latestReviews),
    recentReleases(db, today, HOME_LISTS.recent),
    upcomingReleases(db, today, HOME_LISTS.upcoming),
  ]);
  return { topRated, latestReviews: latest.items, recent, upcoming };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/': 5,
} as const satisfies QueryBudgets;
