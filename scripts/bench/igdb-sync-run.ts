// A child of the IGDB sync bench (scripts/bench/igdb-sync.ts): the full sync as `npm run igdb --
// sync` runs it (the client the environment describes, with its token and its limit of 4
// requests a second, and runFullSync, in pages of the scheduled job's size) on the database the environment describes, migrated
// first, with the catalogue's platforms and genres in place as a seeded site has them. Prints
// BENCH_IGDB_SYNC {json}: the run, the whole time, and each page's fetch and write times.
import { readFile } from 'node:fs/promises';
import { parseEnv } from '../../src/lib/config/env.ts';
import { upsertReference } from '../../src/lib/catalogue-import/writer.server.ts';
import { openPostgres } from '../../src/lib/db/connect.server.ts';
import { BOOTSTRAP_FILE, migrate, readMigrationFiles } from '../../src/lib/db/migrations.server.ts';
import { openPglite } from '../../src/lib/db/pglite.server.ts';
import type { IgdbClient } from '../../src/lib/igdb/client.server.ts';
import { IGDB_MAX_LIMIT } from '../../src/lib/igdb/apicalypse.ts';
import { igdbClientFromEnv } from '../../src/lib/igdb/config.server.ts';
import { EMBEDDED_PAGE_SIZE } from '../../src/lib/igdb/job.server.ts';
import { runFullSync } from '../../src/lib/igdb/sync.server.ts';

export interface SyncRunFigures {
  status: string;
  pages: number;
  created: number;
  updated: number;
  skipped: number;
  queued: number;
  /** From the first request to the last page written, in ms. */
  totalMs: number;
  /** Per page: the client's call (its turn under the rate limit, the answer, its JSON). */
  fetchMs: number[];
  /** Per page: mapping it and its write transaction, cursor included. */
  writeMs: number[];
  gamesInDatabase: number;
}

/** The client with each query's end noted, so a step's time splits into the fetch and the write. */
function timed(igdb: IgdbClient, fetchMs: number[], fetchedAt: { at: number }): IgdbClient {
  const client = Object.create(igdb) as IgdbClient;
  client.query = async (endpoint, body) => {
    const started = performance.now();
    try {
      return await igdb.query(endpoint, body);
    } finally {
      fetchedAt.at = performance.now();
      fetchMs.push(fetchedAt.at - started);
    }
  };
  return client;
}

async function main(): Promise<void> {
  const env = parseEnv(process.env, { purpose: 'database-command' });
  const igdb = igdbClientFromEnv(env);
  if (!igdb) throw new Error('the bench sets TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET for its stand-in');
  const connection = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 1) : await openPglite(env.PGLITE_DIR);
  try {
    await migrate(connection.db, {
      files: await readMigrationFiles(),
      bootstrapSql: env.mode === 'supabase' ? undefined : await readFile(BOOTSTRAP_FILE, 'utf8'),
    });
    await connection.db.transaction().execute((trx) => upsertReference(trx));
    const fetchMs: number[] = [];
    const writeMs: number[] = [];
    const fetchedAt = { at: 0 };
    console.log('BENCH_IGDB_SYNC_STARTS');
    const started = performance.now();
    const run = await runFullSync(connection.db, timed(igdb, fetchMs, fetchedAt), {
      // As the scheduled job pages: IGDB's 500 on PostgreSQL, smaller pages on the embedded database.
      pageSize: env.mode === 'embedded' ? EMBEDDED_PAGE_SIZE : IGDB_MAX_LIMIT,
      onPage: (page) => {
        writeMs.push(performance.now() - fetchedAt.at);
        if (page.pages % 50 === 0) console.error(`igdb sync bench: ${page.pages} pages, up to IGDB id ${page.cursor}`);
      },
    });
    const totalMs = performance.now() - started;
    const games = await connection.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const figures: SyncRunFigures = {
      status: run.status,
      pages: run.pages,
      created: run.created,
      updated: run.updated,
      skipped: run.skipped,
      queued: run.queued,
      totalMs,
      fetchMs,
      writeMs,
      gamesInDatabase: Number(games.n),
    };
    console.log(`BENCH_IGDB_SYNC ${JSON.stringify(figures)}`);
  } finally {
    await igdb.idle();
    await connection.close();
  }
}

await main();
