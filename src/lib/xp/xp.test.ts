import { describe, expect, it } from 'vitest';
import { DAILY_CAP, grantable, LEVELS, levelForXp, periodStarts, progressOf, XP_RULES, xpForLevel } from './xp.ts';

describe('points table', () => {
  it('puts a positive value on every event and marks only the one-offs as milestones', () => {
    for (const rule of Object.values(XP_RULES)) expect(rule.points).toBeGreaterThan(0);
    const milestones = Object.entries(XP_RULES)
      .filter(([, rule]) => rule.milestone)
      .map(([kind]) => kind);
    expect(milestones.sort()).toEqual(['account_confirmed', 'profile_completed']);
  });

  it('grants up to the daily cap and milestones beyond it', () => {
    expect(grantable('review_published', 0)).toBe(25);
    expect(grantable('review_published', 190)).toBe(10);
    expect(grantable('review_published', DAILY_CAP)).toBe(0);
    expect(grantable('daily_visit', 250)).toBe(0);
    expect(grantable('account_confirmed', DAILY_CAP)).toBe(50);
  });
});

describe('periods', () => {
  it('changes day at UTC midnight, so the cap starts again', () => {
    expect(periodStarts(new Date('2026-11-23T23:59:59.999Z')).day).toBe('2026-11-23');
    expect(periodStarts(new Date('2026-11-24T00:00:00.000Z')).day).toBe('2026-11-24');
  });

  it('starts weeks on Monday and months on the first, in UTC', () => {
    // 2026-11-29 is a Sunday, 2026-11-30 a Monday.
    expect(periodStarts(new Date('2026-11-29T23:00:00Z'))).toEqual({
      day: '2026-11-29',
      week: '2026-11-23',
      month: '2026-11-01',
    });
    expect(periodStarts(new Date('2026-12-01T00:30:00Z'))).toEqual({
      day: '2026-12-01',
      week: '2026-11-30',
      month: '2026-12-01',
    });
  });
});

describe('level curve', () => {
  it('rises strictly from 0 XP at level 1 to 50 levels', () => {
    expect(LEVELS).toHaveLength(50);
    expect(LEVELS[0]).toMatchObject({ level: 1, xp: 0 });
    for (let i = 1; i < LEVELS.length; i++) expect(LEVELS[i]!.xp).toBeGreaterThan(LEVELS[i - 1]!.xp);
  });

  it('makes level 10 a month of steady use and level 50 months at the cap', () => {
    expect(xpForLevel(10) / 55).toBeLessThanOrEqual(31);
    expect(xpForLevel(10) / 55).toBeGreaterThan(20);
    expect(xpForLevel(50) / DAILY_CAP).toBeGreaterThan(180);
  });

  it('finds the level of a total and the progress to the next', () => {
    expect(levelForXp(0).level).toBe(1);
    expect(levelForXp(19).level).toBe(1);
    expect(levelForXp(20).level).toBe(2);
    expect(levelForXp(10_000_000).level).toBe(50);
    expect(progressOf(50)).toMatchObject({ level: 2, next: { level: 3, xp: 80 }, progress: 0.5 });
    expect(progressOf(10_000_000)).toMatchObject({ level: 50, next: null, progress: 1 });
    expect(LEVELS[0]!.name).toBe('Newcomer I');
  });
});
