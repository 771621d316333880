import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { exportLibrary } from '../../src/lib/library/export.server.ts';
import { handleExport, handleImportApply, handleImportPreview, handleSetPlayState } from './handlers.ts';
import type { LibraryContext } from './requests.ts';

// A player's export.zip and export.json, given to the importer of another account, restore
// everything they hold; the CSV files are safe to open in a spreadsheet.

let connection: DatabaseConnection;
const purged: PurgeTarget[] = [];
let games: { id: number; title: string; slug: string }[];

async function newUser(plan: 'premium' | null): Promise<{ id: string; email: string }> {
  const user = { id: randomUUID(), email: `${randomUUID()}@example.test` };
  await sql`insert into auth.users (id, email, created_at) values (${user.id}, ${user.email}, now())`.execute(
    connection.db,
  );
  if (plan) {
    await sql`insert into public.user_subscriptions (user_id, plan_id, status)
              select ${user.id}, id, 'active' from public.subscription_plans where name = ${plan}`.execute(
      connection.db,
    );
  }
  return user;
}

const as = (user: { id: string; email: string }): LibraryContext => ({
  user: { ...user, provider: 'email' } as unknown as LibraryContext['user'],
  db: () => Promise.resolve(connection.db),
  purge: (target) => Promise.resolve(void purged.push(target)),
});
const post = (data: unknown) =>
  new Request('http://test/api', {
    method: 'POST',
    body: JSON.stringify(data),
    headers: { 'content-type': 'application/json' },
  });
const read = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
});

/** Preview then import `file` as `user`, every matched row linked, as the wizard does. */
async function importAs(
  user: { id: string; email: string },
  file: { text: string } | { base64: string },
  format = 'hltb',
) {
  const preview = await read(await handleImportPreview(post({ format, ...file }), as(user)));
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const links = Object.fromEntries(
    (preview.body.rows as { line: number; game: { id: number } | null }[]).flatMap((row) =>
      row.game ? [[row.line, row.game.id]] : [],
    ),
  );
  const applied = await read(await handleImportApply(post({ format: preview.body.format, ...file, links }), as(user)));
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return { preview: preview.body, applied: applied.body };
}

/** What an export holds, without the moments it was written at. */
const content = async (userId: string) => {
  const data = await exportLibrary(connection.db, userId);
  return {
    statuses: data.statuses.map((row) => ({ ...row, updated_at: undefined })),
    lists: data.lists.map((list) => ({ ...list, created_at: undefined })),
  };
};

let source: { id: string; email: string };

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  games = await connection.db.selectFrom('games').select(['id', 'title', 'slug']).orderBy('id').limit(5).execute();
  source = await newUser('premium');
  const platform = await connection.db
    .selectFrom('platforms')
    .select('id')
    .where('slug', '=', 'switch')
    .executeTakeFirstOrThrow();
  await connection.db
    .insertInto('user_games')
    .values([
      {
        user_id: source.id,
        game_id: games[0]!.id,
        status: 'completed',
        favourite: true,
        platform_id: platform.id,
        hours_played: '41.5',
        started_on: '2025-01-02',
        finished_on: '2025-02-03',
        note: '=HYPERLINK("http://evil.example","click")',
      },
      {
        user_id: source.id,
        game_id: games[1]!.id,
        status: null,
        wishlist: true,
        note: '-5 stars, "quoted", two\nlines',
      },
      { user_id: source.id, game_id: games[2]!.id, status: 'playing', hours_played: '3.0', note: "'=already quoted" },
    ])
    .execute();
  const ranked = await connection.db
    .insertInto('user_lists')
    .values({
      user_id: source.id,
      title: '@Top picks',
      slug: 'top-picks',
      description: '+1 for these',
      visibility: 'private',
      ranked: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await connection.db
    .insertInto('user_list_entries')
    .values([
      { list_id: ranked.id, game_id: games[3]!.id, position: 1, note: '\tfirst' },
      { list_id: ranked.id, game_id: games[0]!.id, position: 2, note: null },
    ])
    .execute();
  await connection.db
    .insertInto('user_lists')
    .values({ user_id: source.id, title: 'Empty for now', slug: 'empty-for-now', visibility: 'unlisted' })
    .execute();
});

