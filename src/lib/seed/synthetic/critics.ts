import type { CatalogueRecord } from '../../catalogue-import/merge.ts';
import {
  denormaliseScore,
  normaliseScore,
  recommendsByScore,
  SCORE_SCALES,
  type ScoreScale,
} from '../../scores/scores.ts';
import { createRandom } from '../random.ts';
import type { ReviewDraft } from '../reviews.ts';

/**
 * Deterministic synthetic critics for benchmarks: outlets on every scale, authors, and
 * `reviewsPerGame` critic reviews per game (previews for games not released yet). Like
 * the synthetic catalogue, every name says it is synthetic.
 */

export interface SyntheticOutlet {
  slug: string;
  name: string;
  scale: ScoreScale;
  threshold: number;
  bias: number;
}

export interface SyntheticAuthor {
  name: string;
  slug: string;
  /** Index of the outlet the author writes for. */
  outlet: number;
}

export interface SyntheticReview extends ReviewDraft {
  /** Index of the outlet, and of the author. */
  outlet: number;
  author: number;
}

export const SYNTHETIC_AUTHORS_PER_OUTLET = 5;

/**
 * Enough outlets that each game's reviews come from different outlets (one review per
 * outlet per game): a prime, so every stride of the walk below visits each outlet once.
 */
export function syntheticOutletCount(reviewsPerGame: number): number {
  let count = Math.max(41, reviewsPerGame * 4);
  const isPrime = (n: number) => {
    for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return false;
    return true;
  };
  while (!isPrime(count)) count += 1;
  return count;
}

export function syntheticOutlets(count: number, seed: number): SyntheticOutlet[] {
  const random = createRandom(seed ^ 0x7e1e7);
  return Array.from({ length: count }, (_, i) => {
    const scale = SCORE_SCALES[i % SCORE_SCALES.length]!;
    const n = String(i + 1).padStart(3, '0');
    return {
      slug: `synthetic-outlet-${n}`,
      name: `Synthetic Outlet ${n} (synthetic)`,
      scale,
      threshold: 60 + Math.floor(random() * 25),
      bias: Math.round((random() - 0.5) * 12),
    };
  });
}

export function syntheticAuthors(outlets: number): SyntheticAuthor[] {
  return Array.from({ length: outlets * SYNTHETIC_AUTHORS_PER_OUTLET }, (_, i) => {
    const n = String(i + 1).padStart(5, '0');
    return {
      name: `Synthetic Critic ${n}`,
      slug: `synthetic-critic-${n}`,
      outlet: Math.floor(i / SYNTHETIC_AUTHORS_PER_OUTLET),
    };
  });
}

const VERDICTS = [
  'A synthetic verdict: great.',
  'A synthetic verdict: good.',
  'A synthetic verdict: mixed.',
  'A synthetic verdict: poor.',
];
const EXCERPT =
  'Synthetic benchmark review text. It stands in for an excerpt of a real review and says nothing about a real game.';

const DAY = 86_400_000;

/**
 * The reviews of one game (the `index`-th record of the synthetic catalogue). Pure in
 * (record, index, options): chunks of a large catalogue can be generated independently.
 */
export function syntheticReviewsFor(
  record: CatalogueRecord,
  index: number,
  outlets: readonly SyntheticOutlet[],
  options: { reviewsPerGame: number; seed: number; now: Date },
): SyntheticReview[] {
  const random = createRandom((options.seed * 1_000_003 + index) >>> 0);
  const nowMs = options.now.getTime();
  const release = record.releaseDate ? Date.parse(`${record.releaseDate}T00:00:00Z`) : nowMs - 365 * DAY;
  const upcoming = release > nowMs;
  const quality = 40 + random() * 55;
  const start = Math.floor(random() * outlets.length);
  const stride = 1 + 2 * Math.floor(random() * 3); // 1, 3 or 5: coprime with the prime outlet count
  const reviews: SyntheticReview[] = [];
  for (let i = 0; i < options.reviewsPerGame; i += 1) {
    const outletIndex = (start + i * stride) % outlets.length;
    const outlet = outlets[outletIndex]!;
    const author = outletIndex * SYNTHETIC_AUTHORS_PER_OUTLET + Math.floor(random() * SYNTHETIC_AUTHORS_PER_OUTLET);
    const platformSlug =
      record.platforms.length > 0 ? record.platforms[Math.floor(random() * record.platforms.length)]!.slug : null;
    if (upcoming) {
      reviews.push({
        outlet: outletIndex,
        author,
        kind: 'preview',
        scale: outlet.scale,
        rawScore: null,
        recommended: null,
        verdict: 'A synthetic preview.',
        excerpt: EXCERPT,
        url: `https://${outlet.slug}.example/p/${record.slug}`,
        platformSlug,
        publishedAt: new Date(Math.min(nowMs - DAY, release - Math.floor(random() * 60 + 1) * DAY)).toISOString(),
      });
      continue;
    }
    const given = quality + outlet.bias + (random() - 0.5) * 20;
    const rawScore = denormaliseScore(given, outlet.scale);
    const score = normaliseScore(outlet.scale, rawScore);
    const recommended = score === null ? given >= outlet.threshold : recommendsByScore(score, outlet.threshold);
    const verdictIndex = given >= 85 ? 0 : given >= 70 ? 1 : given >= 50 ? 2 : 3;
    reviews.push({
      outlet: outletIndex,
      author,
      kind: 'review',
      scale: outlet.scale,
      rawScore,
      recommended,
      verdict: VERDICTS[verdictIndex]!,
      excerpt: EXCERPT,
      url: `https://${outlet.slug}.example/r/${record.slug}`,
      platformSlug,
      publishedAt: new Date(Math.min(nowMs - 60_000, release + Math.floor(random() * 45 * DAY))).toISOString(),
    });
  }
  return reviews;
}
