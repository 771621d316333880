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
