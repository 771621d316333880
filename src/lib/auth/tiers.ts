/**
 * Subscription tiers and what each may use. One pure function
 * answers "may this tier use this feature?" on the server and in the browser alike.
 */

export const TIERS = ['free', 'ad_free', 'premium'] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_LABELS: Readonly<Record<Tier, string>> = { free: 'Free', ad_free: 'Ad-Free', premium: 'Premium' };

export const FEATURES = [
  'notifications',
  'followOutlets',
  'xpSystem',
  'defaultLists',
  'addGames',
  'linkGames',
  'customLists',
  'adFree',
  'userReviews',
] as const;
export type Feature = (typeof FEATURES)[number];

/** What each tier may use. `notifications` is a quota: how many hours a user keeps notifications. */
export const TIER_FEATURES: Readonly<Record<Tier, Readonly<Record<Feature, boolean | number>>>> = {
  free: {
    notifications: 24,
    followOutlets: true,
    xpSystem: true,
    defaultLists: true,
    addGames: true,
    linkGames: true,
    customLists: false,
    adFree: false,
    userReviews: false,
  },
  ad_free: {
    notifications: 72,
    followOutlets: true,
    xpSystem: true,
    defaultLists: true,
    addGames: true,
    linkGames: true,
    customLists: true,
    adFree: true,
    userReviews: false,
  },
  premium: {
    notifications: 168,
    followOutlets: true,
    xpSystem: true,
    defaultLists: true,
    addGames: true,
    linkGames: true,
    customLists: true,
    adFree: true,
    userReviews: true,
  },
};

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

export function isFeature(value: unknown): value is Feature {
  return typeof value === 'string' && (FEATURES as readonly string[]).includes(value);
}

/** The feature's value for a tier (a number for quotas), or undefined for an unknown tier or feature. */
export function featureValue(tier: string, feature: string): boolean | number | undefined {
  if (!isTier(tier) || !isFeature(feature)) return undefined;
  return TIER_FEATURES[tier][feature];
}

/** May `tier` use `feature`? An unknown feature or tier is not allowed; a quota above zero is allowed. */
export function canUseFeature(tier: string, feature: string): boolean {
  const value = featureValue(tier, feature);
  return typeof value === 'number' ? value > 0 : value === true;
}

/** Notification quota per tier: 24, 72, 168 (0 for an unknown tier). */
export function notificationQuota(tier: string): number {
  const value = featureValue(tier, 'notifications');
  return typeof value === 'number' ? value : 0;
}

/**
 * The tier of a user: free when signed out; otherwise the lower-cased
 * plan name of their active subscription, or free when there is none (or it is unknown).
 */
export function tierFromPlanName(planName: string | null | undefined): Tier {
  const name = planName?.trim().toLowerCase();
  return isTier(name) ? name : 'free';
}
