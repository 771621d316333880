import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DAILY_CAP, LEVELS, periodStarts, progressOf, XP_RULES, type LevelProgress, type XpKind } from './xp.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

type Trx = Transaction<Database>;
type Db = Kysely<Database>;

export interface Award {
  userId: string;
  kind: XpKind;
  /** What earned it (`review:9`, `game:42`, the date): one award per user, kind and source, ever. */
  source: string;
  /** When it happened; the database's clock when omitted. */
  at?: Date;
}

export type AwardOutcome =
  { status: 'awarded'; points: number; total: number; level: number; previousLevel: number } | { status: 'duplicate' };

/** XP needed for each level, ascending: what the database functions compare a total with. */
const LEVEL_THRESHOLDS = LEVELS.map((level) => level.xp);

/**
 * Awards XP for one event in the caller's transaction: the ledger row, today's cap, the
 * week's and month's points, the total and the level all change together or not at all.
 * The same (user, kind, source) a second time is a duplicate, also after a reversal.
 * One statement: `award_xp` applies the rules of xp.ts, which it is given with each call.
 */
export async function awardXp(trx: Trx, award: Award): Promise<AwardOutcome> {
  if (!trx.isTransaction) throw new Error('awardXp must run inside the transaction of the event.');
  const rule = XP_RULES[award.kind];
  const { rows } = await sql<{
    awarded: boolean;
    points: number;
    total: number;
    level: number;
    previous_level: number;
  }>`
    select awarded, points, total, level, previous_level
    from public.award_xp(${award.userId}::uuid, ${award.kind}, ${award.source}, ${rule.points}::int, ${rule.milestone},
                         ${DAILY_CAP}::int, ${LEVEL_THRESHOLDS}::int[], ${award.at ?? null}::timestamptz)`.execute(trx);
  const row = rows[0]!;
  if (!row.awarded) return { status: 'duplicate' };
  return {
    status: 'awarded',
    points: row.points,
    total: row.total,
    level: row.level,
    previousLevel: row.previous_level,
  };
}

/**
 * Awards XP for many events of one change (an import) in one statement, in order: the same
 * `award_xp` as awardXp, once per award, each call seeing the ones before it (the cap, the
 * totals). Outcomes come back in the order of `awards`.
 */
export async function awardXpMany(trx: Trx, awards: readonly Award[]): Promise<AwardOutcome[]> {
  if (!trx.isTransaction) throw new Error('awardXpMany must run inside the transaction of the events.');
  if (awards.length === 0) return [];
  const { rows } = await sql<{
    awarded: boolean;
    points: number;
    total: number;
    level: number;
    previous_level: number;
  }>`
    select x.awarded, x.points, x.total, x.level, x.previous_level
    from unnest(${awards.map((a) => a.userId)}::uuid[], ${awards.map((a) => a.kind)}::text[], ${awards.map((a) => a.source)}::text[],
                ${awards.map((a) => XP_RULES[a.kind].points)}::int[], ${awards.map((a) => XP_RULES[a.kind].milestone)}::boolean[],
                ${awards.map((a) => a.at ?? null)}::timestamptz[]) with ordinality as a (user_id, kind, source, points, milestone, at, ord)
    cross join lateral public.award_xp(a.user_id, a.kind, a.source, a.points, a.milestone, ${DAILY_CAP}::int, ${LEVEL_THRESHOLDS}::int[], a.at) as x
    order by a.ord`.execute(trx);
  return rows.map((row) =>
    row.awarded
      ? { status: 'awarded', points: row.points, total: row.total, level: row.level, previousLevel: row.previous_level }
      : { status: 'duplicate' },
  );
}

/** Takes back an award whose source was deleted (a reversal row); returns the points taken. */
export async function reverseXp(trx: Trx, award: Omit<Award, 'at'>): Promise<number> {
  if (!trx.isTransaction) throw new Error('reverseXp must run inside the transaction of the deletion.');
  const { rows } = await sql<{ taken: number }>`
    select public.reverse_xp(${award.userId}::uuid, ${award.kind}, ${award.source}, ${LEVEL_THRESHOLDS}::int[],
                             ${XP_RULES[award.kind].milestone}) as taken`.execute(trx);
  return rows[0]!.taken;
}

/** A user's XP, level and progress to the next level (level 1 with 0 XP before any award). */
export async function levelOf(db: Db | Trx, userId: string): Promise<LevelProgress> {
  const row = await db.selectFrom('user_xp').select('total').where('user_id', '=', userId).executeTakeFirst();
  return progressOf(row?.total ?? 0);
}

/** Points earned on the current UTC day that the cap counts (milestones are not among them). */
export async function earnedToday(db: Db, userId: string, at: Date = new Date()): Promise<number> {
  const row = await db
    .selectFrom('xp_periods')
    .select('points')
    .where('period', '=', 'day')
    .where('starts', '=', periodStarts(at).day)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.points ?? 0;
}

export interface LedgerEntry {
  kind: string;
  source: string;
  points: number;
  requested: number;
  reversal: boolean;
  createdAt: Date;
}

/** The user's latest ledger rows, newest first. */
export async function recentXp(db: Db, userId: string, limit = 20): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('xp_ledger')
    .select(['kind', 'source', 'points', 'requested', 'reverses', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    source: row.source,
    points: row.points,
    requested: row.requested,
    reversal: row.reverses !== null,
    createdAt: row.created_at,
  }));
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/dashboard/earn-xp': 3,
} as const satisfies QueryBudgets;
