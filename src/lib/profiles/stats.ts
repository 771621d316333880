import { z } from 'zod';
import { formatCount, formatCountOf } from '../format/numbers.ts';
import type { PublicProfile } from './profiles.ts';
import type { ShareImageContent } from './share-image.ts';

/**
 * A player's stats on their profile and their year in review (/{username}/year/{year}),
 * shaped from the kept per-player, per-year figures (docs/decisions/profile-stats.md).
 * A library row's year is the year of its finish date, else of its start date; undated
 * rows are kept under year 0 and count only in all-time figures.
 */

/** The year in /{username}/year/{year}: four digits, no leading zero. Anything else is a 404. */
export const yearParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{3}$/)
  .transform(Number);

export const STATS_LIMITS = {
  /** Covers per status on the profile's cover wall. */
  coversPerStatus: 6,
  /** Favourite genres and platforms shown on the profile. */
  favourites: 3,
  /** Best-rated games on a year page. */
  bestRated: 3,
  /** Covers of finished games on a year page. */
  finishedCovers: 12,
} as const;

/** One kept year (0: undated). */
export interface YearFigures {
  year: number;
  gamesPlayed: number;
  gamesFinished: number;
  hours: number;
  reviews: number;
  lists: number;
}

export interface Tally {
  name: string;
  games: number;
  hours: number;
}

export interface RatingCount {
  rating: number;
  reviews: number;
}

export interface HistogramBucket {
  /** 1-10, as stored. */
  rating: number;
  /** What the site shows: stars out of five, in halves. */
  stars: number;
  count: number;
  /** The bar's length: this bucket against the fullest one (0-1). */
  share: number;
}

export interface RatingHistogram {
  buckets: HistogramBucket[];
  total: number;
  /** Mean rating in stars, one decimal; null without ratings. */
  averageStars: number | null;
}

/** Every rating from half a star to five stars, with how many of the player's reviews gave it. */
export function ratingHistogram(counts: readonly RatingCount[]): RatingHistogram {
  const byRating = new Map<number, number>();
  for (const { rating, reviews } of counts) {
    if (Number.isInteger(rating) && rating >= 1 && rating <= 10 && reviews > 0)
      byRating.set(rating, (byRating.get(rating) ?? 0) + reviews);
  }
  const total = [...byRating.values()].reduce((sum, n) => sum + n, 0);
  const most = Math.max(0, ...byRating.values());
  const buckets = Array.from({ length: 10 }, (_, index) => {
    const rating = index + 1;
    const count = byRating.get(rating) ?? 0;
    return { rating, stars: rating / 2, count, share: most > 0 ? count / most : 0 };
  });
  const sum = [...byRating.entries()].reduce((acc, [rating, n]) => acc + rating * n, 0);
  return { buckets, total, averageStars: total > 0 ? Math.round((sum / total / 2) * 10) / 10 : null };
}

/**
 * The favourites of a tally (genres or platforms): most games first, then most hours, then
 * by name, so ties always come out in the same order.
 */
export function rankTallies(tallies: readonly Tally[], limit: number): Tally[] {
  return tallies
    .filter((tally) => tally.games > 0)
    .toSorted((a, b) => b.games - a.games || b.hours - a.hours || a.name.localeCompare(b.name, 'en'))
    .slice(0, limit);
}

/**
 * A year counts as active with a game played in it, a review written or a public list made,
 * and only a year its page can be addressed by (four digits: a date in year 500 is kept,
 * but linked nowhere).
 */
export function isActiveYear(figures: YearFigures): boolean {
  return (
    figures.year >= 1000 &&
    figures.year <= 9999 &&
    (figures.gamesPlayed > 0 || figures.reviews > 0 || figures.lists > 0)
  );
}

export interface YearsSummary {
  /** Active years, newest first. */
  years: YearFigures[];
  /** Everything, undated rows included. */
  totalHours: number;
  totalFinished: number;
  /** Hours on games with no start or finish date, which no year can claim. */
  undatedHours: number;
}

export function summariseYears(rows: readonly YearFigures[]): YearsSummary {
  const years = rows.filter(isActiveYear).toSorted((a, b) => b.year - a.year);
  const totalHours = roundHours(rows.reduce((sum, row) => sum + row.hours, 0));
  const totalFinished = rows.reduce((sum, row) => sum + row.gamesFinished, 0);
  const undatedHours = roundHours(rows.find((row) => row.year === 0)?.hours ?? 0);
  return { years, totalHours, totalFinished, undatedHours };
}

export const roundHours = (hours: number) => Math.round(hours * 10) / 10;

/** Hours to a tenth, as people read them: "12.5", "1,204". */
export function hoursNumber(hours: number): string {
  const tenths = Math.round(hours * 10);
  const whole = Math.trunc(tenths / 10);
  const tenth = Math.abs(tenths % 10);
  return tenth ? `${formatCount(whole)}.${tenth}` : formatCount(whole);
}

/** "1 hour", "12.5 hours", "1,204 hours". */
export function formatHours(hours: number): string {
  return `${hoursNumber(hours)} ${roundHours(hours) === 1 ? 'hour' : 'hours'}`;
}

export const plural = formatCountOf;

/** Stars out of five as text ("4.5/5"). */
export const starsText = (rating: number) => `${rating / 2}/5`;

/**
 * A short key of what a share image shows: it goes into the image's address, so a change of
 * any figure or name gives a new address, and an address can be cached for a year.
 */
export function shareImageKey(content: unknown): string {
  const text = JSON.stringify(content);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0');
}

/** Where a player's year page and its image live. */
export const yearPath = (username: string, year: number) => `/${encodeURIComponent(username)}/year/${year}`;
export const yearImagePath = (username: string, year: number, key: string) =>
  `${yearPath(username, year)}.png?v=${key}`;

export interface CoverGame {
  slug: string;
  title: string;
  coverImageUrl: string | null;
}

export interface RatedGame extends CoverGame {
  rating: number;
}

export interface ProfileStats extends YearsSummary {
  ratings: RatingHistogram;
  genres: Tally[];
  platforms: Tally[];
  /** The newest few games of each status, in the order statuses are shown. */
  coverWall: { status: string; games: CoverGame[] }[];
}

export interface YearInReview {
  figures: YearFigures;
  /** The player's other active years, newest first (links to their pages). */
  otherYears: number[];
  /** The player's highest ratings among the reviews they wrote that year. */
  bestRated: RatedGame[];
  /** Games finished that year, latest first (at most STATS_LIMITS.finishedCovers). */
  finished: CoverGame[];
  genre: Tally | null;
  platform: Tally | null;
}

/** What /{username}/year/{year} shows. */
export interface YearPage {
  profile: PublicProfile;
  owner: boolean;
  year: number;
  review: YearInReview;
  image: { url: string; path: string; key: string; alt: string; width: number; height: number };
  content: ShareImageContent;
}
