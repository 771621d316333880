import { sql, type Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { createRandom } from '../seed/random.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import type { GameCriticStatsTable, ScoreScaleColumn } from '../db/schema.ts';
import {
  aggregateReviews,
  criticScore,
  normaliseScore,
  rawScoresOf,
  recommendPercent,
  SCORE_SCALES,
  scoreBand,
  type CriticAggregate,
} from '../scores/scores.ts';

// The database keeps game_critic_stats current with row triggers on critic_reviews. These
// tests throw random inserts, updates and deletes at it (moving reviews between games,
// changing kind, score, verdict and embargo, changing outlet thresholds) and then compare
// every aggregate row with a full recount done in TypeScript from the reviews themselves.
// The per-outlet row (outlet_critic_stats) is kept by a trigger of its own and checked the same way.

let connection: DatabaseConnection;
let gameIds: number[];
const outletIds = new Map<ScoreScaleColumn, number[]>();

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  const games = await connection.db.selectFrom('games').select('id').orderBy('id').limit(8).execute();
  gameIds = games.map((game) => game.id);
  for (const scale of SCORE_SCALES) {
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const outlet = await connection.db
        .insertInto('outlets')
        .values({
          slug: `${scale}-outlet-${n}`,
          name: `${scale} outlet ${n}`,
          score_scale: scale,
          recommendation_threshold: 60 + n * 10,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(outlet.id);
    }
    outletIds.set(scale, ids);
  }
});

afterAll(() => connection.close());

/** The aggregate row as the database keeps it. */
type StatsRow = Selectable<GameCriticStatsTable>;

function fromAggregate(gameId: number, a: CriticAggregate): StatsRow {
  return {
    game_id: gameId,
    review_count: a.reviewCount,
    scored_count: a.scoredCount,
    score_sum: a.scoreSum,
    recommended_count: a.recommendedCount,
    preview_count: a.previewCount,
    acclaimed_count: a.bandCounts.acclaimed,
    favourable_count: a.bandCounts.favourable,
    mixed_count: a.bandCounts.mixed,
    unfavourable_count: a.bandCounts.unfavourable,
    panned_count: a.bandCounts.panned,
    critic_score: a.criticScore,
    recommend_percent: a.recommendPercent,
  };
}

/** The aggregate rows the triggers maintain, without all-zero rows (a game whose reviews all went). */
async function maintainedStats(): Promise<StatsRow[]> {
  const rows = await connection.db.selectFrom('game_critic_stats').selectAll().orderBy('game_id').execute();
  return rows.filter((row) => row.review_count > 0 || row.preview_count > 0);
}

/** A full recount in TypeScript over the published reviews, checking each stored score on the way. */
async function recountedStats(): Promise<StatsRow[]> {
  const reviews = await publishedReviews();
  const byGame = new Map<number, typeof reviews>();
  for (const review of reviews) {
    expect(review.score).toBe(normaliseScore(review.score_scale, review.raw_score));
    if (review.kind === 'review' && review.score !== null)
      expect(review.recommended).toBe(review.score >= review.threshold);
    byGame.set(review.game_id, [...(byGame.get(review.game_id) ?? []), review]);
  }
  return [...byGame.entries()]
    .sort(([a], [b]) => a - b)
    .map(([gameId, list]) => fromAggregate(gameId, aggregateReviews(list)));
}

type OutletStatsRow = Omit<StatsRow, 'game_id' | 'critic_score' | 'recommend_percent'> & { outlet_id: number };

/** The per-outlet rows the trigger maintains, without all-zero rows, with the sum as a number. */
async function maintainedOutletStats(): Promise<OutletStatsRow[]> {
  const rows = await connection.db.selectFrom('outlet_critic_stats').selectAll().orderBy('outlet_id').execute();
  return rows
    .filter((row) => row.review_count > 0 || row.preview_count > 0)
    .map((row) => ({ ...row, score_sum: Number(row.score_sum) }));
}

async function recountedOutletStats(): Promise<OutletStatsRow[]> {
  const byOutlet = new Map<number, Awaited<ReturnType<typeof publishedReviews>>>();
  for (const review of await publishedReviews())
    byOutlet.set(review.outlet_id, [...(byOutlet.get(review.outlet_id) ?? []), review]);
  return [...byOutlet.entries()]
    .sort(([a], [b]) => a - b)
    .map(([outletId, list]) => {
      const {
        game_id: _game,
        critic_score: _score,
        recommend_percent: _percent,
        ...sums
      } = fromAggregate(0, aggregateReviews(list));
      return { outlet_id: outletId, ...sums };
    });
}

