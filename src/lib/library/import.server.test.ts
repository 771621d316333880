import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, pgliteTemplate } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { openPglite } from '../db/pglite.server.ts';
import { loadDemoCatalogue } from '../seed/demo/catalogue.server.ts';
import { applyImport, previewImport } from './import.server.ts';
import { ImportRunningError, IMPORT_RUN_STALE_SECONDS, withImportRun } from './import-runs.server.ts';
import { parseHltbCsv, parseSteamJson } from './import.ts';

let connection: DatabaseConnection;
let games: { id: number; title: string }[];

const HLTB_HEADER =
  'Title,Platform,Playing,Backlog,Replay,Custom-1,Custom-2,Custom-3,Completed,Retired,Retired Notes,Start Date,Completion Date,Playthrough,Progress,Main Story,Main + Extras,Completionist,Speed Any%,Speed 100%,Storefront,Review,Review Notes,Added,Updated';
const hltbLine = (
  title: string,
  platform: string,
  flag: 'Playing' | 'Completed' | 'Backlog',
  started = '',
  finished = '',
) => {
  const cells = HLTB_HEADER.split(',').map(() => '');
  const names = HLTB_HEADER.split(',');
  cells[0] = `"${title.replace(/"/g, '""')}"`;
  cells[1] = platform;
  cells[names.indexOf(flag)] = 'X';
  cells[names.indexOf('Start Date')] = started;
  cells[names.indexOf('Completion Date')] = finished;
  cells[names.indexOf('Progress')] = '3:30:00';
  return cells.join(',');
};

async function newUser(db = connection.db): Promise<string> {
  const id = randomUUID();
  await sql`insert into auth.users (id, email, created_at) values (${id}, ${`${id}@example.test`}, now())`.execute(db);
  return id;
}

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  games = await connection.db.selectFrom('games').select(['id', 'title']).orderBy('id').limit(2).execute();
});

afterAll(() => connection.close());

