import { z } from 'zod';

/** Lower-case ASCII words joined by single hyphens: what every catalogue slug looks like. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;

/**
 * The schema of one kind of slug, as a route parameter: well formed and no longer than its
 * table allows, or it names nothing (a failure is the "Page Not Found" 404, without a
 * query). Every entity has its own named schema (gameSlugSchema, outletSlugSchema…).
 */
export function slugSchema(maxLength: number) {
  return z.string().max(maxLength).regex(SLUG_PATTERN);
}

/**
 * A slug as a query-string filter (?genre=RPG): trimmed and lower-cased; a malformed one
 * is no filter at all rather than an error, so a stale link still shows a list.
 */
export function slugFilter(schema: z.ZodType<string, string>) {
  return z.string().trim().toLowerCase().pipe(schema).optional().catch(undefined);
}

/**
 * A form or API field that names an entity by its slug: trimmed, then valid by the
 * entity's `schema`, else `message` ("Choose a game."). The raw text is bounded first.
 */
export function slugField(schema: z.ZodType<string, string>, message: string) {
  return z
    .string({ error: message })
    .max(MAX_SLUG_LENGTH * 2, message)
    .trim()
    .refine((value) => schema.safeParse(value).success, message);
}

/** A game's slug (/games/{slug}); games.slug holds at most 120 characters. */
export const gameSlugSchema = slugSchema(MAX_SLUG_LENGTH);

/**
 * Turns a title or name into a slug: accents folded ("Pokémon" -> "pokemon"), "&" read as
 * "and", trademark signs dropped, everything else that is not a letter or digit becomes a
 * single hyphen. Returns '' when nothing usable is left (callers supply a fallback).
 */
export function slugify(text: string, maxLength = MAX_SLUG_LENGTH): string {
  // Trademark signs go first: NFKD would spell ™ and ℠ out as "TM" and "SM".
  const slug = text
    .replace(/[™®©℠]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  // Cut on a word boundary: keep the last word when the cap falls right after it.
  if (slug[maxLength] === '-') return cut.replace(/-+$/, '');
  return cut.replace(/-+[^-]*$/, '') || cut;
}

/**
 * Returns `base`, or `base-2`, `base-3`... whichever `taken` does not contain yet, and
 * records the result in `taken`.
 */
export function uniqueSlug(base: string, taken: Set<string>, fallback = 'untitled'): string {
  const root = base || fallback;
  let candidate = root;
  for (let n = 2; taken.has(candidate); n += 1) {
    const suffix = `-${n}`;
    candidate = `${root.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
  }
  taken.add(candidate);
  return candidate;
}
