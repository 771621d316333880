import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';

/** The `n` of a `select count(*)::int as n ...` written in plain SQL: what a test checks a query against. */
export async function countOf<T>(db: Kysely<Database>, query: RawBuilder<T>): Promise<number> {
  const result = await query.execute(db);
  return (result.rows[0] as { n: number }).n;
}