afterAll(() => connection.close());

describe('export and import are one round trip', () => {
  it('export.json restores every status, flag, platform, hour, date, note, list and entry in another account', async () => {
    const json = await (
      await handleExport(new Request('http://test/api/library/export.json'), as(source), 'json')
    ).text();
    const target = await newUser('premium');
    // Picked under the default format: the importer reads what the file is.
    const { preview, applied } = await importAs(target, { text: json });
    expect(preview.format).toBe('export');
    expect(preview.lists).toEqual([
      { title: '@Top picks', entries: 2 },
      { title: 'Empty for now', entries: 0 },
    ]);
    expect(applied).toMatchObject({ changed: 3, lists: { created: 2, merged: 0, entries: 2 }, problems: [] });
    expect(await content(target.id)).toEqual(await content(source.id));
    expect(purged.at(-1)?.tags).toContain(`user-lists:${target.id}`);

    // Again: nothing changes, nothing is doubled.
    const again = await importAs(target, { text: json });
    expect(again.applied).toMatchObject({ changed: 0, lists: { created: 0, merged: 2, entries: 0 } });
    expect(await content(target.id)).toEqual(await content(source.id));
  });

  it('export.zip (CSV files) restores the same, its formula-looking cells quoted in the files and unquoted on import', async () => {
    const response = await handleExport(new Request('http://test/api/library/export.zip'), as(source), 'zip');
    expect(response.headers.get('content-type')).toBe('application/zip');
    const zip = new Uint8Array(await response.arrayBuffer());
    const files = Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, strFromU8(bytes)]));
    expect(Object.keys(files).sort()).toEqual(['list-entries.csv', 'lists.csv', 'statuses.csv']);
    // Every cell a spreadsheet would run as a formula starts with a quote.
    expect(files['statuses.csv']).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(files['statuses.csv']).toContain(`"'-5 stars, ""quoted"", two\nlines"`);
    expect(files['statuses.csv']).toContain(`''=already quoted`);
    expect(files['lists.csv']).toContain(`'@Top picks`);
    expect(files['lists.csv']).toContain(`'+1 for these`);
    expect(files['list-entries.csv']).toContain(`'\tfirst`);

    const target = await newUser('premium');
    const { applied } = await importAs(target, { base64: Buffer.from(zip).toString('base64') });
    expect(applied).toMatchObject({ changed: 3, lists: { created: 2, merged: 0, entries: 2 } });
    expect(await content(target.id)).toEqual(await content(source.id));
  });

  it('restores the statuses of a Free account and says its lists were left out', async () => {
    const json = await (
      await handleExport(new Request('http://test/api/library/export.json'), as(source), 'json')
    ).text();
    const target = await newUser(null);
    const { preview, applied } = await importAs(target, { text: json }, 'export');
    expect(preview.problems).toEqual([
      expect.stringMatching(/^2 lists will be left out: Custom lists are part of the Ad-Free plan/),
    ]);
    expect(applied.lists).toEqual({ created: 0, merged: 0, entries: 0 });
    expect((await content(target.id)).statuses).toEqual((await content(source.id)).statuses);
    expect((await content(target.id)).lists).toEqual([]);
  });

  it('refuses a ZIP it cannot read with the reason', async () => {
    const user = await newUser('premium');
    const notZip = await read(
      await handleImportPreview(
        post({ format: 'export', base64: Buffer.from('PK\u0003\u0004 broken').toString('base64') }),
        as(user),
      ),
    );
    expect(notZip).toEqual({
      status: 400,
      body: {
        error: { code: 'wrong_format', message: 'This ZIP file cannot be read: it is cut short or not a ZIP file.' },
      },
    });
  });

  it('answers a second import of the same player with 409 while the first runs', async () => {
    const json = await (
      await handleExport(new Request('http://test/api/library/export.json'), as(source), 'json')
    ).text();
    const user = await newUser('premium');
    const preview = await read(await handleImportPreview(post({ format: 'export', text: json }), as(user)));
    const links = Object.fromEntries(
      (preview.body.rows as { line: number; game: { id: number } }[]).map((row) => [row.line, row.game.id]),
    );
    const [first, second] = await Promise.all([
      handleImportApply(post({ format: 'export', text: json, links }), as(user)).then(read),
      handleImportApply(post({ format: 'export', text: json, links }), as(user)).then(read),
    ]);
    expect([first.status, second.status]).toEqual([200, 409]);
    expect(second.body).toEqual({
      error: {
        code: 'import_running',
        message: 'An import of yours is already running. Wait for it to finish, then try again.',
      },
    });
    // Once it ended, the next one runs.
    expect((await read(await handleImportApply(post({ format: 'export', text: json, links }), as(user)))).status).toBe(
      200,
    );
  });
});

