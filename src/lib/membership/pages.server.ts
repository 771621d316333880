import { FEATURES, TIER_FEATURES, TIER_LABELS, TIERS, type Tier } from '../auth/tiers.ts';
import {
  FEATURE_LABELS,
  formatPrice,
  PAID_TIERS,
  PERIOD_LABELS,
  priceOf,
  renewalTerms,
  yearlySavingPercent,
  type ComparisonRow,
  type PlanChoice,
  type PlanComparison,
  type PlanRow,
} from './membership.ts';

/**
 * What the membership pages show, prepared once: the comparison comes from the tier table
 * the server enforces and the prices from subscription_plans, so the page cannot disagree
 * with either.
 */

export function comparisonRows(): ComparisonRow[] {
  return FEATURES.map((feature) => ({
    label: FEATURE_LABELS[feature],
    values: Object.fromEntries(
      TIERS.map((tier) => {
        const value = TIER_FEATURES[tier][feature];
        return [tier, typeof value === 'number' ? String(value) : value ? 'Yes' : 'No'];
      }),
    ) as Record<Tier, string>,
  }));
}

/** The /membership comparison: a column per tier (a card on phones), a row per feature. */
export function planComparison(plans: readonly PlanRow[]): PlanComparison {
  const rows = comparisonRows();
  const columns = TIERS.map((tier) => {
    const plan = plans.find((p) => p.name === tier);
    return {
      tier,
      label: TIER_LABELS[tier],
      month: plan ? priceLabel(plan, 'month') : '-',
      year: plan ? priceLabel(plan, 'year') : '-',
      saving: plan ? yearlySavingPercent(plan) : 0,
      features: rows.map((row) => ({ label: row.label, value: row.values[tier] })),
    };
  });
  return { columns, rows };
}

export function priceLabel(plan: PlanRow, period: 'month' | 'year'): string {
  const cents = priceOf(plan, period);
  return cents === null ? 'Not on sale' : formatPrice(cents, plan.currency);
}

export function planChoices(plans: readonly PlanRow[]): PlanChoice[] {
  return PAID_TIERS.flatMap((tier) => {
    const plan = plans.find((p) => p.name === tier);
    if (!plan) return [];
    return [
      {
        plan: tier,
        label: TIER_LABELS[tier],
        prices: { month: priceLabel(plan, 'month'), year: priceLabel(plan, 'year') },
        terms: { month: renewalTerms(plan, 'month'), year: renewalTerms(plan, 'year') },
      },
    ];
  });
}

export function changeOptions(plans: readonly PlanRow[]) {
  return PAID_TIERS.flatMap((tier) => {
    const plan = plans.find((p) => p.name === tier);
    if (!plan) return [];
    return (['month', 'year'] as const).map((period) => ({
      plan: tier,
      period,
      label: `${TIER_LABELS[tier]}, ${PERIOD_LABELS[period].toLowerCase()}: ${priceLabel(plan, period)}`,
    }));
  });
}
