import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { handleManageOutlet } from './handlers.ts';

let connection: DatabaseConnection;
const [owner, author, otherAuthor, stranger, admin] = [
  randomUUID(),
  randomUUID(),
  randomUUID(),
  randomUUID(),
  randomUUID(),
];
const purged: PurgeTarget[] = [];
let outletId = 0;
let portal = { title: '', year: 0 };
let halfLife = { title: '', year: 0 };

const call = (user: string | null, ref: string, body: unknown) =>
  handleManageOutlet(
    new Request(`http://localhost/api/manage-outlet/${ref}/reviews/import`, {
      method: 'POST',
      body: JSON.stringify(body),
    }),
    `${ref}/reviews/import`,
    {
      db: () => Promise.resolve(connection.db),
      user: user ? { id: user } : null,
      purge: (target: PurgeTarget) => Promise.resolve(void purged.push(target)),
      mailer: { send: async () => {} },
      env: { siteOrigin: 'http://localhost:4321', SITE_NAME: 'Critical Hit' },
    },
  );

const counts = async () =>
  (
    await sql<{ reviews: number; drafts: number; log: number }>`select
      (select count(*)::int from critic_reviews where outlet_id = ${outletId}) as reviews,
      (select count(*)::int from critic_review_drafts where outlet_id = ${outletId}) as drafts,
      (select count(*)::int from outlet_audit_log where outlet_id = ${outletId}) as log`.execute(connection.db)
  ).rows[0]!;

const csv = () => `game,year,score,headline,author,platform,published_at,kind
${portal.title},${portal.year},9.5,Still the best,Ada Import,pc,2024-05-01,review
${halfLife.title},${halfLife.year},,,,,,review
${halfLife.title},,,,,,2999-01-01T10:00:00Z,preview
`;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  for (const id of [owner, author, otherAuthor, stranger, admin])
    await sql`insert into auth.users (id, email) values (${id}, ${`${id}@example.test`})`.execute(connection.db);
  await connection.db.insertInto('app_meta.admins').values({ user_id: admin }).execute();
  outletId = (
    await connection.db
      .insertInto('outlets')
      .values({ slug: 'import-outlet', name: 'Import Outlet', score_scale: 'ten', owner_id: owner })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const other = await connection.db
    .insertInto('outlets')
    .values({ slug: 'elsewhere-outlet', name: 'Elsewhere Outlet', score_scale: 'ten', owner_id: stranger })
    .returning('id')
    .executeTakeFirstOrThrow();
  const a = await connection.db
    .insertInto('authors')
    .values({ name: 'Ada Import', slug: 'ada-import', user_id: author })
    .returning('id')
    .executeTakeFirstOrThrow();
  const b = await connection.db
    .insertInto('authors')
    .values({ name: 'Bo Import', slug: 'bo-import', user_id: otherAuthor })
    .returning('id')
    .executeTakeFirstOrThrow();
  await connection.db
    .insertInto('outlet_authors')
    .values([
      { outlet_id: outletId, author_id: a.id },
      { outlet_id: other.id, author_id: b.id },
    ])
    .execute();
  const game = async (slug: string) => {
    const row = await connection.db
      .selectFrom('games')
      .select(['title', sql<number>`extract(year from release_date)::int`.as('year')])
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    return { title: row.title, year: row.year };
  };
  portal = await game('portal-2');
  halfLife = await game('half-life-2');
});
afterAll(() => connection.close());

describe('the reviews CSV import', () => {
  it('is refused to anonymous visitors, strangers, authors of this or another outlet and administrators, by slug and by id', async () => {
    const before = await counts();
    for (const ref of ['import-outlet', String(outletId)]) {
      for (const confirm of [false, true]) {
        expect((await call(null, ref, { csv: csv(), confirm })).status).toBe(401);
        for (const user of [stranger, author, otherAuthor, admin])
          expect((await call(user, ref, { csv: csv(), confirm })).status, `${ref} ${user}`).toBe(403);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('previews each line with what it becomes or its error, writing nothing', async () => {
    const before = await counts();
    const response = await call(owner, 'import-outlet', {
      csv: `${csv()}No Such Game,,,,,,,review\n${portal.title},1990,8,,,,2024-01-01,review\n${portal.title},,12,,,,2024-01-01,review\n${portal.title},,8,,Somebody Else,,,review\n`,
    });
    expect(response.status).toBe(200);
    const { preview } = (await response.json()) as {
      preview: { rows: { line: number; status: string; message: string }[] };
    };
    expect(preview.rows.map((row) => [row.line, row.status, row.message])).toEqual([
      [2, 'new', 'Published'],
      [3, 'new', 'Draft'],
      [4, 'new', 'Scheduled for 2999-01-01 10:00 UTC'],
      [5, 'error', 'No game is called "No Such Game" in the catalogue.'],
      [6, 'error', `No game "${portal.title}" released in 1990: it was released in ${portal.year}.`],
      [7, 'error', "“12” is not a score on this outlet's scale."],
      [8, 'error', '"Somebody Else" is not an author of Import Outlet.'],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('writes nothing when any line has an error', async () => {
    const before = await counts();
    const response = await call(owner, 'import-outlet', { csv: `${csv()}No Such Game,,,,,,,review\n`, confirm: true });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Some lines have errors: fix them in the file and preview it again. Nothing was imported.',
    );
    expect(await counts()).toEqual(before);
  });

  it('imports by id or slug in one transaction: published, draft and scheduled, audited and purged', async () => {
    const before = await counts();
    const response = await call(owner, String(outletId), { csv: csv(), confirm: true });
    expect(response.status).toBe(201);
    const after = await counts();
    expect(after).toEqual({ reviews: before.reviews + 2, drafts: before.drafts + 1, log: before.log + 4 });
    const published = await connection.db
      .selectFrom('critic_reviews')
      .innerJoin('authors', 'authors.id', 'critic_reviews.author_id')
      .select(['raw_score', 'score', 'authors.name', 'counted'])
      .where('outlet_id', '=', outletId)
      .where('kind', '=', 'review')
      .executeTakeFirstOrThrow();
    expect(published).toEqual({ raw_score: '9.5', score: 95, name: 'Ada Import', counted: true });
    const scheduledVisible = await sql<{
      n: number;
    }>`select count(*)::int as n from critic_reviews where outlet_id = ${outletId} and kind = 'preview' and published_at <= now()`.execute(
      connection.db,
    );
    expect(scheduledVisible.rows[0]!.n).toBe(0);
    expect(purged.at(-1)?.tags).toEqual(expect.arrayContaining(['outlet:import-outlet', 'game:portal-2']));

    // The same file again: Portal 2 is already reviewed, so the whole file is refused.
    const again = await call(owner, 'import-outlet', { csv: csv(), confirm: true });
    expect(again.status).toBe(422);
    const { preview } = (await again.json()) as { preview: { rows: { line: number; message: string }[] } };
    expect(preview.rows[0]!.message).toBe(`Import Outlet has already reviewed ${portal.title}.`);
    expect(await counts()).toEqual(after);
  });
});
