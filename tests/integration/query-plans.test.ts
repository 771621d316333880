import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { setConnector } from '../../src/lib/db/db.server.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { generateFriendsActivity } from '../../src/lib/seed/synthetic/community/friends.server.ts';
import { generateCommunityLists } from '../../src/lib/seed/synthetic/community/lists.server.ts';
import { generateUserReviews } from '../../src/lib/seed/synthetic/community/reviews.server.ts';
import { loadSyntheticUsers } from '../../src/lib/seed/synthetic/community/users.server.ts';
import { generateCommunityXp } from '../../src/lib/seed/synthetic/community/xp.server.ts';
import { loadSyntheticCatalogue } from '../../src/lib/seed/synthetic/load.server.ts';
import { createTestDatabase, openMigratedPostgres } from '../helpers/database.ts';
import {
  budgetProblems,
  captureQueries,
  checkStatement,
  describeFindings,
  planCounts,
  tableSizes,
  type QueryCapture,
  type TableSizes,
} from '../helpers/query-plans.ts';
import {
  ALLOWED_CUSTOM_PLANS,
  ALLOWED_SEQ_SCANS,
  LARGE_TABLE_ROWS,
  NOT_SWEPT,
  QUERY_BUDGETS,
} from './query-plans.budgets.ts';
import { PAGES, pickSubjects, type Subjects } from './query-plans.pages.ts';

/**
 * Plans cannot regress silently: every page type's statements, captured as its loaders send
 * them, on a generated catalogue big enough that a sequential scan of a large table costs
 * real time, must stay within the page's query budget (QUERY_BUDGETS beside its loader) and
 * must not read a table of LARGE_TABLE_ROWS rows or more whole, in the plan EXPLAIN shows or
 * inside a function. Runs on the embedded database, and on PostgreSQL when
 * TEST_DATABASE_URL points at a server (the planners differ: PGlite's cost settings are
 * PostgreSQL's defaults, a server's may not be).
 */

/**
 * The catalogue: large enough that the planner prefers an index wherever one fits, and that
 * each table the checks watch has LARGE_TABLE_ROWS rows or more (user_lists and its likes
 * are the smallest), and no larger: generating it is most of this file's time. A smaller
 * table makes a whole read look cheaper to the planner, so it can bring a finding out, not
 * hide one, as long as the table stays over LARGE_TABLE_ROWS.
 */
const SCALE = {
  games: 5_000,
  criticReviewsPerGame: 5,
  players: 2_500,
  userReviews: 12_000,
  lists: {
    statusesPerUser: 10,
    heavyUserGames: 2000,
    lists: 2_500,
    entriesPerList: 20,
    longListEntries: 500,
    likedListsEvery: 4,
    likesPerListMax: 12,
  },
  xp: { ledgerRows: 50_000, topOutlets: 5, followersPerOutlet: 1000 },
  friends: { followers: 2_500, follows: 40, heavyFollows: 300, eventsPerPlayer: 20 },
};

async function generate(db: Kysely<Database>): Promise<void> {
  const seed = 16;
  await loadSyntheticCatalogue(db, { games: SCALE.games, seed, reviewsPerGame: SCALE.criticReviewsPerGame });
  await loadSyntheticUsers(db, { count: SCALE.players });
  await db.transaction().execute((trx) => generateUserReviews(trx, { count: SCALE.userReviews, seed }));
  await generateCommunityLists(db, SCALE.lists);
  await generateCommunityXp(db, { ...SCALE.xp, mostFollowed: SCALE.players });
  await generateFriendsActivity(db, SCALE.friends);
  // A curated collection of 50 games: the synthetic catalogue has none of its own.
  await sql`
    with c as (insert into public.collections (slug, title, description) values ('plan-check', 'Plan check', 'Synthetic.') returning id)
    insert into public.collection_games (collection_id, game_id, position)
    select c.id, g.id, row_number() over (order by g.id) from c, (select id from public.games order by id limit 50) g`.execute(
    db,
  );
  // Every game's alternative name and Steam app id, as the IGDB sync keeps them.
  await sql`
    insert into public.game_alternative_names (game_id, name)
    select id, upper(substr(md5(id::text), 1, 6)) || ' ' || reverse(lower(split_part(title, ' ', 1))) from public.games`.execute(
    db,
  );
  await sql`
    insert into public.game_external_ids (game_id, source, external_id)
    select id, 'steam', (100000 + id)::text from public.games`.execute(db);
  await sql`analyze`.execute(db);
}

interface Target {
  name: string;
  open(): Promise<DatabaseConnection>;
}