describe('a Steam library', () => {
  it('is matched by app id where the catalogue knows it, said so in the preview, and imported to that game', async () => {
    const game = games[4]!;
    await connection.db
      .insertInto('game_external_ids')
      .values({ game_id: game.id, source: 'steam', external_id: '9300001' })
      .execute();
    const user = await newUser(null);
    const text = JSON.stringify({
      response: { games: [{ appid: 9300001, name: 'A Name Steam Gives It Qwzx', playtime_forever: 90 }] },
    });
    const { preview, applied } = await importAs(user, { text }, 'steam');
    expect(preview.rows).toMatchObject([{ kind: 'matched', game: { id: game.id }, byAppId: true }]);
    expect(applied).toMatchObject({ changed: 1 });
    expect(
      await connection.db
        .selectFrom('user_games')
        .select(['game_id', 'hours_played'])
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([{ game_id: game.id, hours_played: '1.5' }]);
  });
});

describe('play statuses', () => {
  it('saves a status once per user and game, records it, and clears the row when nothing is left', async () => {
    const player = await newUser(null);
    const gameId = String(games[3]!.id);
    const put = (data: unknown, who: LibraryContext = as(player), id = gameId) =>
      handleSetPlayState(
        new Request('http://test/api', {
          method: 'PUT',
          body: JSON.stringify(data),
          headers: { 'content-type': 'application/json' },
        }),
        who,
        id,
      );
    const set = await read(await put({ status: 'played' }));
    expect(set).toMatchObject({ status: 200, body: { state: { status: 'played', wishlist: false } } });
    const events = await connection.db
      .selectFrom('activity_events')
      .select(['kind', 'data'])
      .where('actor_id', '=', player.id)
      .execute();
    expect(events).toEqual([{ kind: 'game_status_set', data: { status: 'played', previous: null } }]);
    expect(await read(await put({ note: 'x'.repeat(1001) }))).toMatchObject({
      status: 400,
      body: { error: { message: 'The note can be at most 1000 characters.' } },
    });
    expect((await put({ startedOn: '2026-02-01', finishedOn: '2026-01-01' })).status).toBe(400);
    await put({ status: null });
    const rows = await connection.db
      .selectFrom('user_games')
      .select('game_id')
      .where('user_id', '=', player.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await put({ status: 'played' }, { ...as(player), user: null })).status).toBe(401);
    expect((await put({ status: 'finished' })).status).toBe(400);
    expect((await put({ status: 'played' }, as(player), '999999999')).status).toBe(404);
    // Clearing a status of a game that does not exist (no row to write) is a 404 too.
    expect((await put({ status: null }, as(player), '999999999')).status).toBe(404);
  });
});
