import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Embargoes. A review written with a future published_at is invisible until then (every
 * public query filters on published_at <= now()) and left out of its game's aggregate.
 * The release-critic-embargoes job (functions/jobs) counts the ones whose time has come;
 * page reads never write.
 */

export interface ReleasedReview {
  gameSlug: string;
  outletSlug: string;
  authorId: number | null;
}

/** Counts every review whose embargo has lifted; returns them, for purging their pages. */
export async function releaseDueReviews(db: Kysely<Database>): Promise<ReleasedReview[]> {
  const result = await sql<ReleasedReview>`
    with released as (select * from public.release_embargoed_critic_reviews())
    select g.slug as "gameSlug", o.slug as "outletSlug", r.author_id as "authorId"
    from released r
    join public.games g on g.id = r.game_id
    join public.outlets o on o.id = r.outlet_id
  `.execute(db);
  return result.rows;
}
