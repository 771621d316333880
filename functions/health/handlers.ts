import { sql } from 'kysely';
import { getDatabase } from '../../src/lib/db/db.server.ts';
import { isDatabaseUnavailable } from '../../src/lib/db/errors.ts';
import { databaseUnavailable } from '../../src/lib/http/route-errors.ts';
import { json } from '../http.ts';

/**
 * GET /api/health: is the site able to serve pages? 200 with the database kind, or 503
 * when the database is unreachable (load balancers and the e2e harness poll this).
 */
export async function handleHealth(): Promise<Response> {
  try {
    const database = await getDatabase();
    // The embedded engine answers a ping between two statements; a query would wait
    // behind every page in the one-connection queue.
    if (database.ping) await database.ping();
    else await sql`select 1`.execute(database.db);
    return json({ status: 'ok', database: database.kind });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return databaseUnavailable('/api/health');
  }
}
