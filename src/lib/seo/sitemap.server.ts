import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SitemapUrl } from './seo.ts';

/** Pages other than game pages: static pages, genres, outlets, authors, collections, publishers. */
export async function pageUrls(db: Kysely<Database>, origin: string): Promise<SitemapUrl[]> {
  const staticPaths = ['/', '/games', '/reviews', '/browse', '/calendar', '/collections', '/outlets', '/about', '/faq'];
  const rows = await sql<{ path: string }>`
    select '/reviews/' || g.slug as path from public.genres g where exists (select 1 from public.game_genres gg where gg.genre_id = g.id)
    union all select '/outlet/' || o.slug from public.outlets o
    union all select '/authors/' || a.id || '/' || a.slug from public.authors a
    union all select '/collections/' || c.slug from public.collections c
    union all select '/publishers/' || c.slug from public.companies c where exists (select 1 from public.game_publishers gp where gp.company_id = c.id)
  `.execute(db);
  return [...staticPaths, ...rows.rows.map((row) => row.path)].map((path) => ({ loc: `${origin}${path}` }));
}

export async function sitemapCounts(db: Kysely<Database>): Promise<{ pages: number; games: number }> {
  const result = await sql<{ pages: number; games: number }>`
    select
      9 + (select count(*)::int from public.genres g where exists (select 1 from public.game_genres gg where gg.genre_id = g.id))
        + (select count(*)::int from public.outlets) + (select count(*)::int from public.authors)
        + (select count(*)::int from public.collections)
        + (select count(*)::int from public.companies c where exists (select 1 from public.game_publishers gp where gp.company_id = c.id)) as pages,
      (select count(*)::int from public.games) as games
  `.execute(db);
  return result.rows[0]!;
}

export async function gameUrls(
  db: Kysely<Database>,
  origin: string,
  offset: number,
  limit: number,
): Promise<SitemapUrl[]> {
  const rows = await db
    .selectFrom('games')
    .select(['slug', sql<string>`to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD')`.as('lastmod')])
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ loc: `${origin}/games/${row.slug}`, lastmod: row.lastmod }));
}