describe('library import', () => {
  it('previews matched and unmatched rows without writing, then fills only empty fields, twice the same', async () => {
    const user = await newUser();
    const file = parseSteamJson(
      JSON.stringify({
        response: {
          games: [
            { appid: 1, name: games[0]!.title.toUpperCase(), playtime_forever: 600 },
            { appid: 2, name: games[1]!.title, playtime_forever: 0 },
            { appid: 3, name: 'Zzqx Not A Real Game 9000', playtime_forever: 5 },
          ],
        },
      }),
    );
    const preview = await previewImport(connection.db, file);
    expect(preview.rows.map((row) => [row.kind, row.game?.id ?? null])).toEqual([
      ['matched', games[0]!.id],
      ['matched', games[1]!.id],
      ['unmatched', null],
    ]);
    expect(
      await connection.db.selectFrom('user_games').select('game_id').where('user_id', '=', user).execute(),
    ).toEqual([]);

    // The user set the second game by hand before importing.
    await connection.db
      .insertInto('user_games')
      .values({ user_id: user, game_id: games[1]!.id, status: 'completed', note: 'mine' })
      .execute();
    const links = new Map([
      [1, games[0]!.id],
      [2, games[1]!.id],
    ]);
    expect(await applyImport(connection.db, user, file, links)).toMatchObject({ changed: 2, skipped: 1 });
    const pc = await connection.db
      .selectFrom('platforms')
      .select('id')
      .where('slug', '=', 'pc')
      .executeTakeFirstOrThrow();
    const rows = await connection.db
      .selectFrom('user_games')
      .select(['game_id', 'status', 'platform_id', 'hours_played', 'note'])
      .where('user_id', '=', user)
      .orderBy('game_id')
      .execute();
    expect(rows).toEqual([
      { game_id: games[0]!.id, status: 'played', platform_id: pc.id, hours_played: '10.0', note: null },
      // Only the empty platform was filled: the status and note the user set stay.
      { game_id: games[1]!.id, status: 'completed', platform_id: pc.id, hours_played: null, note: 'mine' },
    ]);
    expect(await applyImport(connection.db, user, file, links)).toMatchObject({ changed: 0, skipped: 1 });
  });

  it('stores the HowLongToBeat platform of every row, and names the platforms it does not know', async () => {
    const user = await newUser();
    const file = parseHltbCsv(
      [
        HLTB_HEADER,
        hltbLine(games[0]!.title, 'Nintendo Switch', 'Playing'),
        hltbLine(games[1]!.title, 'Gizmondo', 'Backlog'),
      ].join('\n'),
    );
    const preview = await previewImport(connection.db, file);
    expect(preview.problems).toEqual([
      'The platform "Gizmondo" (1 game) is not one this site knows, so it is left out.',
    ]);
    await applyImport(connection.db, user, file, new Map(preview.rows.map((row) => [row.line, row.game!.id])));
    const rows = await sql<{ title: string; platform: string | null }>`
      select g.title, p.slug as platform from public.user_games u join public.games g on g.id = u.game_id left join public.platforms p on p.id = u.platform_id
      where u.user_id = ${user} order by g.id`.execute(connection.db);
    expect(rows.rows).toEqual([
      { title: games[0]!.title, platform: 'switch' },
      { title: games[1]!.title, platform: null },
    ]);
  });

  it('lists a row whose dates are impossible among the problems and imports it without them', async () => {
    const user = await newUser();
    const file = parseHltbCsv(
      [HLTB_HEADER, hltbLine(games[0]!.title, 'PC', 'Completed', '2025-03-01', '2025-02-01')].join('\n'),
    );
    expect(file.problems).toEqual([
      `Line 2 (${games[0]!.title}): finished on 2025-02-01 before it was started on 2025-03-01, so the dates are left out.`,
    ]);
    const preview = await previewImport(connection.db, file);
    expect(preview.problems).toContain(file.problems[0]);
    await applyImport(connection.db, user, file, new Map([[2, games[0]!.id]]));
    expect(
      await connection.db
        .selectFrom('user_games')
        .select(['status', 'started_on', 'finished_on'])
        .where('user_id', '=', user)
        .execute(),
    ).toEqual([{ status: 'completed', started_on: null, finished_on: null }]);
  });
});

