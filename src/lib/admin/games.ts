import { z } from 'zod';
import { CACHE_TAGS, gameTag } from '../http/cache-rules.ts';
import { gameSlugSchema, slugify } from '../games/slug.ts';

/** The admin's game form: what an administrator may set on a game. */

const isoDate = z.iso.date('Use a date as YYYY-MM-DD.');
const names = z.array(z.string().trim().min(1).max(100)).max(20, 'At most 20 names.');

export const gameInputSchema = z.object({
  title: z.string().trim().min(1, 'Enter a title.').max(200, 'A title has at most 200 characters.'),
  slug: z
    .string()
    .trim()
    .max(120)
    .refine((value) => value === '' || gameSlugSchema.safeParse(value).success, 'A slug uses lower-case letters, digits and single hyphens.')
    .optional(),
  summary: z.string().trim().max(4000, 'A summary has at most 4000 characters.').optional(),
  releaseDate: isoDate.or(z.literal('')).optional(),
  /** Per platform (by slug) its release date, or '' when not announced. */
  platforms: z.array(z.object({ slug: gameSlugSchema, releaseDate: isoDate.or(z.literal('')).optional() })).max(30).default([]),
  genres: names.default([]),
  developers: names.default([]),
  publishers: names.default([]),
});
export type GameInput = z.output<typeof gameInputSchema>;

export const mergeInputSchema = z.object({
  survivor: gameSlugSchema,
  duplicate: gameSlugSchema,
});

export const gameSearchSchema = z.object({
  q: z.string().trim().max(200).catch(''),
});

/** The slug a new game gets: the one given, or one made from the title. */
export function slugForGame(input: GameInput): string {
  return input.slug || slugify(input.title) || 'untitled';
}

/** What a catalogue change purges: the game's pages (old and new slug) and every list of games. */
export function gamePurgeTarget(slugs: readonly string[]) {
  return {
    tags: [...new Set(slugs)].map(gameTag).concat(CACHE_TAGS.games, CACHE_TAGS.scores, CACHE_TAGS.reviews),
    paths: ['/', '/games', '/calendar', '/sitemap.xml'],
  };
}
