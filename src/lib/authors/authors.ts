import { z } from 'zod';

/**
 * Author URLs are /authors/{id}/{slug}: the id finds the author, the slug is there for
 * people and search engines. A missing or outdated slug is not an error but a detour: the
 * author-url guard answers it with a 301 to the canonical URL.
 */

export const authorIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647));

export const AUTHOR_REVIEWS_PAGE_SIZE = 30;

export function authorPath(author: { id: number; slug: string }): string {
  return `/authors/${author.id}/${author.slug}`;
}

export type AuthorUrlDecision = { kind: 'ok' } | { kind: 'redirect'; location: string; status: 301 };

/**
 * The author-url rule: given the author and the request's path and query, either render
 * the page, or redirect permanently to the canonical path (the query string is kept, so
 * ?page=2 survives the detour).
 */
export function authorUrlDecision(author: { id: number; slug: string }, requested: URL): AuthorUrlDecision {
  const canonical = authorPath(author);
  const path = requested.pathname.replace(/\/+$/, '');
  if (path === canonical) return { kind: 'ok' };
  return { kind: 'redirect', location: `${canonical}${requested.search}`, status: 301 };
}

// What the author pages show ---------------------------------------------------------------

export interface AuthorDetail {
  id: number;
  name: string;
  slug: string;
  bio: string | null;
  avatarUrl: string | null;
  /** The author's public http(s) links (their site, social profiles). */
  links: string[];
  isDemo: boolean;
  outlets: { slug: string; name: string; role: string; isDemo: boolean }[];
}
