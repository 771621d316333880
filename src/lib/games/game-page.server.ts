import type { AstroGlobal } from 'astro';
import type { Kysely } from 'kysely';
import { gameSlugRedirect } from '../admin/merge.server.ts';
import { getDb } from '../db/db.server.ts';
import type { Database } from '../db/schema.ts';
import { gameTag } from '../http/cache-rules.ts';
import { invalidRouteParams, notFound } from '../http/errors.ts';
import type { Paged } from '../navigation/pagination.ts';
import { criticScoreWorking, type CriticSummary, type GameReviewsParams, type ReviewItem } from '../reviews/reviews.ts';
import { listGamePreviews, listGameReviews, reviewedPlatforms } from '../reviews/reviews.server.ts';
import { userScoreSection, type UserScoreSection } from '../user-reviews/user-reviews.ts';
import { getGameOverviewBySlug, type GameOverviewRead } from './game-overview.server.ts';
import { gameDescription, gamePageJsonLd, isUpcoming } from './game-page.ts';
import { getGameBySlug, similarGames } from './games.server.ts';
import type { GameDetail, SimilarGame } from './games.ts';
import { gameSlugSchema } from './slug.ts';
import { storeLinks, type StoreLink } from './store-links.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

/**
 * What every /games/{slug}... page starts with: a malformed slug is the "Page Not Found"
 * 404, an unknown game the ordinary one; otherwise the game, the database and the page
 * tagged for purging when the game changes.
 * Use as `const loaded = await loadGamePage(Astro); if (loaded instanceof Response) return loaded;`.
 */
export function loadGamePage(astro: AstroGlobal): Promise<{ db: Kysely<Database>; game: GameDetail } | Response> {
  return loadGame(astro, async (db, slug) => {
    const game = await getGameBySlug(db, slug);
    return game && { db, game };
  });
}

/**
 * /games/{slug} itself, as loadGamePage but with everything the page shows besides the game
 * read in the same statement (getGameOverviewBySlug).
 */
export function loadGameOverview(
  astro: AstroGlobal,
  context: { today: string; origin: string },
): Promise<GameOverview | Response> {
  return loadGame(astro, async (db, slug) => {
    const read = await getGameOverviewBySlug(db, slug);
    return read && gameOverview(read, context);
  });
}

async function loadGame<T extends { game: GameDetail }>(
  astro: AstroGlobal,
  read: (db: Kysely<Database>, slug: string) => Promise<T | undefined>,
): Promise<T | Response> {
  const slug = gameSlugSchema.safeParse(astro.params.slug);
  if (!slug.success) return invalidRouteParams(astro);
  const db = await getDb();
  const loaded = await read(db, slug.data);
  if (!loaded) {
    // A merged game's old slug leads to the survivor, on every tab, forever.
    const moved = await gameSlugRedirect(db, slug.data);
    return moved
      ? astro.redirect(astro.url.pathname.replace(`/games/${slug.data}`, `/games/${moved}`) + astro.url.search, 301)
      : notFound(astro);
  }
  astro.cache.set({ tags: [gameTag(loaded.game.slug)] });
  return loaded;
}

export interface GameOverview {
  game: GameDetail;
  summary: CriticSummary;
  reviews: ReviewItem[];
  previews: ReviewItem[];
  similar: SimilarGame[];
  userScore: UserScoreSection;
  /** Links to the game's store pages. */
  stores: StoreLink[];
  upcoming: boolean;
  description: string;
  jsonLd: Record<string, unknown>;
}

/** What /games/{slug} shows, from what it read. */
function gameOverview(
  { game, reviews, previews, similar, top, externalIds }: GameOverviewRead,
  context: { today: string; origin: string },
): GameOverview {
  const summary = game.critic;
  return {
    game,
    summary,
    reviews,
    previews,
    similar,
    userScore: userScoreSection(game, top),
    stores: storeLinks(game.title, externalIds),
    upcoming: isUpcoming(game, context.today),
    description: gameDescription(game),
    jsonLd: gamePageJsonLd(game, summary, reviews, context.origin),
  };
}

export const SIMILAR_PAGE = { shown: 24, pool: 60 } as const;

/** /games/{slug}/similar-games: the tab counts and the similar games, ranked. */
export async function gameSimilarPage(
  db: Kysely<Database>,
  game: GameDetail,
): Promise<{ summary: CriticSummary; similar: SimilarGame[] }> {
  return { summary: game.critic, similar: await similarGames(db, game.id, SIMILAR_PAGE.shown, SIMILAR_PAGE.pool) };
}

/** /games/{slug}/reviews: the numbers and their working, a page of reviews, and the platforms to filter by. */
export async function gameReviewsPage(db: Kysely<Database>, game: GameDetail, params: GameReviewsParams) {
  const [listing, platforms] = await Promise.all([
    listGameReviews(db, game.id, params),
    reviewedPlatforms(db, game.id),
  ]);
  return { summary: game.critic, listing, platforms, working: criticScoreWorking(game.critic) };
}

/** /games/{slug}/previews: the tab counts and a page of previews. */
export async function gamePreviewsPage(
  db: Kysely<Database>,
  game: GameDetail,
  page: number,
): Promise<{ summary: CriticSummary; listing: Paged<ReviewItem> }> {
  return { summary: game.critic, listing: await listGamePreviews(db, game.id, page) };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  // the game with its kept numbers, latest coverage, similar games, top user reviews and store ids: one row
  '/games/[slug]': 1,
  '/games/[slug]/reviews': 4,
  '/games/[slug]/previews': 3,
  '/games/[slug]/similar-games': 2,
} as const satisfies QueryBudgets;
