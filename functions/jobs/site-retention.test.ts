import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { recordErrorReport } from '../../src/lib/errors/report.server.ts';
import { deleteExpiredSiteRecords } from './site-retention.ts';

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection.close();
});

describe('delete-expired-site-records', () => {
  it('deletes error reports 30 days after they were last seen, and only those', async () => {
    const { db } = connection;
    await recordErrorReport(
      db,
      { source: 'server', message: 'Old failure', route: '/a', release: 'r1' },
      new Date('2026-10-01T00:00:00Z'),
    );
    await recordErrorReport(
      db,
      { source: 'server', message: 'Recent failure', route: '/a', release: 'r1' },
      new Date('2026-10-01T00:00:00Z'),
    );
    // Seen again later: its 30 days count from then.
    await recordErrorReport(
      db,
      { source: 'server', message: 'Recent failure', route: '/a', release: 'r1' },
      new Date('2026-11-15T00:00:00Z'),
    );
    const run = (now: string) => deleteExpiredSiteRecords.run({ db, now: new Date(now), purge: async () => {} });
    expect(await run('2026-11-20T00:00:00Z')).toMatchObject({ errorReports: 1 });
    const left = await db.selectFrom('error_reports').select(['message', 'count']).execute();
    expect(left).toEqual([{ message: 'Recent failure', count: '2' }]);
    expect(await run('2026-11-20T00:00:00Z')).toMatchObject({ errorReports: 0 });
  });
});
