import { z } from 'zod';

/** Lower-case ASCII words joined by single hyphens: what every catalogue slug looks like. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;

/** Route parameter schema for a game slug; a failure is the "Page Not Found" 404. */
export const gameSlugSchema = z.string().max(MAX_SLUG_LENGTH).regex(SLUG_PATTERN);

/**
 * Turns a title or name into a slug: accents folded ("Pokémon" -> "pokemon"), "&" read as
 * "and", trademark signs dropped, everything else that is not a letter or digit becomes a
 * single hyphen. Returns '' when nothing usable is left (callers supply a fallback).
 */
export function slugify(text: string, maxLength = MAX_SLUG_LENGTH): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[™®©℠]/g, '')
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  return slug.slice(0, maxLength).replace(/-+[^-]*$/, '') || slug.slice(0, maxLength);
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
