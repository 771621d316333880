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
const site = { origin: 'https://critical-hit.example', name: 'Critical Hit' };

describe('the latest reviews feed', () => {
  it('names each review by game, outlet and score, escaped, and links to the game’s reviews', async () => {
    const xml = await latestReviewsFeed(
      [base, { ...base, id: '13', scale: 'unscored', rawScore: null, score: null, outletIsDemo: false, verdict: null }],
      site,
    );
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><rss version="2.0" xmlns:atom="http:\/\/www.w3.org\/2005\/Atom">/,
    );
    expect(xml).toContain('<title>Critical Hit: latest critic reviews</title>');
    expect(xml).toContain('<link>https://critical-hit.example/reviews</link>');
    expect(xml).toContain(
      '<atom:link href="https://critical-hit.example/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).toContain('<title>Portal 2: Pixel Post (demo outlet) — B+ (83/100)</title>');
    expect(xml).toContain('<title>Portal 2: Pixel Post — Unscored</title>');
    expect(xml).toContain('<link>https://critical-hit.example/games/portal-2/reviews</link>');
    expect(xml).toContain('<description>Sharp &amp; funny. A tight little puzzle box.</description>');
    expect(xml).toContain('<pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate>');
  });

  it('gives each review its own guid, though several reviews link to one game page', async () => {
    const xml = await latestReviewsFeed([base, { ...base, id: '13' }], site);
    expect(xml).toContain('<guid isPermaLink="false">https://critical-hit.example/critic-reviews/12</guid>');
    expect(xml).toContain('<guid isPermaLink="false">https://critical-hit.example/critic-reviews/13</guid>');
    expect(xml.match(/<guid /g)).toHaveLength(2);
  });

  it('escapes markup an outlet wrote and drops characters XML cannot carry', async () => {
    const xml = await latestReviewsFeed(
      [{ ...base, gameTitle: 'Portal <2>', verdict: 'Bold </description><script>x</script> ]]>\u0001', excerpt: null }],
      site,
    );
    expect(xml).toContain('<title>Portal &lt;2&gt;: Pixel Post (demo outlet) — B+ (83/100)</title>');
    expect(xml).toContain('<description>Bold &lt;/description&gt;&lt;script&gt;x&lt;/script&gt; ]]&gt;</description>');
    expect(xml).not.toContain('<script>');
    // eslint-disable-next-line no-control-regex -- the feed must carry no control character
    expect(xml).not.toMatch(/[\u0000-\u0008]/);
  });
});
