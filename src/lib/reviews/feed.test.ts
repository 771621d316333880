import { describe, expect, it } from 'vitest';
import { aReview } from '../../../tests/helpers/fixtures.ts';
import { latestReviewsFeed } from './feed.ts';

const base = aReview({
  id: '12',
  scale: 'letter',
  rawScore: 'B+',
  score: 83,
  verdict: 'Sharp & funny.',
  excerpt: 'A tight little puzzle box.',
  url: null,
  publishedAt: new Date('2026-11-20T10:00:00Z'),
  gameSlug: 'portal-2',
  gameTitle: 'Portal 2',
});

describe('the latest reviews feed', () => {
  it('names each review by game, outlet and score, escaped, and links to the game’s reviews', () => {
    const xml = latestReviewsFeed([base, { ...base, id: '13', scale: 'unscored', rawScore: null, score: null, outletIsDemo: false, verdict: null }], {
      origin: 'https://critical-hit.example',
      name: 'Critical Hit',
    });
    expect(xml).toContain('<title>Critical Hit: latest critic reviews</title>');
    expect(xml).toContain('<title>Portal 2: Pixel Post (demo outlet) — B+ (83/100)</title>');
    expect(xml).toContain('<title>Portal 2: Pixel Post — Unscored</title>');
    expect(xml).toContain('<link>https://critical-hit.example/games/portal-2/reviews</link>');
    expect(xml).toContain('<guid isPermaLink="false">https://critical-hit.example/critic-reviews/12</guid>');
    expect(xml).toContain('<description>Sharp &amp; funny. A tight little puzzle box.</description>');
    expect(xml).toContain('<pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate>');
  });
});
