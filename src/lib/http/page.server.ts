import type { Kysely } from 'kysely';
import type { APIContext } from 'astro';
import { getDb } from '../db/db.server.ts';
import type { Database } from '../db/schema.ts';
import { releaseDueReviews, secondsUntilNextEmbargo } from '../reviews/embargo.server.ts';

/**
 * The database for a catalogue page. Before the page reads anything, reviews whose
 * embargo has lifted are counted; and a cacheable page is told not to stay fresh past
 * the next embargo, so a cached copy never keeps hiding a review that is out.
 * (Caching never shows an embargoed review early: a page rendered before the embargo
 * lifts cannot contain it.)
 */
export async function catalogueDb(context: Pick<APIContext, 'cache'>): Promise<Kysely<Database>> {
  const db = await getDb();
  await releaseDueReviews(db);
  const maxAge = context.cache.options.maxAge;
  if (maxAge !== undefined) {
    const untilNext = secondsUntilNextEmbargo();
    if (untilNext < maxAge) context.cache.set({ maxAge: untilNext });
  }
  return db;
}
