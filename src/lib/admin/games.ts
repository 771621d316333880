import { z } from 'zod';
import { CACHE_TAGS, gameTag } from '../http/cache-rules.ts';
import { gameSlugSchema, SLUG_PATTERN, slugify } from '../games/slug.ts';

/** The admin's game form: what an administrator may set on a game. */

const isoDate = z.iso.date('Use a date as YYYY-MM-DD.');
/** A list from a form field: "a, b, c" (or one a line), or already an array. */
const splitList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(/[,\n]/)
        .map((part) => part.trim())
        .filter(Boolean)
    : value;
const names = z.preprocess(
  splitList,
  z.array(z.string().trim().min(1).max(100, 'A name has at most 100 characters.')).max(20, 'At most 20 names.'),
);

/** Platforms from a form field: one a line, "pc 2024-05-01" (the date may be left out). */
const splitPlatforms = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [slug = '', releaseDate = ''] = line.split(/\s+/);
          return { slug: slug.toLowerCase(), releaseDate };
        })
    : value;

export const gameInputSchema = z.object({
  title: z.string().trim().min(1, 'Enter a title.').max(200, 'A title has at most 200 characters.'),
  slug: z
    .string()
    .trim()
    .max(120)
    .refine(
      (value) => value === '' || gameSlugSchema.safeParse(value).success,
      'A slug uses lower-case letters, digits and single hyphens.',
    )
    .optional(),
  summary: z.string().trim().max(4000, 'A summary has at most 4000 characters.').optional(),
  releaseDate: isoDate.or(z.literal('')).optional(),
  /** Per platform (by slug) its release date, or '' when not announced. */
  platforms: z
    .preprocess(
      splitPlatforms,
      z
        .array(
          z.object({
            slug: z.string().max(60).regex(SLUG_PATTERN, 'Write a platform as its slug, such as pc or ps5.'),
            releaseDate: isoDate.or(z.literal('')).optional(),
          }),
        )
        .max(30, 'At most 30 platforms.'),
    )
    .default([]),
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

/** What the edit form shows (the loader in games.server.ts fills it). */
export interface GameForEditView {
  id: number;
  slug: string;
  title: string;
  summary: string;
  releaseDate: string;
  coverImageUrl: string | null;
  platforms: { slug: string; releaseDate: string }[];
  genres: string[];
  developers: string[];
  publishers: string[];
}
