import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, pgliteTemplate } from '../../tests/helpers/database.ts';
import { importGames } from '../../src/lib/admin/game-import.server.ts';
import { loadDemoCatalogue } from '../../src/lib/seed/demo/catalogue.server.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { openPglite } from '../../src/lib/db/pglite.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { handleGameImport } from './game-import.ts';

let connection: DatabaseConnection;
const [admin, stranger, owner, author] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const purged: PurgeTarget[] = [];
const as = (user: string | null) => ({
  db: () => Promise.resolve(connection.db),
  user: user ? { id: user } : null,
  purge: (target: PurgeTarget) => Promise.resolve(void purged.push(target)),
});
const post = (user: string | null, body: unknown) =>
  handleGameImport(
    new Request('http://localhost/api/admin/games/import', { method: 'POST', body: JSON.stringify(body) }),
    as(user),
  );

const VG =
  'title,console,genre,publisher,developer,critic_score,total_sales,na_sales,jp_sales,pal_sales,other_sales,release_date';
const GOOD = `${VG}
Lantern Keeper,PS4,Adventure,Quiet Harbour,Quiet Harbour,,1,1,1,1,1,04/03/2021
Lantern Keeper,NS,Adventure,Quiet Harbour,Quiet Harbour,,1,1,1,1,1,05/09/2021
Portal 2,PC,Puzzle,Valve,Valve,,1,1,1,1,1,19/04/2011
Tidewater Rally,PC,Racing,Gravel Byte,Gravel Byte,,1,1,1,1,1,
`;
const counts = async () => {
  const result = await sql<{ games: number; platforms: number; log: number }>`select
    (select count(*)::int from games) as games,
    (select count(*)::int from game_platforms) as platforms,
    (select count(*)::int from app_meta.admin_audit_log) as log`.execute(connection.db);
  return result.rows[0]!;
};

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  for (const id of [admin, stranger, owner, author])
    await sql`insert into auth.users (id, email) values (${id}, ${`${id}@example.test`})`.execute(connection.db);
  await connection.db.insertInto('app_meta.admins').values({ user_id: admin }).execute();
  const outlet = await connection.db
    .insertInto('outlets')
    .values({ slug: 'import-matrix', name: 'Import Matrix', score_scale: 'ten', owner_id: owner })
    .returning('id')
    .executeTakeFirstOrThrow();
  const writer = await connection.db
    .insertInto('authors')
    .values({ name: 'Import Writer', slug: 'import-writer', user_id: author })
    .returning('id')
    .executeTakeFirstOrThrow();
  await connection.db.insertInto('outlet_authors').values({ outlet_id: outlet.id, author_id: writer.id }).execute();
});
afterAll(() => connection.close());

