import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../db/connect.server.ts';
import { loadSyntheticCatalogue } from './load.server.ts';
import { syntheticCatalogue } from './catalogue.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  // Starts with the demo catalogue, so "replaces" is visible.
  connection = await createTestDatabase({ demo: true });
});

afterAll(() => connection.close());

async function catalogueRows() {
  return connection.db.selectFrom('games').select(['slug', 'title', 'release_date']).orderBy('slug').execute();
}

describe('loadSyntheticCatalogue', () => {
  it('replaces the catalogue with the requested number of synthetic games', async () => {
    const progress: number[] = [];
    const result = await loadSyntheticCatalogue(connection.db, { games: 300, seed: 7 }, (written) =>
      progress.push(written),
    );
    expect(result).toEqual({ games: 300, reviews: 0 });
    expect(progress.at(-1)).toBe(300);

    const counts = await sql<{
      games: number;
      synthetic: number;
      demo: number;
      companies: number;
      synthetic_companies: number;
    }>`
      select
        (select count(*)::int from games) as games,
        (select count(*)::int from games where sources = array['synthetic']) as synthetic,
        (select count(*)::int from games where slug = 'grand-theft-auto-v') as demo,
        (select count(*)::int from companies) as companies,
        (select count(*)::int from companies where name like '%(synthetic)') as synthetic_companies
    `.execute(connection.db);
    expect(counts.rows[0]).toMatchObject({ games: 300, synthetic: 300, demo: 0 });
    expect(counts.rows[0]!.synthetic_companies).toBe(counts.rows[0]!.companies);

    const detail = await sql<{
      detail: unknown;
    }>`select detail from app_meta.data_loads where name = 'synthetic'`.execute(connection.db);
    expect(detail.rows[0]?.detail).toEqual({ games: 300, seed: 7 });
  });

  it('writes exactly what the generator produces, links included', async () => {
    const records = [...syntheticCatalogue({ games: 300, seed: 7 })];
    const rows = await catalogueRows();
    expect(rows).toEqual(
      records
        .map((r) => ({ slug: r.slug, title: r.title, release_date: r.releaseDate }))
        .sort((a, b) => (a.slug < b.slug ? -1 : 1)),
    );
    const links = await sql<{ platforms: number; genres: number }>`
      select (select count(*)::int from game_platforms) as platforms, (select count(*)::int from game_genres) as genres
    `.execute(connection.db);
    expect(links.rows[0]).toEqual({
      platforms: records.reduce((n, r) => n + r.platforms.length, 0),
      genres: records.reduce((n, r) => n + r.genres.length, 0),
    });
  });

  it('gives identical rows when run again with the same seed', async () => {
    const first = await catalogueRows();
    await loadSyntheticCatalogue(connection.db, { games: 300, seed: 7 });
    const second = await catalogueRows();
    expect(second).toHaveLength(300);
    expect(second).toEqual(first);
  });

  it('gives different rows for another seed', async () => {
    const before = await catalogueRows();
    await loadSyntheticCatalogue(connection.db, { games: 300, seed: 8 });
    const after = await catalogueRows();
    expect(after).toHaveLength(300);
    expect(after).not.toEqual(before);
  });
  it('leaves the kept outlet numbers equal to a recount after a bulk load of reviews (its triggers off)', async () => {
    const result = await loadSyntheticCatalogue(connection.db, { games: 120, seed: 7, reviewsPerGame: 3 });
    expect(result.reviews).toBeGreaterThan(0);
    const differences = await sql<{ outlet_id: number }>`
      with fresh as (
        select outlet_id, count(*) filter (where kind = 'review')::int as reviews, coalesce(sum(score) filter (where kind = 'review'), 0)::bigint as score_sum,
               count(*) filter (where kind = 'preview')::int as previews
          from critic_reviews where published_at <= now() group by outlet_id
      )
      select coalesce(f.outlet_id, s.outlet_id) as outlet_id from fresh f full join outlet_critic_stats s on s.outlet_id = f.outlet_id
       where (f.reviews, f.score_sum, f.previews) is distinct from (s.review_count, s.score_sum, s.preview_count)`.execute(
      connection.db,
    );
    expect(differences.rows).toEqual([]);
    const kept = await sql<{
      n: number;
    }>`select count(*)::int as n from outlet_critic_stats where review_count > 0`.execute(connection.db);
    expect(kept.rows[0]!.n).toBeGreaterThan(0);
  });
});