async function publishedReviews() {
  const reviews = await sql<{
    game_id: number;
    outlet_id: number;
    kind: 'review' | 'preview';
    score_scale: ScoreScaleColumn;
    raw_score: string | null;
    score: number | null;
    recommended: boolean | null;
    threshold: number;
  }>`
    select r.game_id, r.outlet_id, r.kind, r.score_scale, r.raw_score, r.score, r.recommended, o.recommendation_threshold as threshold
    from critic_reviews r join outlets o on o.id = r.outlet_id
    where r.published_at <= now()
  `.execute(connection.db);
  return reviews.rows;
}

function pickRaw(random: () => number, scale: ScoreScaleColumn): string | null {
  const values = rawScoresOf(scale);
  if (values.length === 0 || random() < 0.1) return null;
  return values[Math.floor(random() * values.length)]!;
}

describe('normalisation and bands in SQL', () => {
  it('agree with the TypeScript functions on every value each scale allows, and refuse the rest', async () => {
    const invalid = ['', '101', '-1', '07', '8.55', '10.5', '5.5', '4.3', 'a', 'b+', 'E', 'F+', 'A++', ' 8'];
    for (const scale of SCORE_SCALES) {
      const candidates = [...rawScoresOf(scale), '8', '8.0', '10', '5', '4', ...invalid];
      for (const raw of candidates) {
        let expected: number | 'error';
        try {
          expected = normaliseScore(scale, raw)!;
        } catch {
          expected = 'error';
        }
        const actual = await sql<{ score: number }>`select public.normalise_critic_score(${scale}, ${raw}) as score`
          .execute(connection.db)
          .then((result) => result.rows[0]!.score)
          .catch(() => 'error' as const);
        expect(actual, `${scale} ${JSON.stringify(raw)}`).toBe(expected);
      }
      const none = await sql<{
        score: number | null;
      }>`select public.normalise_critic_score(${scale}, null) as score`.execute(connection.db);
      expect(none.rows[0]!.score).toBeNull();
    }
  });

  it('put every score 0-100 in the same band as scoreBand()', async () => {
    const result = await sql<{ score: number; band: string }>`
      select s::int as score, public.critic_score_band(s::smallint) as band from generate_series(0, 100) s
    `.execute(connection.db);
    for (const row of result.rows) expect(row.band, String(row.score)).toBe(scoreBand(row.score).key);
  });

  it('refuses an invalid raw score, a scored preview, and an unscored review without a verdict', async () => {
    const [gameId] = gameIds as [number];
    const [tenOutlet] = outletIds.get('ten')! as [number];
    const [verdictOutlet] = outletIds.get('unscored')! as [number];
    const base = { game_id: gameId, published_at: new Date('2020-01-01') };
    await expect(
      connection.db
        .insertInto('critic_reviews')
        .values({ ...base, outlet_id: tenOutlet, raw_score: '11' })
        .execute(),
    ).rejects.toThrow("Invalid raw score '11' for the ten scale");
    await expect(
      connection.db
        .insertInto('critic_reviews')
        .values({ ...base, outlet_id: tenOutlet, kind: 'preview', raw_score: '8' })
        .execute(),
    ).rejects.toThrow(/critic_reviews_preview_unscored/);
    await expect(
      connection.db
        .insertInto('critic_reviews')
        .values({ ...base, outlet_id: verdictOutlet, raw_score: null })
        .execute(),
    ).rejects.toThrow(/critic_reviews_review_has_verdict/);
  });
});