describe('Steam library rows by app id', () => {
  const steamFile = (rows: { appid: number; name: string }[]) =>
    parseSteamJson(JSON.stringify({ response: { games: rows.map((row) => ({ ...row, playtime_forever: 60 })) } }));

  it('matches a known app id whatever Steam calls the game, then titles, and never a game bound to other app ids', async () => {
    const [renamed, unbound, bound] = await connection.db
      .selectFrom('games')
      .select(['id', 'title'])
      .orderBy('id')
      .offset(10)
      .limit(3)
      .execute();
    await connection.db
      .insertInto('game_external_ids')
      .values([
        { game_id: renamed!.id, source: 'steam', external_id: '9100001' },
        { game_id: bound!.id, source: 'steam', external_id: '9100003' },
        { game_id: bound!.id, source: 'igdb', external_id: '9100003' },
      ])
      .execute();
    const preview = await previewImport(
      connection.db,
      steamFile([
        { appid: 9100001, name: 'Qwzx Store Name Nothing Like The Title' },
        { appid: 9100002, name: unbound!.title },
        { appid: 9100004, name: bound!.title },
        { appid: 9100003, name: `${bound!.title}: Steam Edition` },
      ]),
    );
    expect(preview.rows.map((row) => [row.kind, row.game?.id ?? null, row.byAppId])).toEqual([
      ['matched', renamed!.id, true],
      ['matched', unbound!.id, false],
      // Same title, but Steam's 9100004 is not one of the app ids this game is known by.
      ['unmatched', null, false],
      ['matched', bound!.id, true],
    ]);

    // A file without app ids still matches the bound game by its title.
    const hltb = await previewImport(
      connection.db,
      parseHltbCsv([HLTB_HEADER, hltbLine(bound!.title, 'PC', 'Playing')].join('\n')),
    );
    expect(hltb.rows.map((row) => [row.kind, row.game?.id ?? null])).toEqual([['matched', bound!.id]]);
  });

  it('looks all the app ids of a library up in one statement, not one per game', async () => {
    const statements: string[] = [];
    const counting = connection.db.withPlugin({
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes('game_external_ids')) statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const rows = Array.from({ length: 150 }, (_, i) => ({ appid: 9200000 + i, name: `Qwzx Unknown Game ${i}` }));
    await previewImport(counting, steamFile(rows));
    expect(statements).toEqual(['SelectQueryNode']);
  });
});

describe('one import run per player', () => {
  it('refuses a second run while one is under way, and lets the next one start after it', async () => {
    const user = await newUser();
    let release!: () => void;
    const first = withImportRun(
      connection.db,
      user,
      'import',
      () => new Promise<string>((resolve) => (release = () => resolve('done'))),
    );
    await vi.waitFor(async () =>
      expect(
        await connection.db.selectFrom('library_import_runs').select('kind').where('user_id', '=', user).execute(),
      ).toEqual([{ kind: 'import' }]),
    );
    await expect(withImportRun(connection.db, user, 'preview', async () => 'second')).rejects.toBeInstanceOf(
      ImportRunningError,
    );
    // Another player is not held up.
    expect(await withImportRun(connection.db, await newUser(), 'preview', async () => 'other')).toBe('other');
    release();
    expect(await first).toBe('done');
    expect(await withImportRun(connection.db, user, 'preview', async () => 'after')).toBe('after');
  });

  it('takes over a run whose process died (no heartbeat for two minutes)', async () => {
    const user = await newUser();
    await sql`insert into public.library_import_runs (user_id, run_id, kind, heartbeat_at)
              values (${user}, ${randomUUID()}, 'import', now() - make_interval(secs => ${IMPORT_RUN_STALE_SECONDS - 5}))`.execute(
      connection.db,
    );
    await expect(withImportRun(connection.db, user, 'import', async () => 'fresh')).rejects.toBeInstanceOf(
      ImportRunningError,
    );
    await sql`update public.library_import_runs set heartbeat_at = now() - make_interval(secs => ${IMPORT_RUN_STALE_SECONDS + 5}) where user_id = ${user}`.execute(
      connection.db,
    );
    expect(await withImportRun(connection.db, user, 'import', async () => 'taken over')).toBe('taken over');
    expect(
      await connection.db.selectFrom('library_import_runs').select('user_id').where('user_id', '=', user).execute(),
    ).toEqual([]);
  });
});

describe('long imports on the embedded database, as the server runs it', () => {
  let threaded: DatabaseConnection;
  beforeAll(async () => {
    threaded = await openPglite('memory://', {
      thread: true,
      loadDataDir: await pgliteTemplate(),
    });
    await loadDemoCatalogue(threaded.db);
  }, 120_000);
  afterAll(() => threaded?.close());

  it('writes in short steps: what the import wrote so far is seen by other requests while it still runs', async () => {
    const user = await newUser(threaded.db);
    const all = await threaded.db.selectFrom('games').select(['id', 'title']).orderBy('id').execute();
    const file = parseHltbCsv([HLTB_HEADER, ...all.map((game) => hltbLine(game.title, 'PC', 'Completed'))].join('\n'));
    const links = new Map(file.rows.map((row, i) => [row.line, all[i]!.id]));
    let finished = false;
    const running = applyImport(threaded.db, user, file, links).then((outcome) => {
      finished = true;
      return outcome;
    });
    // Another session's read: in one long transaction it would see nothing until the very end.
    await vi.waitFor(
      async () => {
        const { count } = await threaded.db
          .selectFrom('user_games')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('user_id', '=', user)
          .executeTakeFirstOrThrow();
        expect(Number(count)).toBeGreaterThan(0);
      },
      { timeout: 60_000, interval: 1 },
    );
    expect(finished).toBe(false);
    expect((await running).changed).toBe(all.length);
  }, 120_000);
});
