import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../db/connect.server.ts';
import { hasDataLoad } from '../../db/migrations.server.ts';
import { loadDemoCatalogue } from './catalogue.server.ts';

let connection: DatabaseConnection | undefined;

afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

/** Row counts of the catalogue tables, to see that a load wrote nothing. */
async function tableCounts(db: DatabaseConnection['db']): Promise<Record<string, number>> {
  const result = await sql<Record<string, number>>`
    select
      (select count(*)::int from games) as games,
      (select count(*)::int from companies) as companies,
      (select count(*)::int from platforms) as platforms,
      (select count(*)::int from genres) as genres,
      (select count(*)::int from game_platforms) as game_platforms,
      (select count(*)::int from game_genres) as game_genres,
      (select count(*)::int from game_developers) as game_developers,
      (select count(*)::int from game_publishers) as game_publishers
  `.execute(db);
  return result.rows[0]!;
}

describe('loadDemoCatalogue', () => {
  it('loads 193 games into an empty catalogue, and a second load adds nothing', async () => {
    connection = await createTestDatabase();
    const { db } = connection;
    expect(await hasDataLoad(db, 'demo')).toBe(false);

    expect(await loadDemoCatalogue(db)).toEqual({ games: 193, skipped: 0 });
    expect(await hasDataLoad(db, 'demo')).toBe(true);
    const after = await tableCounts(db);
    expect(after.games).toBe(193);
    expect(after.game_platforms).toBeGreaterThan(193);

    expect(await loadDemoCatalogue(db)).toEqual({ games: 0, skipped: 193 });
    expect(await tableCounts(db)).toEqual(after);
  });

  it('leaves a game that is already present (same title) alone', async () => {
    connection = await createTestDatabase();
    const { db } = connection;
    await db
      .insertInto('games')
      .values({
        slug: 'portal-2',
        title: 'PORTAL 2',
        summary: 'Written by our editors.',
        release_date: null,
        sources: ['editorial'],
      })
      .execute();

    expect(await loadDemoCatalogue(db)).toEqual({ games: 192, skipped: 1 });
    const portal = await db
      .selectFrom('games')
      .select(['title', 'summary', 'sources'])
      .where('slug', '=', 'portal-2')
      .execute();
    expect(portal).toEqual([{ title: 'PORTAL 2', summary: 'Written by our editors.', sources: ['editorial'] }]);
    expect((await tableCounts(db)).games).toBe(193);
  });

  it('refuses, writing nothing, when a different game already uses a demo slug', async () => {
    connection = await createTestDatabase();
    const { db } = connection;
    await db
      .insertInto('games')
      .values({
        slug: 'grand-theft-auto-v',
        title: 'Something Else Entirely',
        summary: null,
        release_date: null,
        sources: ['editorial'],
      })
      .execute();
    const before = await tableCounts(db);

    await expect(loadDemoCatalogue(db)).rejects.toThrow('A demo game slug is already used by a different game');
    expect(await tableCounts(db)).toEqual(before);
    expect(await hasDataLoad(db, 'demo')).toBe(false);
  });
});
