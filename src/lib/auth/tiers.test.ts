import { describe, expect, it } from 'vitest';
import {
  canUseFeature,
  FEATURES,
  featureValue,
  notificationQuota,
  TIER_LABELS,
  tierFromPlanName,
  TIERS,
} from './tiers.ts';

describe('feature access by tier', () => {
  const table: Record<string, [boolean, boolean, boolean]> = {
    followOutlets: [true, true, true],
    xpSystem: [true, true, true],
    defaultLists: [true, true, true],
    addGames: [true, true, true],
    linkGames: [true, true, true],
    customLists: [false, true, true],
    adFree: [false, true, true],
    userReviews: [false, false, true],
  };
  for (const [feature, expected] of Object.entries(table)) {
    it(`${feature}: ${expected.join(', ')}`, () => {
      expect(TIERS.map((tier) => canUseFeature(tier, feature))).toEqual(expected);
    });
  }
  it('notifications: 24, 72, 168', () => {
    expect(TIERS.map((tier) => featureValue(tier, 'notifications'))).toEqual([24, 72, 168]);
    expect(TIERS.map(notificationQuota)).toEqual([24, 72, 168]);
    expect(TIERS.every((tier) => canUseFeature(tier, 'notifications'))).toBe(true);
  });
  it('covers every feature of the table', () => {
    expect([...FEATURES].sort()).toEqual([...Object.keys(table), 'notifications'].sort());
  });
  it('refuses an unknown feature or tier', () => {
    expect(canUseFeature('premium', 'teleport')).toBe(false);
    expect(canUseFeature('gold', 'xpSystem')).toBe(false);
    expect(canUseFeature('', '')).toBe(false);
    expect(notificationQuota('gold')).toBe(0);
    expect(featureValue('free', 'toString')).toBeUndefined();
  });
  it('labels the tiers', () => {
    expect(TIER_LABELS).toEqual({ free: 'Free', ad_free: 'Ad-Free', premium: 'Premium' });
  });
});

describe('tierFromPlanName', () => {
  it('lower-cases the plan name of the active subscription', () => {
    expect(tierFromPlanName('Premium')).toBe('premium');
    expect(tierFromPlanName('AD_FREE')).toBe('ad_free');
  });
  it('is free with no plan or an unknown one', () => {
    expect(tierFromPlanName(null)).toBe('free');
    expect(tierFromPlanName(undefined)).toBe('free');
    expect(tierFromPlanName('platinum')).toBe('free');
  });
});