const TARGETS: Target[] = [{ name: 'embedded (PGlite)', open: () => createTestDatabase() }];
if (process.env.TEST_DATABASE_URL) {
  TARGETS.push({
    name: 'PostgreSQL (TEST_DATABASE_URL)',
    async open() {
      const connection = await openMigratedPostgres(4);
      if (!connection) throw new Error('TEST_DATABASE_URL is set but no database could be made on it');
      return connection;
    },
  });
}

describe.each(TARGETS)('query plans and budgets on $name', (target) => {
  let connection: DatabaseConnection;
  let capture: QueryCapture;
  let subjects: Subjects;
  let sizes: TableSizes;

  beforeAll(async () => {
    connection = await target.open();
    await generate(connection.db);
    sizes = await tableSizes(connection.db);
    subjects = await pickSubjects(connection.db);
    capture = captureQueries(connection.db);
    const recording = { ...connection, db: capture.db };
    // Loaders that open the database themselves (getDb) get the recording connection too.
    setConnector(async () => recording);
  }, 900_000);

  afterAll(async () => {
    await connection?.close();
  });

  it('generated a catalogue whose main tables are large', () => {
    for (const table of [
      'public.games',
      'public.critic_reviews',
      'public.user_reviews',
      'public.user_games',
      'public.user_list_entries',
      'public.user_lists',
      'public.user_list_likes',
      'public.xp_ledger',
      'public.profiles',
      'public.user_follows',
      'public.activity_events',
      'public.game_alternative_names',
      'public.game_external_ids',
    ]) {
      expect(sizes.get(table), table).toBeGreaterThanOrEqual(LARGE_TABLE_ROWS);
    }
  });

  it.each(PAGES.map((page) => [page.path, page] as const))('%s', async (_path, page) => {
    const budget = QUERY_BUDGETS[page.route];
    expect(budget, `${page.route} has no QUERY_BUDGETS entry beside its loader`).toBeTypeOf('number');
    capture.take();
    await page.render(capture.db, subjects);
    const statements = capture.take();
    expect(statements.length, `${page.path} sent no query`).toBeGreaterThan(0);
    const reports = [];
    for (const statement of statements) {
      reports.push(
        await checkStatement(connection.db, statement, {
          page: page.route,
          kind: connection.kind,
          sizes,
          largeTableRows: LARGE_TABLE_ROWS,
          allowed: ALLOWED_SEQ_SCANS,
        }),
      );
    }
    const problems = [...budgetProblems(page.path, statements, budget!), ...describeFindings(page.path, reports)];
    // Planned once and kept, not again on every call (docs/decisions/generic-plans.md).
    for (const statement of statements) {
      if (!/^\s*(select|with)\b/i.test(statement.sql) || statement.parameters.length === 0) continue;
      const text = statement.sql.replace(/\s+/g, ' ').trim();
      const excused = ALLOWED_CUSTOM_PLANS.some(
        (allowed) => (allowed.page === '*' || allowed.page === page.route) && allowed.sql.test(text),
      );
      if (excused) continue;
      const counts = await planCounts(connection.db, statement);
      if (counts.generic === 0) {
        // The conditions and the LIMIT that decide it are at the end.
        problems.push(
          `${page.path}: planned again on each of ${counts.custom} runs (no generic plan kept)\n    ${text.length > 500 ? `${text.slice(0, 150)} … ${text.slice(-350)}` : text}`,
        );
      }
    }
    expect(problems.join('\n')).toBe('');
  });
});

describe('the budgets', () => {
  it('cover every page the sweep renders, and only those', () => {
    const routes = new Set(PAGES.map((page) => page.route));
    expect([...routes].filter((route) => QUERY_BUDGETS[route] === undefined)).toEqual([]);
    expect(Object.keys(QUERY_BUDGETS).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('leave out no page that reads the database, unless it says why', () => {
    const pagesDir = path.resolve(import.meta.dirname, '../../src/pages');
    const files = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.astro'),
    );
    const readsDatabase = files.filter((file) =>
      /getDb|\.server\.ts'/.test(readFileSync(path.join(pagesDir, file), 'utf8').split(/^---$/m)[1] ?? ''),
    );
    expect(readsDatabase.length).toBeGreaterThan(40);
    const routeOf = (file: string) =>
      `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/';
    const swept = new Set(PAGES.map((page) => page.route));
    const excused = (route: string) =>
      Object.keys(NOT_SWEPT).some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
    expect(readsDatabase.map(routeOf).filter((route) => !swept.has(route) && !excused(route))).toEqual([]);
  });

  it('name a reason for every allowed sequential scan', () => {
    for (const allowed of ALLOWED_SEQ_SCANS)
      expect(allowed.reason.length, `${allowed.page} ${allowed.table}`).toBeGreaterThan(20);
  });
});
