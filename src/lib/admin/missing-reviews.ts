import { z } from 'zod';

/**
 * Which released games lack critic coverage: released more than MIN_DAYS_RELEASED days
 * ago with fewer than MIN_SCORED_REVIEWS scored reviews (the count a critic score needs),
 * ranked by the reviews missing, weighted by how many players have the game in their
 * library or wishlist.
 */
export const MIN_DAYS_RELEASED = 14;
export const MIN_SCORED_REVIEWS = 4;

export const missingReviewsQuerySchema = z.object({
  platform: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(60)
    .optional()
    .catch(undefined),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional()
    .catch(undefined),
  outlet: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(120)
    .optional()
    .catch(undefined),
});
export type MissingReviewsQuery = z.output<typeof missingReviewsQuerySchema>;

export interface MissingReviewRow {
  slug: string;
  title: string;
  releaseDate: string;
  scored: number;
  interest: number;
  gap: number;
}

/** The day a game must have been released by (YYYY-MM-DD) to count as missing reviews on `today`. */
export function releasedBy(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - MIN_DAYS_RELEASED);
  return date.toISOString().slice(0, 10);
}

/** At most this many outlets are asked about one game at once. */
export const COVERAGE_OUTLETS_MAX = 20;
const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Unknown game or outlet.')
  .max(120, 'Unknown game or outlet.');

/** "Request coverage": a game and the outlets whose owners are asked to review it. */
export const coverageRequestSchema = z.object({
  game: slugSchema,
  outlets: z
    .array(slugSchema, 'Choose at least one outlet.')
    .min(1, 'Choose at least one outlet.')
    .max(COVERAGE_OUTLETS_MAX, `Choose at most ${COVERAGE_OUTLETS_MAX} outlets at once.`)
    .transform((slugs) => [...new Set(slugs)]),
});
export type CoverageRequest = z.output<typeof coverageRequestSchema>;
