import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { IgdbClient } from '../../src/lib/igdb/client.server.ts';
import { TwitchTokenManager } from '../../src/lib/igdb/token.server.ts';
import { loadDemoCatalogue } from '../../src/lib/seed/demo/catalogue.server.ts';
import { createTestDatabase, openMigratedPostgres } from './database.ts';
import { STAND_IN_CLIENT, type IgdbStandIn } from './igdb-stand-in.ts';

/**
 * What the IGDB sync tests share: a client of the local stand-in that never waits (no
 * pauses between retries, no rate limit in practice), and the two databases the sync's SQL
 * runs on, each with the demo catalogue (it brings the platform and genre vocabulary).
 */

export function standInClient(standIn: IgdbStandIn, retries = 2): IgdbClient {
  return new IgdbClient({
    apiUrl: standIn.apiUrl,
    clientId: STAND_IN_CLIENT.clientId,
    tokens: new TwitchTokenManager({ ...STAND_IN_CLIENT, tokenUrl: standIn.tokenUrl }),
    retries,
    sleep: () => Promise.resolve(),
    rate: { interval: 1000, intervalCap: 1000, concurrency: 8 },
  });
}

/** [name, open] for describe.each: embedded PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const SYNC_DATABASES: [string, () => Promise<DatabaseConnection | undefined>][] = [
  ['embedded PGlite', () => createTestDatabase({ demo: true, critics: false })],
  ...(process.env.TEST_DATABASE_URL
    ? [
        [
          'PostgreSQL',
          async () => {
            const opened = await openMigratedPostgres(2);
            if (opened) await loadDemoCatalogue(opened.db);
            return opened;
          },
        ] as [string, () => Promise<DatabaseConnection | undefined>],
      ]
    : []),
];
