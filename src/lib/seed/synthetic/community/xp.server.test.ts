import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../../db/connect.server.ts';
import { leaderboard } from '../../../xp/leaderboard.server.ts';
import { generateCommunityXp, measureXp } from './xp.server.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true });
  for (let i = 0; i < 120; i++) {
    const id = randomUUID();
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${id}, ${`bench${i}@example.test`}, now(), ${JSON.stringify({ username: `bench${i}` })}::jsonb)`.execute(
      connection.db,
    );
  }
});
afterAll(() => connection.close());

describe('the community XP generator', () => {
  it("fills the ledger, the kept totals that rank the leaderboard, and the top outlets' followers", async () => {
    await generateCommunityXp(connection.db, { ledgerRows: 20_000, topOutlets: 2, followersPerOutlet: 100 });
    const ledger = await sql<{
      n: number;
      sum: number;
    }>`select count(*)::int as n, sum(points)::int as sum from public.xp_ledger`.execute(connection.db);
    const kept = await sql<{ sum: number }>`select sum(total)::int as sum from public.user_xp`.execute(connection.db);
    expect(ledger.rows[0]).toMatchObject({ n: 20_000 });
    expect(kept.rows[0]!.sum).toBe(ledger.rows[0]!.sum);
    const top = await leaderboard(connection.db, 'all');
    expect(top.length).toBe(100);
    expect(top[0]!.xp).toBeGreaterThanOrEqual(top[99]!.xp);
    const counts = await sql<{
      followers: number;
    }>`select followers from public.follow_counts where subject_type = 'outlet' order by subject_id`.execute(
      connection.db,
    );
    expect(counts.rows.map((row) => row.followers)).toEqual([100, 100]);
    const figures = await measureXp(connection.db, 20);
    expect(figures.awardP95).toBeGreaterThan(0);
  });
});
