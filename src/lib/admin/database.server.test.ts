import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { compareAggregates, rebuildSearchDictionary, vacuumAnalyze } from './database.server.ts';

let connection: DatabaseConnection;
const admin = randomUUID();

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await sql`insert into auth.users (id, email) values (${admin}, ${`${admin}@example.test`})`.execute(connection.db);
});
afterAll(() => connection.close());

const has = async (word: string) =>
  (await sql`select 1 from public.search_words where word = ${word}`.execute(connection.db)).rows.length === 1;

describe('admin rebuilds in steps', () => {
  it('the dictionary gains the words of every title and loses the words no title has', async () => {
    await connection.db
      .insertInto('games')
      .values({ slug: 'quixotic-zephyrine', title: 'Quixotic Zephyrine', sources: ['editorial'] })
      .execute();
    await sql`delete from public.search_words where word in ('quixotic', 'zephyrine')`.execute(connection.db);
    await sql`insert into public.search_words (word) values ('zzstaleword')`.execute(connection.db);
    const words = await rebuildSearchDictionary(connection.db, admin);
    expect([await has('quixotic'), await has('zephyrine'), await has('zzstaleword')]).toEqual([true, true, false]);
    expect(words).toBe(
      Number(
        (await sql<{ n: string }>`select count(*) as n from public.search_words`.execute(connection.db)).rows[0]!.n,
      ),
    );
  });

  it('vacuums table by table and audits it once', async () => {
    await vacuumAnalyze(connection.db, admin);
    const audited = await sql<{
      n: number;
    }>`select count(*)::int as n from app_meta.admin_audit_log where action = 'maintenance.vacuum_analyze'`.execute(
      connection.db,
    );
    expect(audited.rows[0]!.n).toBe(1);
  });
});

describe('recomputing the kept critic sums, range by range', () => {
  let critics: DatabaseConnection;
  const db = () => critics.db;
  // Small ranges, so the demo catalogue takes many steps and a difference can sit in any.
  const steps = { initial: 25, min: 25, max: 25, targetMs: 40 };

  beforeAll(async () => {
    critics = await createTestDatabase({ demo: true });
    await sql`insert into auth.users (id, email) values (${admin}, ${`${admin}@example.test`})`.execute(db());
  });
  afterAll(() => critics.close());

  const keptOutlets = () =>
    sql<{ outlet_id: number; review_count: number; score_sum: number }>`
      select outlet_id, review_count, score_sum::int as score_sum from public.outlet_critic_stats order by outlet_id`.execute(
      db(),
    );
  const freshOutlets = () =>
    sql<{ outlet_id: number; review_count: number; score_sum: number }>`
      select outlet_id, (count(*) filter (where kind = 'review'))::int as review_count,
        coalesce(sum(score) filter (where kind = 'review'), 0)::int as score_sum
      from public.critic_reviews where counted group by outlet_id order by outlet_id`.execute(db());

  it('lists the games whose sums drifted without touching them, then repairs games and outlets', async () => {
    const kept = await db().selectFrom('game_critic_stats').select('game_id').orderBy('game_id').execute();
    expect(kept.length).toBeGreaterThan(50);
    const [first, middle, last] = [kept[0]!.game_id, kept[Math.floor(kept.length / 2)]!.game_id, kept.at(-1)!.game_id];
    await sql`update public.game_critic_stats set review_count = review_count + 3 where game_id in (${first}, ${last})`.execute(
      db(),
    );
    await sql`delete from public.game_critic_stats where game_id = ${middle}`.execute(db());
    await sql`update public.outlet_critic_stats set score_sum = score_sum + 7`.execute(db());

    const listed = await compareAggregates(db(), { repair: false, adminId: admin, steps });
    expect(listed.map((difference) => difference.key)).toEqual([`game ${first}`, `game ${middle}`, `game ${last}`]);
    expect(listed[1]!.kept).toBe('none');
    expect(await compareAggregates(db(), { repair: false, adminId: admin, steps })).toEqual(listed);

    expect(await compareAggregates(db(), { repair: true, adminId: admin, steps })).toEqual(listed);
    expect(await compareAggregates(db(), { repair: false, adminId: admin, steps })).toEqual([]);
    expect((await keptOutlets()).rows).toEqual((await freshOutlets()).rows);
    const audited = await sql<{ n: number }>`
      select count(*)::int as n from app_meta.admin_audit_log where action = 'maintenance.recompute'`.execute(db());
    expect(audited.rows[0]!.n).toBe(1);
  });
});
