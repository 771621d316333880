import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { MIN_SCORED_REVIEWS, releasedBy, type MissingReviewRow, type MissingReviewsQuery } from './missing-reviews.ts';

type Db = Kysely<Database>;

/**
 * Released games ranked by missing critic coverage (see missing-reviews.ts), filtered by
 * platform and release month; with `outlet`, the games that outlet has not reviewed.
 */
export async function missingReviews(
  db: Db,
  query: MissingReviewsQuery & { today: string },
  limit = 50,
): Promise<MissingReviewRow[]> {
  const month = query.month ? sql`and to_char(g.release_date, 'YYYY-MM') = ${query.month}` : sql``;
  const platform = query.platform
    ? sql`and exists (select 1 from public.game_platforms gp join public.platforms p on p.id = gp.platform_id where gp.game_id = g.id and p.slug = ${query.platform})`
    : sql``;
  const outlet = query.outlet
    ? sql`and not exists (select 1 from public.critic_reviews r join public.outlets o on o.id = r.outlet_id where r.game_id = g.id and o.slug = ${query.outlet} and r.kind = 'review')`
    : sql``;
  const minScored = query.outlet ? sql`` : sql`and coalesce(s.scored_count, 0) < ${MIN_SCORED_REVIEWS}`;
  const result = await sql<{ slug: string; title: string; release_date: string; scored: number; interest: number }>`
    with interest as (
      select game_id, count(*)::int as interest from public.user_games
      where status is not null or wishlist group by game_id
    )
    select g.slug, g.title, g.release_date, coalesce(s.scored_count, 0) as scored, coalesce(i.interest, 0) as interest
    from public.games g
    left join public.game_critic_stats s on s.game_id = g.id
    left join interest i on i.game_id = g.id
    where g.release_date <= ${releasedBy(query.today)} ${minScored} ${month} ${platform} ${outlet}
    order by greatest(${MIN_SCORED_REVIEWS} - coalesce(s.scored_count, 0), ${query.outlet ? 1 : 0}) * (1 + coalesce(i.interest, 0)) desc, g.release_date desc, g.id
    limit ${limit}`.execute(db);
  return result.rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    releaseDate: row.release_date,
    scored: row.scored,
    interest: row.interest,
    gap: Math.max(query.outlet ? 1 : 0, MIN_SCORED_REVIEWS - row.scored) * (1 + row.interest),
  }));
}

export async function filterChoices(db: Db) {
  const [platforms, outlets, owned] = await Promise.all([
    db.selectFrom('platforms').select(['slug', 'name']).orderBy('name').execute(),
    db.selectFrom('outlets').select(['slug', 'name']).orderBy('name').execute(),
    // Outlets someone manages: the ones "request coverage" can ask.
    db
      .selectFrom('outlets')
      .select(['slug', 'name'])
      .where((eb) =>
        eb.exists(
          eb.selectFrom('outlet_owners as oo').select('oo.user_id').whereRef('oo.outlet_id', '=', 'outlets.id'),
        ),
      )
      .orderBy('name')
      .execute(),
  ]);
  return { platforms, outlets, owned };
}
