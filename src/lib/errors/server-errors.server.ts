import { getDb } from '../db/db.server.ts';
import { RELEASE } from './release.ts';
import { recordErrorReport } from './report.server.ts';

/**
 * Records a server error first-party (never throws: reporting must not turn one failure
 * into two). The route is the route pattern, not the URL, so no id or query in it.
 */
export async function reportServerError(error: unknown, route: string): Promise<void> {
  try {
    const err = error instanceof Error ? error : new Error(String(error));
    await recordErrorReport(await getDb(), { source: 'server', message: `${err.name}: ${err.message}`, stack: err.stack ?? null, route, release: RELEASE });
  } catch (failure) {
    console.error(`[errors] could not record a server error: ${(failure as Error).message}`);
  }
}
