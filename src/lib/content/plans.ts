import { FEATURES, TIER_FEATURES, TIER_LABELS, TIERS, type Feature, type Tier } from '../auth/tiers.ts';

/**
 * The plan comparison on /user-features, derived from the tier table the server's checks
 * use (tiers.ts), so the page cannot promise what the server refuses.
 */

export const FEATURE_LABELS: Readonly<Record<Feature, string>> = {
  notifications: 'Notifications kept for',
  followOutlets: 'Follow outlets',
  xpSystem: 'XP and levels',
  defaultLists: 'Play statuses, wishlist and favourites',
  addGames: 'Request games for the catalogue',
  linkGames: 'Link games to your lists',
  customLists: 'Your own game lists',
  adFree: 'No ads',
  userReviews: 'Write player reviews',
};

export interface PlanCell {
  tier: Tier;
  /** What the cell says: "Yes", "No", or "24 hours". */
  text: string;
  included: boolean;
}

export interface PlanRow {
  feature: Feature;
  label: string;
  cells: PlanCell[];
}

export function planTable(): { tiers: { tier: Tier; label: string }[]; rows: PlanRow[] } {
  return {
    tiers: TIERS.map((tier) => ({ tier, label: TIER_LABELS[tier] })),
    rows: FEATURES.map((feature) => ({
      feature,
      label: FEATURE_LABELS[feature],
      cells: TIERS.map((tier) => {
        const value = TIER_FEATURES[tier][feature];
        if (typeof value === 'number') return { tier, text: `${value} hours`, included: value > 0 };
        return { tier, text: value ? 'Yes' : 'No', included: value };
      }),
    })),
  };
}
