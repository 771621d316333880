import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { queryTemplate } from '../db/query-template.server.ts';
import type { Database } from '../db/schema.ts';
import type { ReviewItem } from '../reviews/reviews.ts';
import { latestCoverageQuery, splitCoverage } from '../reviews/reviews.server.ts';
import { toView } from '../user-reviews/user-review-rows.server.ts';
import { USER_REVIEW_LIMITS, type UserReviewView } from '../user-reviews/user-reviews.ts';
import { topReviewsQuery } from '../user-reviews/user-reviews.server.ts';
import { gameDetailQuery, similarGamesQuery, toGameDetail, toSimilarGame } from './games.server.ts';
import type { GameDetail, SimilarGame } from './games.ts';
import type { ExternalId } from './store-links.ts';

export const OVERVIEW_REVIEWS = 5;
export const OVERVIEW_PREVIEWS = 3;
export const OVERVIEW_SIMILAR = { shown: 6, pool: 10 } as const;

export interface GameOverviewRead {
  game: GameDetail;
  reviews: ReviewItem[];
  previews: ReviewItem[];
  similar: SimilarGame[];
  /** The most helpful visible user reviews. */
  top: UserReviewView[];
  /** Its ids on stores with their addresses (game_external_ids), for the store links. */
  externalIds: ExternalId[];
}

/**
 * Everything /games/{slug} reads, in one statement: the game's row (getGameBySlug's) with
 * its latest coverage, its similar games, its most helpful user reviews and its store ids
 * as JSON columns.
 * Each statement costs a round trip and, on a busy two-core server, about as much CPU in
 * the socket writes and reads as in the query, so the page asks once
 * (docs/decisions/generic-plans.md). Each part is a query builder that also runs on its own
 * (the similar games tab; the tests, which check the folded read against those reads).
 * Its SQL is compiled once (queryTemplate): only the slug changes from page to page.
 */
const overviewBySlug = queryTemplate((db, slug: string) =>
  db
    .selectFrom(gameDetailQuery(db).where('games.slug', '=', slug).as('detail'))
    .selectAll('detail')
    .select((eb) => [
      jsonArrayFrom(
        latestCoverageQuery(db, eb.ref('detail.id'), { reviews: OVERVIEW_REVIEWS, previews: OVERVIEW_PREVIEWS }),
      ).as('coverage'),
      jsonArrayFrom(similarGamesQuery(db, eb.ref('detail.id'), OVERVIEW_SIMILAR.shown, OVERVIEW_SIMILAR.pool)).as(
        'similar',
      ),
      jsonArrayFrom(topReviewsQuery(db, eb.ref('detail.id'), USER_REVIEW_LIMITS.gamePageTop)).as('top'),
      jsonArrayFrom(
        db
          .selectFrom('game_external_ids')
          .select(['game_external_ids.source', 'game_external_ids.external_id as externalId', 'game_external_ids.url'])
          .whereRef('game_external_ids.game_id', '=', eb.ref('detail.id'))
          .orderBy('game_external_ids.source')
          .orderBy('game_external_ids.external_id')
          .limit(20),
      ).as('externalIds'),
    ]),
);

export async function getGameOverviewBySlug(db: Kysely<Database>, slug: string): Promise<GameOverviewRead | undefined> {
  const [row] = (await overviewBySlug(db, slug)).rows;
  if (!row) return undefined;
  const { coverage, similar, top, externalIds, ...detail } = row;
  return {
    game: toGameDetail(detail),
    ...splitCoverage(coverage.map(reviewItemFromJson)),
    similar: similar.map(toSimilarGame),
    top: top.map((review) => toView(userReviewRowFromJson(review))),
    externalIds,
  };
}

// JSON carries times as text (typed so by jsonArrayFrom) and bigint ids as numbers (typed as
// the strings the unfolded reads give).

type JsonTimes<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? string | null : string };

function reviewItemFromJson(item: JsonTimes<ReviewItem, 'publishedAt' | 'scoreUpdatedAt'>): ReviewItem {
  return {
    ...item,
    id: String(item.id),
    publishedAt: new Date(item.publishedAt),
    scoreUpdatedAt: item.scoreUpdatedAt === null ? null : new Date(item.scoreUpdatedAt),
  };
}

function userReviewRowFromJson<T extends { id: string; created_at: string; edited_at: string | null }>(row: T) {
  return {
    ...row,
    id: String(row.id),
    created_at: new Date(row.created_at),
    edited_at: row.edited_at === null ? null : new Date(row.edited_at),
  };
}