describe('game_critic_stats', () => {
  it('equals a full recount after random inserts, updates and deletes', async () => {
    const random = createRandom(20261124);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const scales = [...SCORE_SCALES];
    const past = () => new Date(Date.UTC(2015, 0, 1) + Math.floor(random() * 3e11));
    const future = () => new Date(Date.now() + 86_400_000 * (1 + Math.floor(random() * 300)));
    let operations = 0;

    for (let step = 0; step < 400; step += 1) {
      const ids = await connection.db.selectFrom('critic_reviews').select(['id', 'outlet_id', 'score_scale']).execute();
      const roll = random();
      try {
        if (roll < 0.45 || ids.length < 5) {
          const scale = pick(scales);
          const kind = random() < 0.2 ? 'preview' : 'review';
          const raw = kind === 'preview' ? null : pickRaw(random, scale);
          await connection.db
            .insertInto('critic_reviews')
            .values({
              game_id: pick(gameIds),
              outlet_id: pick(outletIds.get(scale)!),
              kind,
              raw_score: raw,
              recommended: kind === 'review' && raw === null ? random() < 0.5 : null,
              published_at: random() < 0.2 ? future() : past(),
            })
            .execute();
        } else if (roll < 0.8) {
          const target = pick(ids);
          const change = random();
          const update = connection.db.updateTable('critic_reviews').where('id', '=', target.id);
          if (change < 0.2) await update.set({ game_id: pick(gameIds) }).execute();
          else if (change < 0.4) {
            const raw = pickRaw(random, target.score_scale);
            await update.set({ kind: 'review', raw_score: raw, recommended: random() < 0.5 }).execute();
          } else if (change < 0.5) await update.set({ kind: 'preview', raw_score: null }).execute();
          else if (change < 0.65) await update.set({ published_at: random() < 0.5 ? future() : past() }).execute();
          else if (change < 0.75) await update.set({ recommended: random() < 0.5 }).execute();
          else if (change < 0.85)
            await update.set({ verdict: 'Edited verdict', excerpt: 'An edit that changes nothing counted.' }).execute();
          else {
            await connection.db
              .updateTable('outlets')
              .set({ recommendation_threshold: 40 + Math.floor(random() * 50) })
              .where('id', '=', target.outlet_id)
              .execute();
          }
        } else {
          await connection.db.deleteFrom('critic_reviews').where('id', '=', pick(ids).id).execute();
        }
        operations += 1;
        // Check along the way too, so a divergence points at the step that caused it.
        if (step % 100 === 99) {
          expect(await maintainedStats(), `after step ${step}`).toEqual(await recountedStats());
          expect(await maintainedOutletStats(), `outlets after step ${step}`).toEqual(await recountedOutletStats());
        }
      } catch (error) {
        // One review per outlet per game: a random insert or move may collide, and is refused whole.
        if (!/critic_reviews_one_review_per_outlet/.test(String(error))) throw error;
      }
    }
    expect(operations).toBeGreaterThan(300);
    expect(await maintainedStats()).toEqual(await recountedStats());
    const outlets = await recountedOutletStats();
    expect(outlets.length).toBeGreaterThan(5);
    expect(await maintainedOutletStats()).toEqual(outlets);

    // And the from-scratch rebuilds (used after bulk loads) agree with both.
    await sql`select public.rebuild_game_critic_stats()`.execute(connection.db);
    await sql`select public.rebuild_outlet_critic_stats()`.execute(connection.db);
    expect(await maintainedStats()).toEqual(await recountedStats());
    expect(await maintainedOutletStats()).toEqual(outlets);
  });

  it('leaves embargoed reviews out until their time, then counts them when released', async () => {
    const gameId = gameIds[7]!;
    const [outletA, outletB] = outletIds.get('hundred')! as [number, number];
    await connection.db.deleteFrom('critic_reviews').where('game_id', '=', gameId).execute();
    const stats = () =>
      connection.db.selectFrom('game_critic_stats').selectAll().where('game_id', '=', gameId).executeTakeFirst();

    await connection.db
      .insertInto('critic_reviews')
      .values({ game_id: gameId, outlet_id: outletA, raw_score: '90', published_at: new Date('2020-05-01') })
      .execute();
    // Lifts a moment from now: not counted when written.
    await sql`
      insert into critic_reviews (game_id, outlet_id, raw_score, published_at)
      values (${gameId}, ${outletB}, '50', clock_timestamp() + interval '400 milliseconds')
    `.execute(connection.db);
    expect(await stats()).toMatchObject({ review_count: 1, score_sum: 90 });
    const due = await sql<{ next: Date | null }>`select public.release_due_critic_reviews() as next`.execute(
      connection.db,
    );
    expect(due.rows[0]!.next).toBeInstanceOf(Date);

    // Time passes (no fixed sleep: poll until the database's clock has gone past the embargo).
    await expect
      .poll(
        async () => {
          await sql`select public.release_due_critic_reviews()`.execute(connection.db);
          return (await stats())?.review_count;
        },
        { timeout: 5_000, interval: 50 },
      )
      .toBe(2);
    expect(await stats()).toMatchObject({
      review_count: 2,
      scored_count: 2,
      score_sum: 140,
      mixed_count: 1,
      acclaimed_count: 1,
    });
    expect(await maintainedStats()).toEqual(await recountedStats());
    expect(await maintainedOutletStats()).toEqual(await recountedOutletStats());
  });

  it('stores the critic score and % recommend the way the TypeScript formulas compute them', async () => {
    const rows = await connection.db.selectFrom('game_critic_stats').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.critic_score).toBe(criticScore(row.score_sum, row.scored_count));
      expect(row.recommend_percent).toBe(recommendPercent(row.recommended_count, row.review_count));
    }
  });
});
