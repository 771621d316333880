/**
 * XP: what each action is worth, the daily cap and the level curve. Defined once here
 * and shown as is on /dashboard/earn-xp and /levels.
 */

export const DAILY_CAP = 200;

export interface XpRule {
  points: number;
  label: string;
  /** One-off milestones are not counted against the daily cap. */
  milestone: boolean;
  /** How often it can be earned, as shown to users. */
  limit: string;
}

export const XP_RULES = {
  account_confirmed: { points: 50, label: 'Confirm your account', milestone: true, limit: 'Once' },
  profile_completed: { points: 30, label: 'Complete your profile (avatar and bio)', milestone: true, limit: 'Once' },
  first_status: {
    points: 2,
    label: 'Set a status on a game for the first time',
    milestone: false,
    limit: 'Once per game',
  },
  game_completed: { points: 10, label: 'Mark a game completed', milestone: false, limit: 'Once per game' },
  review_published: { points: 25, label: 'Publish a user review', milestone: false, limit: 'Once per review' },
  list_created: { points: 15, label: 'Create a list with at least 5 games', milestone: false, limit: 'Once per list' },
  list_like_received: {
    points: 5,
    label: 'Receive a like on one of your lists',
    milestone: false,
    limit: 'Once per like',
  },
  helpful_vote_received: {
    points: 5,
    label: 'Receive a helpful vote on one of your reviews',
    milestone: false,
    limit: 'Once per vote',
  },
  outlet_followed: { points: 2, label: 'Follow an outlet', milestone: false, limit: 'Once per outlet' },
  daily_visit: { points: 5, label: 'Visit the site', milestone: false, limit: 'Once per UTC day' },
} as const satisfies Record<string, XpRule>;

export type XpKind = keyof typeof XP_RULES;
export const XP_KINDS = Object.keys(XP_RULES) as XpKind[];

/** A list earns XP once it holds this many games. */
export const LIST_XP_MIN_GAMES = 5;

/** Points granted now: milestones in full, everything else up to what is left of today's cap. */
export function grantable(kind: XpKind, earnedToday: number): number {
  const rule = XP_RULES[kind];
  if (rule.milestone) return rule.points;
  return Math.max(0, Math.min(rule.points, DAILY_CAP - Math.max(0, earnedToday)));
}

// Periods ------------------------------------------------------------------------------

export type Period = 'day' | 'week' | 'month';
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The UTC day, week (from Monday) and month an instant falls in, as YYYY-MM-DD starts. */
export function periodStarts(at: Date): Record<Period, string> {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = (day.getUTCDay() + 6) % 7;
  const week = new Date(day.getTime() - weekday * 86_400_000);
  const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return { day: iso(day), week: iso(week), month: iso(month) };
}

// Levels -------------------------------------------------------------------------------

export const MAX_LEVEL = 50;

const TITLES = [
  'Newcomer',
  'Button Masher',
  'Casual Player',
  'Side-Quester',
  'Explorer',
  'Veteran',
  'Completionist',
  'Speedrunner',
  'Legend',
  'Hall of Famer',
] as const;
const NUMERALS = ['I', 'II', 'III', 'IV', 'V'] as const;

export interface Level {
  level: number;
  name: string;
  /** Total XP needed to reach it. */
  xp: number;
}

/**
 * XP needed for level n: 20·(n−1)², rounded to tens. Steady use (a visit, a few statuses
 * and a review or list now and then: about 55 XP a day) reaches level 10 (1 620 XP) in a
 * month; level 50 (48 020 XP) takes the full daily cap for eight months.
 */
export function xpForLevel(level: number): number {
  return Math.round((20 * (level - 1) ** 2) / 10) * 10;
}

export const LEVELS: readonly Level[] = Array.from({ length: MAX_LEVEL }, (_, index) => ({
  level: index + 1,
  name: `${TITLES[Math.floor(index / 5)]} ${NUMERALS[index % 5]}`,
  xp: xpForLevel(index + 1),
}));

export function levelForXp(total: number): Level {
  let found = LEVELS[0]!;
  for (const level of LEVELS) {
    if (level.xp > total) break;
    found = level;
  }
  return found;
}

export interface LevelProgress {
  level: number;
  name: string;
  total: number;
  /** The next level, or null at the top. */
  next: Level | null;
  /** 0..1 of the way from this level to the next (1 at the top). */
  progress: number;
}

export function progressOf(total: number): LevelProgress {
  const current = levelForXp(total);
  const next = LEVELS[current.level] ?? null;
  const progress = next ? (total - current.xp) / (next.xp - current.xp) : 1;
  return { level: current.level, name: current.name, total, next, progress: Math.min(1, Math.max(0, progress)) };
}
