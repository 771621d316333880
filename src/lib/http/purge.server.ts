import type { APIContext } from 'astro';
import { CACHE_TAGS, gameTag, outletTag, authorTag } from './cache-rules.ts';

/**
 * The one way writes purge cached pages: by tag (every page built from the changed
 * data carries it, see cache-rules.ts) and, where a page has no tag of its own, by path.
 * On the node server this empties the in-memory route cache; on Vercel it invalidates the
 * CDN's copies by tag.
 */

export interface PurgeTarget {
  tags?: readonly string[] | undefined;
  paths?: readonly string[] | undefined;
}

export type Purge = (target: PurgeTarget) => Promise<void>;

export function purgerFor(context: Pick<APIContext, 'cache'>): Purge {
  return async ({ tags = [], paths = [] }) => {
    const unique = [...new Set(tags)];
    if (unique.length > 0) await context.cache.invalidate({ tags: unique });
    for (const path of new Set(paths)) await context.cache.invalidate({ path });
  };
}

/** What a critic review write changes: its game's pages, its outlet's and author's pages, and every list of reviews or scores. */
export function reviewWriteTargets(change: { gameSlugs: readonly string[]; outletSlug: string; authorIds: readonly (number | null)[] }): PurgeTarget {
  return {
    tags: [
      ...change.gameSlugs.map(gameTag),
      outletTag(change.outletSlug),
      ...change.authorIds.filter((id): id is number => id !== null).map(authorTag),
      CACHE_TAGS.reviews,
      CACHE_TAGS.scores,
      CACHE_TAGS.outlets,
    ],
  };
}
