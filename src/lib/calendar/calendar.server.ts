import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface CalendarDay {
  date: string;
  games: {
    id: number;
    slug: string;
    title: string;
    platforms: string[];
    criticScore: number | null;
    scoredCount: number;
    isDemo: boolean;
  }[];
}

/**
 * Releases between two dates, by day: every platform release counts (a port on a later
 * date is a release of its own), grouped per game and day.
 */
export async function releasesBetween(db: Kysely<Database>, first: string, last: string, limit = 2_000): Promise<CalendarDay[]> {
  const rows = await sql<{
    date: string;
    id: number;
    slug: string;
    title: string;
    platforms: string[];
    critic_score: number | null;
    scored_count: number | null;
    is_demo: boolean;
  }>`
    select gp.release_date::text as date, g.id, g.slug, g.title,
      array_agg(p.name order by lower(p.name)) as platforms,
      s.critic_score, s.scored_count, 'demo' = any(g.sources) as is_demo
    from public.game_platforms gp
    join public.games g on g.id = gp.game_id
    join public.platforms p on p.id = gp.platform_id
    left join public.game_critic_stats s on s.game_id = g.id
    where gp.release_date between ${first}::date and ${last}::date
    group by gp.release_date, g.id, s.critic_score, s.scored_count
    order by gp.release_date, lower(g.title), g.id
    limit ${limit}
  `.execute(db);
  const days: CalendarDay[] = [];
  for (const row of rows.rows) {
    let day = days.at(-1);
    if (!day || day.date !== row.date) {
      day = { date: row.date, games: [] };
      days.push(day);
    }
    day.games.push({
      id: row.id,
      slug: row.slug,
      title: row.title,
      platforms: row.platforms,
      criticScore: row.critic_score,
      scoredCount: row.scored_count ?? 0,
      isDemo: row.is_demo,
    });
  }
  return days;
}

/** The nearest release dates before and after a month (to offer when the month is empty). */
export async function neighbouringReleases(db: Kysely<Database>, first: string, last: string): Promise<{ before: string | null; after: string | null }> {
  const result = await sql<{ before: string | null; after: string | null }>`
    select
      (select max(release_date)::text from public.game_platforms where release_date < ${first}::date) as before,
      (select min(release_date)::text from public.game_platforms where release_date > ${last}::date) as after
  `.execute(db);
  return result.rows[0] ?? { before: null, after: null };
}
