import { describe, expect, it } from 'vitest';
import { canUseFeature, FEATURES, TIERS } from '../auth/tiers.ts';
import { planTable } from './plans.ts';

describe('planTable', () => {
  it('says what the server allows, feature by feature and tier by tier', () => {
    const { rows, tiers } = planTable();
    expect(tiers.map((t) => t.label)).toEqual(['Free', 'Ad-Free', 'Premium']);
    expect(rows.map((r) => r.feature)).toEqual([...FEATURES]);
    for (const row of rows) {
      for (const cell of row.cells) {
        expect(cell.included, `${row.feature} on ${cell.tier}`).toBe(canUseFeature(cell.tier, row.feature));
      }
    }
  });

  it('shows the notification quota per tier in hours', () => {
    const row = planTable().rows.find((r) => r.feature === 'notifications');
    expect(row?.cells.map((c) => c.text)).toEqual(['24 hours', '72 hours', '168 hours']);
    expect(TIERS).toHaveLength(3);
  });
});
