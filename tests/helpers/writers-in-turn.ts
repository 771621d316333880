import { sql, type Kysely, type Transaction } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/lib/db/schema.ts';

/**
 * Two writers that meet on a lock, for tests of what the database keeps when transactions
 * race: `first` runs in a transaction held open after its work, `second` starts once it has
 * done it, and the first commits only when a backend of this database waits on a lock (the
 * second, behind the first). Resolves with both results once both have committed.
 */
export async function writersInTurn<A, B>(
  db: Kysely<Database>,
  first: (trx: Transaction<Database>) => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  let commitFirst!: () => void;
  const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
  let firstDone!: () => void;
  const done = new Promise<void>((resolve) => (firstDone = resolve));
  const firstWriter = db.transaction().execute(async (trx) => {
    const result = await first(trx);
    firstDone();
    await firstMayCommit;
    return result;
  });
  // A first writer that fails rejects here rather than leaving the test waiting.
  await Promise.race([done, firstWriter]);
  const secondWriter = second();
  await expect
    .poll(
      async () =>
        (
          await sql<{
            waiting: number;
          }>`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(
            db,
          )
        ).rows[0]!.waiting,
      { timeout: 10_000 },
    )
    .toBe(1);
  commitFirst();
  return Promise.all([firstWriter, secondWriter]);
}
