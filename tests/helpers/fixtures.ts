import type { GameDetail } from '../../src/lib/games/games.ts';
import { criticSummaryOf, type ReviewItem } from '../../src/lib/reviews/reviews.ts';
import { userScoreOf } from '../../src/lib/user-reviews/user-reviews.ts';

/** Plain values of the shapes pages show, for unit tests of what pages say about them. */

export function aGame(change: Partial<GameDetail> = {}): GameDetail {
  return {
    id: 7,
    slug: 'lanternfall',
    title: 'Lanternfall',
    releaseDate: '2026-03-12',
    coverImageUrl: null,
    platforms: [{ slug: 'pc', name: 'PC', abbreviation: 'PC' }],
    genres: [{ slug: 'rpg', name: 'Role-Playing' }],
    criticScore: 87,
    scoredCount: 12,
    userRatingCount: 0,
    userRatingSum: 0,
    isDemo: true,
    summary: null,
    sources: ['demo'],
    updatedAt: new Date('2026-03-01T00:00:00Z'),
    releases: [{ id: 1, slug: 'pc', name: 'PC', abbreviation: 'PC', releaseDate: '2026-03-12' }],
    developers: [{ slug: 'ember-works', name: 'Ember Works' }],
    publishers: [],
    critic: { ...criticSummaryOf(null), reviewCount: 12, scoredCount: 12, scoreSum: 1044, criticScore: 87 },
    userScore: userScoreOf(null),
    heldWindows: [],
    ...change,
  };
}

export function aReview(change: Partial<ReviewItem> = {}): ReviewItem {
  return {
    id: '1',
    kind: 'review',
    scale: 'ten',
    rawScore: '8.5',
    score: 85,
    recommended: true,
    verdict: 'Warm and clever.',
    excerpt: null,
    url: 'https://outlet.example/lanternfall',
    publishedAt: new Date('2026-03-10T09:00:00Z'),
    scoreUpdatedAt: null,
    platformName: 'PC',
    platformSlug: 'pc',
    outletSlug: 'pixel-post',
    outletName: 'Pixel Post',
    outletIsDemo: true,
    authorId: null,
    authorName: null,
    authorSlug: null,
    gameSlug: 'lanternfall',
    gameTitle: 'Lanternfall',
    ...change,
  };
}
