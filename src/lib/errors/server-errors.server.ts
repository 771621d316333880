import { getDb } from '../db/db.server.ts';
import { RELEASE } from './release.ts';
import { recordErrorReport } from './report.server.ts';
import { captureServerError } from './sentry.server.ts';

/**
 * Records a server error first-party (never throws: reporting must not turn one failure
 * into two). The route is the route pattern, not the URL, so no id or query in it.
 */
export async function reportServerError(error: unknown, route: string): Promise<void> {
  const err = error instanceof Error ? error : new Error(String(error));
  // Each destination on its own: a database outage must not keep the error from Sentry.
  await Promise.all([
    getDb()
      .then((db) =>
        recordErrorReport(db, {
          source: 'server',
          message: `${err.name}: ${err.message}`,
          stack: err.stack ?? null,
          route,
          release: RELEASE,
        }),
      )
      .catch((failure: unknown) => {
        console.error(`[errors] could not record a server error: ${(failure as Error).message}`);
      }),
    captureServerError(err, route).catch((failure: unknown) => {
      console.error(`[errors] could not send a server error to Sentry: ${(failure as Error).message}`);
    }),
  ]);
}
