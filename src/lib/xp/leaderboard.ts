import { z } from 'zod';

export const LEADERBOARD_PERIODS = ['all', 'month', 'week'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_PERIOD_LABELS: Readonly<Record<LeaderboardPeriod, string>> = {
  all: 'All time',
  month: 'This month',
  week: 'This week',
};
export const LEADERBOARD_SIZE = 100;

/** ?period= read leniently: anything else is all time. */
export const leaderboardPeriodSchema = z.enum(LEADERBOARD_PERIODS).catch('all');

export interface LeaderboardRow {
  rank: number;
  userId: string;
  username: string;
  avatarUrl: string | null;
  level: number;
  xp: number;
}

export interface OwnRank {
  period: LeaderboardPeriod;
  /** Among the public players: where the user stands, or would stand with a private profile. */
  rank: number | null;
  xp: number;
  level: number;
  /** False for a private profile, which the public board leaves out. */
  onBoard: boolean;
}
