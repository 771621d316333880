import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../db/connect.server.ts';
import { hasDataLoad } from '../../db/migrations.server.ts';
import { SCORE_SCALES } from '../../scores/scores.ts';
import { EMBARGO_MARKER } from './critics.ts';

const ANCHOR = new Date('2026-11-22T12:00:00Z');
let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, anchor: ANCHOR });
});
afterAll(() => connection.close());

describe('loadDemoCritics', () => {
  it('loads at least 20 demo outlets covering every scale, with authors', async () => {
    const outlets = await connection.db.selectFrom('outlets').select(['score_scale', 'is_demo']).execute();
    expect(outlets.length).toBeGreaterThanOrEqual(20);
    expect(outlets.every((outlet) => outlet.is_demo)).toBe(true);
    expect(new Set(outlets.map((outlet) => outlet.score_scale))).toEqual(new Set(SCORE_SCALES));
    const authors = await sql<{ n: number; unattached: number }>`
      select count(*)::int as n, count(*) filter (where not exists (select 1 from outlet_authors oa where oa.author_id = a.id))::int as unattached
      from authors a
    `.execute(connection.db);
    expect(authors.rows[0]!.n).toBeGreaterThan(40);
    expect(authors.rows[0]!.unattached).toBe(0);
    expect(await hasDataLoad(connection.db, 'demo-critics')).toBe(true);
  });

  it('gives games above and below the four-review threshold, upcoming games with previews only, and embargoed reviews', async () => {
    const result = await sql<Record<string, number>>`
      select
        (select count(*)::int from game_critic_stats where critic_score is not null) as scored_games,
        (select count(*)::int from game_critic_stats where review_count between 1 and 3) as under_threshold,
        (select count(*)::int from games g where g.release_date > ${'2026-11-22'}::date
           and exists (select 1 from critic_reviews r where r.game_id = g.id and r.kind = 'preview' and r.published_at <= now())) as upcoming_with_previews,
        (select count(*)::int from games g where g.release_date > ${'2026-11-22'}::date
           and exists (select 1 from critic_reviews r where r.game_id = g.id and r.kind = 'review' and r.published_at <= now())) as upcoming_with_public_reviews,
        (select count(*)::int from critic_reviews where published_at > now()) as embargoed,
        (select count(*)::int from critic_reviews where published_at > now() and excerpt like ${`${EMBARGO_MARKER}%`}) as marked,
        (select count(*)::int from collections) as collections,
        (select count(*)::int from games where sources = array['demo']) as invented
    `.execute(connection.db);
    const counts = result.rows[0]!;
    expect(counts.scored_games).toBeGreaterThan(100);
    expect(counts.under_threshold).toBeGreaterThan(5);
    expect(counts.upcoming_with_previews).toBeGreaterThanOrEqual(4);
    expect(counts.upcoming_with_public_reviews).toBe(0);
    expect(counts.embargoed).toBeGreaterThan(0);
    expect(counts.marked).toBe(counts.embargoed);
    expect(counts.collections).toBe(4);
    expect(counts.invented).toBe(10);
  });

  it('keeps the aggregate equal to a recount of the published reviews', async () => {
    const diff = await sql<{ game_id: number }>`
      with recount as (
        select game_id, count(*) filter (where kind = 'review')::int as review_count,
          coalesce(sum(score) filter (where kind = 'review'), 0)::int as score_sum
        from critic_reviews where published_at <= now() group by game_id
      )
      select coalesce(s.game_id, r.game_id) as game_id from game_critic_stats s full join recount r using (game_id)
      where s.review_count is distinct from r.review_count or s.score_sum is distinct from r.score_sum
    `.execute(connection.db);
    expect(diff.rows).toEqual([]);
  });
});