describe('the games CSV import', () => {
  it('answers 404 to anonymous visitors, strangers, outlet owners and authors, previewing or importing', async () => {
    const before = await counts();
    for (const user of [null, stranger, owner, author]) {
      for (const confirm of [false, true]) expect((await post(user, { csv: GOOD, confirm })).status).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });

  it('previews every line (new, already there, error) and writes nothing', async () => {
    const before = await counts();
    const response = await post(admin, { csv: `${GOOD}Broken,ZX81,Action,P,D,,1,1,1,1,1,01/01/2020\n` });
    expect(response.status).toBe(200);
    const { preview } = (await response.json()) as {
      preview: {
        rows: { line: number; status: string; message: string | null; slug: string | null }[];
        counts: unknown;
      };
    };
    expect(preview.rows.map((row) => [row.line, row.status, row.slug])).toEqual([
      [2, 'new', null],
      [3, 'new', null],
      [4, 'exists', 'portal-2'],
      [5, 'new', null],
      [6, 'error', null],
    ]);
    expect(preview.counts).toEqual({ newGames: 2, existing: 1, errors: 1 });
    expect(await counts()).toEqual(before);
  });

  it('refuses to import a file with an error in any line: nothing is written', async () => {
    const before = await counts();
    const response = await post(admin, { csv: `${GOOD}Broken,PS4,Action,P,D,,1,1,1,1,1,40/01/2020\n`, confirm: true });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('import_has_errors');
    expect(await counts()).toEqual(before);
  });

  it('rolls the whole import back when one game fails while writing', async () => {
    const before = await counts();
    const good = {
      lines: [2],
      input: {
        title: 'Rollback First',
        platforms: [{ slug: 'pc', releaseDate: '' }],
        genres: ['Puzzle'],
        developers: ['Brand New Studio'],
        publishers: [],
      },
    };
    const bad = {
      lines: [3],
      input: {
        title: 'Rollback Second',
        platforms: [{ slug: 'not-a-platform', releaseDate: '' }],
        genres: [],
        developers: [],
        publishers: [],
      },
    };
    await expect(importGames(connection.db, [good, bad], admin, 'test')).rejects.toThrow(
      'Unknown platform: not-a-platform.',
    );
    expect(await counts()).toEqual(before);
    expect(
      await connection.db
        .selectFrom('companies')
        .select('id')
        .where('name', '=', 'Brand New Studio')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('imports the new games in one go, skips the existing ones, audits and purges', async () => {
    const before = await counts();
    const response = await post(admin, { csv: GOOD, confirm: true });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { imported: { slug: string }[]; skipped: number };
    expect(body.imported.map((game) => game.slug)).toEqual(['lantern-keeper', 'tidewater-rally']);
    expect(body.skipped).toBe(1);
    const lantern = await connection.db
      .selectFrom('game_platforms as gp')
      .innerJoin('games as g', 'g.id', 'gp.game_id')
      .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
      .select(['p.slug', 'gp.release_date', 'g.release_date as first'])
      .where('g.slug', '=', 'lantern-keeper')
      .orderBy('p.slug')
      .execute();
    expect(lantern.map((row) => [row.slug, String(row.release_date)])).toEqual([
      ['ps4', '2021-03-04'],
      ['switch', '2021-09-05'],
    ]);
    expect(String(lantern[0]!.first)).toBe('2021-03-04');
    const after = await counts();
    expect(after.games).toBe(before.games + 2);
    // One audit row per game, one for the import.
    expect(after.log).toBe(before.log + 3);
    expect(purged.at(-1)?.tags).toEqual(
      expect.arrayContaining(['game:lantern-keeper', 'game:tidewater-rally', 'games']),
    );

    const again = await post(admin, { csv: GOOD, confirm: true });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('nothing_to_import');
    expect((await counts()).games).toBe(after.games);
  });

  it('refuses what is not a CSV of the demo format and oversized bodies with a clear message', async () => {
    const response = await post(admin, { csv: 'a,b\n1,2\n' });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /^The first line must be the header of a demo data file/,
    );
    expect((await post(admin, { csv: 'x'.repeat(2 * 1024 * 1024 + 1) })).status).toBe(400);
    expect((await post(admin, { csv: 42 })).status).toBe(400);
  });
});

describe('a catalogue import of thousands of games on the embedded database, as the server runs it', () => {
  let threaded: DatabaseConnection;
  const importer = randomUUID();
  beforeAll(async () => {
    threaded = await openPglite('memory://', {
      thread: true,
      loadDataDir: await pgliteTemplate(),
    });
    await loadDemoCatalogue(threaded.db);
    await sql`insert into auth.users (id, email) values (${importer}, ${`${importer}@example.test`})`.execute(
      threaded.db,
    );
  }, 120_000);
  afterAll(() => threaded?.close());

  const candidates = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      lines: [i + 2],
      input: {
        title: `${prefix} ${i}`,
        platforms: [{ slug: 'pc', releaseDate: '' }],
        genres: ['Puzzle'],
        developers: ['Step Studio'],
        publishers: [],
      },
    }));
  const imported = async (prefix: string) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from public.games where title like ${`${prefix} %`}`.execute(
          threaded.db,
        )
      ).rows[0]!.n,
    );

  it('writes in short steps: the games written so far are seen by other requests while it still runs', async () => {
    let finished = false;
    const running = importGames(threaded.db, candidates('Stepwise', 150), importer, 'test').then((result) => {
      finished = true;
      return result;
    });
    await vi.waitFor(async () => expect(await imported('Stepwise')).toBeGreaterThan(0), {
      timeout: 60_000,
      interval: 1,
    });
    expect(finished).toBe(false);
    expect((await running).created).toHaveLength(150);
  }, 120_000);

  it('never adds a title twice when the same file is imported twice at once', async () => {
    const [first, second] = await Promise.all([
      importGames(threaded.db, candidates('Twice', 60), importer, 'a'),
      importGames(threaded.db, candidates('Twice', 60), importer, 'b'),
    ]);
    expect(first.created.length + second.created.length).toBe(60);
    expect(first.skipped + second.skipped).toBe(60);
    expect(await imported('Twice')).toBe(60);
  }, 120_000);
});
