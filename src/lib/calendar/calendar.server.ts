import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  buildIcs,
  icsRange,
  monthLabel,
  monthRange,
  parseMonth,
  releaseEvents,
  shiftMonth,
  type CalendarDay,
  type YearMonth,
} from './calendar.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

/**
 * Releases between two dates, by day: every platform release counts (a port on a later
 * date is a release of its own), grouped per game and day.
 */
export async function releasesBetween(
  db: Kysely<Database>,
  first: string,
  last: string,
  limit = 2_000,
): Promise<CalendarDay[]> {
  const rows = await sql<{
    date: string;
    id: number;
    slug: string;
    title: string;
    platforms: string[];
    critic_score: number | null;
    scored_count: number | null;
    user_rating_count: number;
    user_rating_sum: number;
    is_demo: boolean;
  }>`
    select gp.release_date::text as date, g.id, g.slug, g.title,
      array_agg(p.name order by lower(p.name)) as platforms,
      s.critic_score, s.scored_count, 'demo' = any(g.sources) as is_demo,
      coalesce(u.rating_count, 0) as user_rating_count, coalesce(u.rating_sum, 0) as user_rating_sum
    from public.game_platforms gp
    join public.games g on g.id = gp.game_id
    join public.platforms p on p.id = gp.platform_id
    left join public.game_critic_stats s on s.game_id = g.id
    left join public.game_user_scores u on u.game_id = g.id
    where gp.release_date between ${first}::date and ${last}::date
    group by gp.release_date, g.id, s.critic_score, s.scored_count, u.rating_count, u.rating_sum
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
      userRatingCount: row.user_rating_count,
      userRatingSum: row.user_rating_sum,
      isDemo: row.is_demo,
    });
  }
  return days;
}

/** The nearest release dates before and after a month (to offer when the month is empty). */
export async function neighbouringReleases(
  db: Kysely<Database>,
  first: string,
  last: string,
): Promise<{ before: string | null; after: string | null }> {
  const result = await sql<{ before: string | null; after: string | null }>`
    select
      (select max(release_date)::text from public.game_platforms where release_date < ${first}::date) as before,
      (select min(release_date)::text from public.game_platforms where release_date > ${last}::date) as after
  `.execute(db);
  return result.rows[0] ?? { before: null, after: null };
}

export interface CalendarMonth {
  month: YearMonth;
  label: string;
  previous: YearMonth;
  next: YearMonth;
  days: CalendarDay[];
  /** For an empty month: the nearest release dates before and after it. */
  around: { before: string | null; after: string | null };
}

/** /calendar?month=YYYY-MM (the current month by default): the month's releases by day. */
export async function calendarMonth(
  db: Kysely<Database>,
  monthParam: string | null,
  today: string,
): Promise<CalendarMonth> {
  const { month } = parseMonth(monthParam, today);
  const { first, last } = monthRange(month);
  const days = await releasesBetween(db, first, last);
  const around = days.length === 0 ? await neighbouringReleases(db, first, last) : { before: null, after: null };
  return { month, label: monthLabel(month), previous: shiftMonth(month, -1), next: shiftMonth(month, 1), days, around };
}

/** The most releases one .ics feed holds. */
export const ICS_MAX_RELEASES = 5_000;

/** /calendar.ics: the releases of ?month= (or of the coming year) as iCalendar text. */
export async function releaseCalendarIcs(
  db: Kysely<Database>,
  request: { monthParam: string | null; today: string; origin: string; name: string; stamp: Date },
): Promise<string> {
  const { month, explicit } = parseMonth(request.monthParam, request.today);
  const { first, last } = icsRange(month, explicit);
  const days = await releasesBetween(db, first, last, ICS_MAX_RELEASES);
  return buildIcs(releaseEvents(days, request.origin), { name: request.name, stamp: request.stamp });
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/calendar': 1,
} as const satisfies QueryBudgets;
