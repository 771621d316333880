import type { ScoreScale } from '../scores/scores.ts';

/** A critic review as a seeder invents it, before the database gives its rows ids. */
export interface ReviewDraft {
  kind: 'review' | 'preview';
  scale: ScoreScale;
  rawScore: string | null;
  /** The outlet's verdict for an unscored review; derived from the score otherwise; null for previews. */
  recommended: boolean | null;
  verdict: string;
  excerpt: string;
  url: string;
  platformSlug: string | null;
  publishedAt: string;
}
