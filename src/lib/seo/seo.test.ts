import { describe, expect, it } from 'vitest';
import {
  canonicalUrl,
  gameJsonLd,
  gameSitemapSlice,
  jsonLdScript,
  planSitemaps,
  robotsTxt,
  sitemapIndexXml,
  urlsetXml,
} from './seo.ts';

describe('canonical URLs', () => {
  it('are absolute URLs on the given origin', () => {
    expect(canonicalUrl('https://critical-hit.example', '/games/x')).toBe('https://critical-hit.example/games/x');
  });
});

describe('JSON-LD', () => {
  const game = {
    title: 'Lanternfall',
    url: 'https://critical-hit.example/games/lanternfall',
    description: 'An invented game.',
    releaseDate: '2026-11-10',
    genres: ['Action'],
    platforms: ['PC'],
    developers: ['Lantern Lane Studio'],
    publishers: ['Northlight Publishing'],
    image: null,
  };
  const review = {
    outletName: 'Pixel Ledger',
    authorName: 'Ada Lindqvist',
    score: 88,
    excerpt: 'Great.',
    verdict: null,
    url: null,
    publishedAt: new Date('2026-11-11T09:00:00Z'),
  };

  it('describes a VideoGame with an AggregateRating out of 100 and Review items', () => {
    const data = gameJsonLd(game, { criticScore: 87, scoredCount: 12 }, [review]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoGame',
      name: 'Lanternfall',
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 87,
        bestRating: 100,
        worstRating: 0,
        reviewCount: 12,
      },
      review: [
        {
          '@type': 'Review',
          reviewRating: { ratingValue: 88, bestRating: 100 },
          author: { '@type': 'Person', name: 'Ada Lindqvist' },
        },
      ],
    });
  });
  it('leaves the rating out while the score is TBD', () => {
    expect(gameJsonLd(game, { criticScore: null, scoredCount: 2 }, [])).not.toHaveProperty('aggregateRating');
  });
  it('cannot be closed early by a title containing </script>', () => {
    expect(jsonLdScript({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

describe('sitemaps', () => {
  it('stay one file up to 50 000 URLs, then split into an index', () => {
    expect(planSitemaps({ pages: 100, games: 49_900 })).toEqual({ index: false, files: [] });
    expect(planSitemaps({ pages: 100, games: 100_000 })).toEqual({
      index: true,
      files: ['pages', 'games-1', 'games-2'],
    });
    expect(planSitemaps({ pages: 100, games: 100_001 }).files).toEqual(['pages', 'games-1', 'games-2', 'games-3']);
  });
  it('map a game sitemap file to its slice, and refuse names outside the plan', () => {
    const counts = { pages: 100, games: 120_000 };
    expect(gameSitemapSlice('games-2', counts)).toEqual({ offset: 50_000, limit: 50_000 });
    expect(gameSitemapSlice('games-4', counts)).toBeUndefined();
    expect(gameSitemapSlice('games-01', counts)).toBeUndefined();
    expect(gameSitemapSlice('pages', counts)).toBeUndefined();
  });
  it('write valid XML with escaped locations', () => {
    expect(urlsetXml([{ loc: 'https://x.test/a?b=1&c=2', lastmod: '2026-11-22' }])).toContain(
      '<url><loc>https://x.test/a?b=1&amp;c=2</loc><lastmod>2026-11-22</lastmod></url>',
    );
    expect(sitemapIndexXml(['https://x.test/sitemaps/pages.xml'])).toContain(
      '<sitemap><loc>https://x.test/sitemaps/pages.xml</loc></sitemap>',
    );
  });
});

describe('robots', () => {
  it('point robots at the sitemap and keep them out of the API', () => {
    const robots = robotsTxt('https://x.test');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Sitemap: https://x.test/sitemap.xml');
  });
});
