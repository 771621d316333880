import type { AstroGlobal } from 'astro';
import type { Kysely } from 'kysely';
import { gameSlugRedirect } from '../admin/merge.server.ts';
import { getDb } from '../db/db.server.ts';
import type { Database } from '../db/schema.ts';
import { gameTag } from '../http/cache-rules.ts';
import { invalidRouteParams, notFound } from '../http/errors.ts';
import type { Paged } from '../navigation/pagination.ts';
import { criticScoreWorking, type CriticSummary, type GameReviewsParams, type ReviewItem } from '../reviews/reviews.ts';
import { latestGameCoverage, listGamePreviews, listGameReviews, reviewedPlatforms } from '../reviews/reviews.server.ts';
import { userScoreSection } from '../user-reviews/user-review-pages.server.ts';
import type { UserScoreSection } from '../user-reviews/user-reviews.ts';
import { gameDescription, gamePageJsonLd, isUpcoming } from './game-page.ts';
import { getGameBySlug, similarGames } from './games.server.ts';
import type { GameDetail, SimilarGame } from './games.ts';
import { gameSlugSchema } from './slug.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

/**
 * What every /games/{slug}... page starts with: a malformed slug is the "Page Not Found"
 * 404, an unknown game the ordinary one; otherwise the game, the database and the page
 * tagged for purging when the game changes.
 * Use as `const loaded = await loadGamePage(Astro); if (loaded instanceof Response) return loaded;`.
 */
export async function loadGamePage(astro: AstroGlobal): Promise<{ db: Kysely<Database>; game: GameDetail } | Response> {
  const slug = gameSlugSchema.safeParse(astro.params.slug);
  if (!slug.success) return invalidRouteParams(astro);
  const db = await getDb();
  const game = await getGameBySlug(db, slug.data);
  if (!game) {
    // A merged game's old slug leads to the survivor, on every tab, forever.
    const moved = await gameSlugRedirect(db, slug.data);
    return moved ? astro.redirect(astro.url.pathname.replace(`/games/${slug.data}`, `/games/${moved}`) + astro.url.search, 301) : notFound(astro);
  }
  astro.cache.set({ tags: [gameTag(game.slug)] });
  return { db, game };
}

export const OVERVIEW_REVIEWS = 5;
export const OVERVIEW_PREVIEWS = 3;
export const OVERVIEW_SIMILAR = { shown: 6, pool: 10 } as const;

export interface GameOverview {
  summary: CriticSummary;
  reviews: ReviewItem[];
  previews: ReviewItem[];
  similar: SimilarGame[];
  userScore: UserScoreSection;
  upcoming: boolean;
  description: string;
  jsonLd: Record<string, unknown>;
}

/**
 * Everything /games/{slug} shows besides the game itself, the user score block included: the
 * kept numbers came with the game, the rest is asked for at once, so the page waits for one
 * round of queries after the game.
 */
export async function gameOverview(db: Kysely<Database>, game: GameDetail, context: { today: string; origin: string }): Promise<GameOverview> {
  const summary = game.critic;
  const [{ reviews, previews }, similar, userScore] = await Promise.all([
    latestGameCoverage(db, game.id, { reviews: OVERVIEW_REVIEWS, previews: OVERVIEW_PREVIEWS }),
    similarGames(db, game.id, OVERVIEW_SIMILAR.shown, OVERVIEW_SIMILAR.pool),
    userScoreSection(db, game),
  ]);
  return {
    summary,
    reviews,
    previews,
    similar,
    userScore,
    upcoming: isUpcoming(game, context.today),
    description: gameDescription(game),
    jsonLd: gamePageJsonLd(game, summary, reviews, context.origin),
  };
}

export const SIMILAR_PAGE = { shown: 24, pool: 60 } as const;

/** /games/{slug}/similar-games: the tab counts and the similar games, ranked. */
export async function gameSimilarPage(db: Kysely<Database>, game: GameDetail): Promise<{ summary: CriticSummary; similar: SimilarGame[] }> {
  return { summary: game.critic, similar: await similarGames(db, game.id, SIMILAR_PAGE.shown, SIMILAR_PAGE.pool) };
}

/** /games/{slug}/reviews: the numbers and their working, a page of reviews, and the platforms to filter by. */
export async function gameReviewsPage(db: Kysely<Database>, game: GameDetail, params: GameReviewsParams) {
  const [listing, platforms] = await Promise.all([listGameReviews(db, game.id, params), reviewedPlatforms(db, game.id)]);
  return { summary: game.critic, listing, platforms, working: criticScoreWorking(game.critic) };
}

/** /games/{slug}/previews: the tab counts and a page of previews. */
export async function gamePreviewsPage(db: Kysely<Database>, game: GameDetail, page: number): Promise<{ summary: CriticSummary; listing: Paged<ReviewItem> }> {
  return { summary: game.critic, listing: await listGamePreviews(db, game.id, page) };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  // the game with its kept numbers, then the latest coverage, similar games and top user reviews together
  '/games/[slug]': 4,
  '/games/[slug]/reviews': 4,
  '/games/[slug]/previews': 3,
  '/games/[slug]/similar-games': 2,
} as const satisfies QueryBudgets;
