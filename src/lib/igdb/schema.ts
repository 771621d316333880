import { z } from 'zod';

/**
 * The shape of a game as the sync asks IGDB for it: the games endpoint with its relations
 * expanded by dotted fields (api-docs.igdb.com, "Game", "Cover", "Alternative Name", "External
 * Game", "Involved Company", "Company", "Release Date", "Platform", "Genre", "Theme",
 * "Franchise", "Collection"). Unknown fields are ignored; every string and list is bounded so
 * one odd record cannot blow a page up. `game_type` replaced the older `category` enum (same
 * numbers); `external_game_source` and `release_region` replaced `category` and `region` on
 * their records; both spellings are read. A Game's `url` is its igdb.com page, an External
 * Game's `url` the game's page on that service.
 */

export const GAME_FIELDS = [
  'name',
  'slug',
  'url',
  'summary',
  'first_release_date',
  'game_type',
  'category',
  'parent_game',
  'updated_at',
  'cover.image_id',
  'alternative_names.name',
  'alternative_names.comment',
  'external_games.uid',
  'external_games.url',
  'external_games.category',
  'external_games.external_game_source',
  'involved_companies.developer',
  'involved_companies.publisher',
  'involved_companies.company.name',
  'involved_companies.company.slug',
  'release_dates.date',
  'release_dates.date_format',
  'release_dates.category',
  'release_dates.platform',
  'release_dates.region',
  'release_dates.release_region',
  'platforms.name',
  'platforms.slug',
  'platforms.abbreviation',
  'genres.name',
  'genres.slug',
  'themes.name',
  'themes.slug',
  'franchises.name',
  'collections.name',
] as const;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const unixTime = z.number().int().min(-5_000_000_000).max(10_000_000_000);
const name = z.string().max(1000);
/** An address as IGDB gives it; the mapping keeps it only if it is https and at most 500 characters. */
const address = z.string().max(2000);
/** A reference IGDB did not expand (the related record was deleted) is just a number. */
const expanded = <T extends z.ZodRawShape>(shape: T) => z.object({ id, ...shape });
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(z.union([item, id]))
    .max(1000)
    .optional();

const named = expanded({ name: name.optional(), slug: z.string().max(300).optional() });

export const igdbGameSchema = z.object({
  id,
  name: name.optional(),
  slug: z.string().max(300).optional(),
  url: address.optional(),
  summary: z.string().max(100_000).optional(),
  first_release_date: unixTime.optional(),
  game_type: z.union([z.number().int().min(0).max(1000), expanded({})]).optional(),
  category: z.number().int().min(0).max(1000).optional(),
  parent_game: z.union([id, expanded({})]).optional(),
  updated_at: unixTime.optional(),
  cover: z.union([expanded({ image_id: z.string().max(100).optional() }), id]).optional(),
  alternative_names: list(expanded({ name: name.optional(), comment: name.optional() })),
  external_games: list(
    expanded({
      uid: z.string().max(300).optional(),
      url: address.optional(),
      category: z.number().int().optional(),
      external_game_source: z.union([z.number().int(), expanded({})]).optional(),
    }),
  ),
  involved_companies: list(
    expanded({
      developer: z.boolean().optional(),
      publisher: z.boolean().optional(),
      company: z.union([named, id]).optional(),
    }),
  ),
  release_dates: list(
    expanded({
      date: unixTime.optional(),
      date_format: z.union([z.number().int(), expanded({})]).optional(),
      category: z.number().int().optional(),
      platform: z.union([id, named]).optional(),
      region: z.number().int().optional(),
      release_region: z.union([z.number().int(), expanded({})]).optional(),
    }),
  ),
  platforms: list(
    expanded({ name: name.optional(), slug: z.string().max(300).optional(), abbreviation: name.optional() }),
  ),
  genres: list(named),
  themes: list(named),
  franchises: list(named),
  collections: list(named),
});
export type IgdbGame = z.output<typeof igdbGameSchema>;
