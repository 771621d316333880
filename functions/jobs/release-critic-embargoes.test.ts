import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { EMBARGO_MARKER } from '../../src/lib/seed/demo/critics.ts';
import { releaseCriticEmbargoes } from './release-critic-embargoes.ts';
import { runJob } from './runner.ts';

let connection: DatabaseConnection;
const purged: PurgeTarget[] = [];
const deps = () => ({ db: connection.db, purge: (target: PurgeTarget) => Promise.resolve(void purged.push(target)) });

const stats = (slug: string) =>
  connection.db
    .selectFrom('game_critic_stats')
    .innerJoin('games', 'games.id', 'game_critic_stats.game_id')
    .select(['review_count', 'score_sum'])
    .where('games.slug', '=', slug)
    .executeTakeFirst();

const waiting = async () =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from critic_reviews where not counted`.execute(connection.db))
      .rows[0]!.n,
  );

/**
 * Time passes for one game's embargoed reviews: their publication moves into the past
 * while nothing counts them yet (the triggers that would are off for this one statement),
 * which is exactly how the database looks when an embargo lifts between two job runs.
 */
async function liftEmbargoes(gameSlug: string): Promise<void> {
  await connection.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`
      update critic_reviews r set published_at = now() - interval '1 minute'
      from games g where g.id = r.game_id and g.slug = ${gameSlug} and not r.counted
    `.execute(trx);
  });
}

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true });
});
afterAll(() => connection.close());

describe('release-critic-embargoes', () => {
  it('releases nothing before its time', async () => {
    const before = await waiting();
    expect(before).toBeGreaterThan(0);
    expect(await runJob(releaseCriticEmbargoes, deps(), { force: true })).toEqual({
      status: 'ran',
      result: { released: 0 },
    });
    expect(await waiting()).toBe(before);
    expect(purged).toEqual([]);
  });

  it('counts the reviews whose embargo lifted and purges the pages that show them, once', async () => {
    const before = await stats('midnight-courier');
    const outletSlugs = await connection.db
      .selectFrom('critic_reviews')
      .innerJoin('games', 'games.id', 'critic_reviews.game_id')
      .innerJoin('outlets', 'outlets.id', 'critic_reviews.outlet_id')
      .select('outlets.slug')
      .where('games.slug', '=', 'midnight-courier')
      .where('critic_reviews.counted', '=', false)
      .execute();
    expect(outletSlugs.length).toBe(1);
    const stillWaiting = (await waiting()) - outletSlugs.length;

    await liftEmbargoes('midnight-courier');
    expect(await runJob(releaseCriticEmbargoes, deps(), { force: true })).toEqual({
      status: 'ran',
      result: { released: 1 },
    });

    expect((await stats('midnight-courier'))!.review_count).toBe(before!.review_count + 1);
    expect(await waiting()).toBe(stillWaiting);
    expect(purged).toHaveLength(1);
    expect(purged[0]!.tags).toEqual(
      expect.arrayContaining([
        'game:midnight-courier',
        `outlet:${outletSlugs[0]!.slug}`,
        'reviews',
        'scores',
        'outlets',
      ]),
    );
    const visible = await sql<{ n: number }>`
      select count(*)::int as n from critic_reviews r join games g on g.id = r.game_id
      where g.slug = 'midnight-courier' and r.published_at <= now() and r.excerpt like ${`${EMBARGO_MARKER}%`}
    `.execute(connection.db);
    expect(visible.rows[0]!.n).toBe(1);

    // Idempotent: a second run (another server, a cron retry) finds nothing to do.
    expect(await runJob(releaseCriticEmbargoes, deps(), { force: true })).toEqual({
      status: 'ran',
      result: { released: 0 },
    });
    expect((await stats('midnight-courier'))!.review_count).toBe(before!.review_count + 1);
    expect(purged).toHaveLength(1);
  });
});
