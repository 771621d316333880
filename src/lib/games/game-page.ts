import type { ReviewItem } from '../reviews/reviews.ts';
import type { CriticAggregate } from '../scores/scores.ts';
import { canonicalUrl, gameJsonLd } from '../seo/seo.ts';
import type { GameDetail } from './games.ts';

/** What a game page says about a game, from its data alone. */

/** Releasing after `today` (a game without a date is neither released nor upcoming). */
export function isUpcoming(game: Pick<GameDetail, 'releaseDate'>, today: string): boolean {
  return game.releaseDate !== null && game.releaseDate > today;
}

/** The page's meta description: the game's summary, or a plain line about what the page holds. */
export function gameDescription(game: Pick<GameDetail, 'title' | 'summary'>): string {
  return game.summary ?? `${game.title}: critic reviews, release dates, platforms, developers and publishers.`;
}

/** schema.org data for a game page: the game, its critic score once shown, and the reviews listed. */
export function gamePageJsonLd(
  game: GameDetail,
  summary: Pick<CriticAggregate, 'criticScore' | 'scoredCount'>,
  reviews: readonly ReviewItem[],
  origin: string,
): Record<string, unknown> {
  return gameJsonLd(
    {
      title: game.title,
      url: canonicalUrl(origin, `/games/${game.slug}`),
      description: game.summary,
      releaseDate: game.releaseDate,
      genres: game.genres.map((genre) => genre.name),
      platforms: game.platforms.map((platform) => platform.name),
      developers: game.developers.map((company) => company.name),
      publishers: game.publishers.map((company) => company.name),
      image: game.coverImageUrl,
    },
    { criticScore: summary.criticScore, scoredCount: summary.scoredCount },
    reviews,
  );
}
