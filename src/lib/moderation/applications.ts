import { z } from 'zod';

/** Outlet applications (/site-application): abuse limits and the form's schema. */

/** Applications one user may send in a day, pending or not (counted in the database, so every server agrees). */
export const APPLICATIONS_PER_DAY = 3;

export const SCORE_SCALES = ['hundred', 'ten', 'stars', 'letter', 'unscored'] as const;
export const SCORE_SCALE_LABELS: Record<(typeof SCORE_SCALES)[number], string> = {
  hundred: '0 to 100',
  ten: '0 to 10',
  stars: '0 to 5 stars',
  letter: 'Letters (A+ to F)',
  unscored: 'No score (verdict only)',
};

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(500, 'A link has at most 500 characters.')
    .regex(/^https?:\/\/[^\s]+$/, message);

export const applicationInputSchema = z.object({
  outletName: z
    .string()
    .trim()
    .min(1, 'Enter the name of the outlet.')
    .max(100, 'An outlet name has at most 100 characters.'),
  websiteUrl: httpUrl('Enter the website as a link that starts with http:// or https://.'),
  contact: z
    .string()
    .trim()
    .min(1, 'Enter how we can reach you.')
    .max(320, 'Contact details have at most 320 characters.'),
  scoreScale: z.enum(SCORE_SCALES, 'Choose the score scale the outlet uses.'),
  sampleLinks: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : value),
      z.array(httpUrl('Each sample review is a link that starts with http:// or https://.')),
    )
    .pipe(z.array(z.string()).min(1, 'Add at least one link to a sample review.').max(5, 'At most 5 sample reviews.')),
  /** The honeypot: hidden from people, filled by bots. */
  homepage: z.string().max(500).optional(),
});
export type ApplicationInput = z.output<typeof applicationInputSchema>;
