// `npm run bench -- --only igdb-sync [--database …] [--igdb-games N]`: runs the IGDB full sync
// bench (scripts/bench/igdb-sync.ts) on one database. PostgreSQL is the server at DATABASE_URL
// when given (the bench makes a database of its own there and drops it after), else a PostgreSQL
// 15 the bench starts (scripts/bench/postgres.ts) in .data/bench-pg-igdb. At the default sizes
// the figures go into docs/performance.md; at another size they are only printed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openPostgres } from '../../src/lib/db/connect.server.ts';
import { formatRecord, type BenchDatabase } from '../bench-report.ts';
import { benchIgdbSync, IGDB_BENCH_GAMES } from './igdb-sync.ts';
import { igdbSyncConsole, igdbSyncRecord, type IgdbSyncRun } from './igdb-sync-report.ts';
import { BENCH_SETTINGS, startBenchPostgres, type BenchPostgres } from './postgres.ts';
import { describeMachine } from './processes.ts';

export interface IgdbSyncCommand {
  database: BenchDatabase;
  /** --igdb-games as given, if it was. */
  games: string | undefined;
  givenUrl: string | undefined;
  PG_PORT: number;
}

const IDLE_SECONDS = 30;

/** The server at DATABASE_URL as the report names it: its version and the settings that weigh on writes. */
async function describeGiven(url: string): Promise<string> {
  const connection = openPostgres(url, 1);
  try {
    const settings = ['server_version', 'fsync', 'synchronous_commit', 'shared_buffers', 'work_mem'];
    const { rows } = await sql<{ name: string; value: string }>`
      select name, current_setting(name) as value from unnest(${settings}::text[]) as name`.execute(connection.db);
    const described = rows.map((row) => `${row.name}=${row.value}`).join(', ');
    return `PostgreSQL at DATABASE_URL (${new URL(url).host}: ${described}), in a database the bench made for the run`;
  } finally {
    await connection.close();
  }
}

export async function igdbSyncCommand({ database, games: given, givenUrl, PG_PORT }: IgdbSyncCommand): Promise<void> {
  const games = given === undefined ? IGDB_BENCH_GAMES[database] : Number(given);
  if (!Number.isInteger(games) || games < 1 || games > 1_000_000)
    throw new Error('--igdb-games must be a whole number from 1 to 1000000');
  let server: BenchPostgres | undefined;
  if (database === 'postgres' && !givenUrl)
    server = startBenchPostgres(path.resolve('.data/bench-pg-igdb'), PG_PORT, false);
  try {
    const result = await benchIgdbSync({
      database,
      games,
      serverUrl: givenUrl ?? server?.url,
      idleSeconds: IDLE_SECONDS,
      log: (line) => console.log(line),
    });
    const run: IgdbSyncRun = {
      database,
      games,
      server:
        database === 'embedded'
          ? 'Embedded database (PGlite) in the sync process, in a new folder'
          : server
            ? `PostgreSQL ${server.version} (Debian's binaries), a server the bench started on 127.0.0.1: ${Object.entries(
                BENCH_SETTINGS,
              )
                .map(([k, v]) => `${k}=${v}`)
                .join(', ')}, fsync on, shared memory in ${server.hugePages.description}`
            : await describeGiven(givenUrl ?? ''),
      machine: `${describeMachine()}, Node ${process.version}`,
      figures: result.figures,
      notes: result.notes,
    };
    console.log(`\n== results\n\n${igdbSyncConsole(run)}\n\n${result.notes.join('\n')}`);
    if (games !== IGDB_BENCH_GAMES[database]) {
      console.log(`\n== ${games} games is not the default size: docs/performance.md is left as it is`);
      return;
    }
    const previous = existsSync('docs/performance.md') ? readFileSync('docs/performance.md', 'utf8') : '';
    writeFileSync('docs/performance.md', await formatRecord(igdbSyncRecord(run, new Date(), previous)));
    console.log('\n== wrote docs/performance.md');
  } finally {
    server?.stop();
  }
}
