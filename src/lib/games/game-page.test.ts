import { describe, expect, it } from 'vitest';
import type { ReviewItem } from '../reviews/reviews.ts';
import { gameDescription, gamePageJsonLd, isUpcoming } from './game-page.ts';
import type { GameDetail } from './games.ts';

const game: GameDetail = {
  id: 7,
  slug: 'lanternfall',
  title: 'Lanternfall',
  releaseDate: '2026-03-12',
  coverImageUrl: null,
  platforms: [{ slug: 'pc', name: 'PC', abbreviation: 'PC' }],
  genres: [{ slug: 'rpg', name: 'Role-Playing' }],
  criticScore: 87,
  scoredCount: 12,
  isDemo: true,
  summary: null,
  sources: ['demo'],
  updatedAt: new Date('2026-03-01T00:00:00Z'),
  releases: [{ slug: 'pc', name: 'PC', abbreviation: 'PC', releaseDate: '2026-03-12' }],
  developers: [{ slug: 'ember-works', name: 'Ember Works' }],
  publishers: [],
};

const review: ReviewItem = {
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
};

describe('a game page', () => {
  it('says upcoming only for a date after today', () => {
    expect(isUpcoming(game, '2026-03-11')).toBe(true);
    expect(isUpcoming(game, '2026-03-12')).toBe(false);
    expect(isUpcoming({ releaseDate: null }, '2026-03-11')).toBe(false);
  });

  it('describes itself by the summary, or by what it holds', () => {
    expect(gameDescription(game)).toBe('Lanternfall: critic reviews, release dates, platforms, developers and publishers.');
    expect(gameDescription({ ...game, summary: 'A lantern-lit roguelike.' })).toBe('A lantern-lit roguelike.');
  });

  it('maps the game, its shown score and its reviews to schema.org, with the canonical URL', () => {
    const data = gamePageJsonLd(game, { criticScore: 87, scoredCount: 12 }, [review], 'https://critical-hit.example');
    expect(data).toMatchObject({
      '@type': 'VideoGame',
      name: 'Lanternfall',
      url: 'https://critical-hit.example/games/lanternfall',
      datePublished: '2026-03-12',
      genre: ['Role-Playing'],
      gamePlatform: ['PC'],
      author: [{ '@type': 'Organization', name: 'Ember Works' }],
      aggregateRating: { ratingValue: 87, reviewCount: 12 },
      review: [{ author: { name: 'Pixel Post' }, reviewRating: { ratingValue: 85 }, reviewBody: 'Warm and clever.', url: review.url }],
    });
    expect(data).not.toHaveProperty('publisher');
    expect(gamePageJsonLd(game, { criticScore: null, scoredCount: 2 }, [], 'https://critical-hit.example')).not.toHaveProperty('aggregateRating');
  });
});
