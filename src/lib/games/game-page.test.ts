import { describe, expect, it } from 'vitest';
import { aGame, aReview } from '../../../tests/helpers/fixtures.ts';
import { gameDescription, gamePageJsonLd, isUpcoming } from './game-page.ts';

const game = aGame();
const review = aReview();

describe('a game page', () => {
  it('says upcoming only for a date after today', () => {
    expect(isUpcoming(game, '2026-03-11')).toBe(true);
    expect(isUpcoming(game, '2026-03-12')).toBe(false);
    expect(isUpcoming({ releaseDate: null }, '2026-03-11')).toBe(false);
  });

  it('describes itself by the summary, or by what it holds', () => {
    expect(gameDescription(game)).toBe(
      'Lanternfall: critic reviews, release dates, platforms, developers and publishers.',
    );
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
      review: [
        {
          author: { name: 'Pixel Post' },
          reviewRating: { ratingValue: 85 },
          reviewBody: 'Warm and clever.',
          url: review.url,
        },
      ],
    });
    expect(data).not.toHaveProperty('publisher');
    expect(
      gamePageJsonLd(game, { criticScore: null, scoredCount: 2 }, [], 'https://critical-hit.example'),
    ).not.toHaveProperty('aggregateRating');
  });
});
