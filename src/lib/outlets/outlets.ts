import type { ScoreScaleColumn } from '../db/schema.ts';
import { slugSchema } from '../games/slug.ts';
import type { ScoreBandKey } from '../scores/scores.ts';

/** An outlet's slug (/outlet/{slug}); outlets.slug holds at most 80 characters. */
export const outletSlugSchema = slugSchema(80);

export const OUTLETS_PAGE_SIZE = 60;
export const OUTLET_REVIEWS_PAGE_SIZE = 30;
/** Reviews in the embeddable review section. */
export const OUTLET_EMBED_REVIEWS = 10;

// What the outlet pages show ---------------------------------------------------------------

export interface OutletListItem {
  id: number;
  slug: string;
  name: string;
  scale: ScoreScaleColumn;
  isDemo: boolean;
  reviewCount: number;
}

export interface OutletDetail {
  id: number;
  slug: string;
  name: string;
  websiteUrl: string | null;
  logoUrl: string | null;
  description: string;
  scale: ScoreScaleColumn;
  threshold: number;
  isDemo: boolean;
}

export interface OutletStats {
  reviewCount: number;
  scoredCount: number;
  averageScore: number | null;
  recommendedCount: number;
  previewCount: number;
  bandCounts: Record<ScoreBandKey, number>;
}

export interface OutletAuthor {
  id: number;
  name: string;
  slug: string;
  role: string;
  isDemo: boolean;
}
