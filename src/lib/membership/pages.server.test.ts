import { describe, expect, it } from 'vitest';
import type { PlanRow } from './membership.ts';
import { planComparison } from './pages.server.ts';

const plan = (name: string, month: number | null, year: number | null): PlanRow => ({
  name,
  display_name: name,
  description: '',
  price_cents: month,
  price_yearly_cents: year,
  currency: 'usd',
});

describe('planComparison', () => {
  const { columns, rows } = planComparison([
    plan('free', 0, 0),
    plan('ad_free', 299, 2990),
    plan('premium', 599, 5990),
  ]);

  it('has a column per plan, in tier order, with both prices and the yearly saving', () => {
    expect(columns.map(({ label, month, year, saving }) => [label, month, year, saving])).toEqual([
      ['Free', '$0.00', '$0.00', 0],
      ['Ad-Free', '$2.99', '$29.90', 17],
      ['Premium', '$5.99', '$59.90', 17],
    ]);
  });

  it("gives each plan's card every row of the table, in the table's order", () => {
    for (const column of columns)
      expect(column.features).toEqual(rows.map((row) => ({ label: row.label, value: row.values[column.tier] })));
    expect(columns[2]!.features.find((feature) => feature.label === 'Publish your own reviews')?.value).toBe('Yes');
    expect(columns[0]!.features.find((feature) => feature.label === 'No ads')?.value).toBe('No');
  });

  it('shows a dash for a plan that is missing', () => {
    expect(planComparison([plan('free', 0, 0)]).columns[1]).toMatchObject({ month: '-', year: '-', saving: 0 });
  });
});
