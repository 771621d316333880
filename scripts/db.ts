// Database commands: npm run db:migrate | db:seed | db:reset | db:generate -- --games N
// They act on the database the environment describes: PGlite under PGLITE_DIR by
// default, or DATABASE_URL. Stop the server first when it uses the embedded database.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadDotEnv } from '../src/lib/config/dotenv.ts';
import { EnvError, parseEnv, type Env } from '../src/lib/config/env.ts';
import { openPostgres, type DatabaseConnection } from '../src/lib/db/connect.server.ts';
import { openPglite } from '../src/lib/db/pglite.server.ts';
import { BOOTSTRAP_FILE, migrate, readMigrationFiles } from '../src/lib/db/migrations.server.ts';
import { introspectSchema } from '../src/lib/db/schema-introspect.server.ts';
import { renderSchemaTypes } from '../src/lib/db/schema-render.ts';
import { seedDemo, seedOnFirstStart } from '../src/lib/seed/demo/seed.server.ts';
import { loadSyntheticCatalogue } from '../src/lib/seed/synthetic/load.server.ts';
import { loadSyntheticCommunity } from '../src/lib/seed/synthetic/community/community.server.ts';

const USAGE = `Usage: node scripts/db.ts <command> [options]
  migrate                     apply pending migrations (and the local bootstrap outside Supabase)
  prepare                     embedded mode only: what npm start does before serving (migrate, and
                              on a new database load the demo data and accounts); npm run dev runs it
  seed                        migrate, then load the demo data from data/ (idempotent; the demo
                              accounts too, in the embedded mode only)
  reset [--yes]               delete everything, migrate and seed again (--yes needed with DATABASE_URL)
  types                       write src/lib/db/schema.generated.ts from a freshly migrated
                              in-memory database (run it after adding a migration)
  generate --games N [--seed S] [--reviews-per-game R] [--users U]
                              migrate, then replace the catalogue with N synthetic games
                              (and R synthetic critic reviews per game, from synthetic outlets),
                              and add U synthetic players with their community activity`;

function open(env: Env): Promise<DatabaseConnection> | DatabaseConnection {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 2) : openPglite(env.PGLITE_DIR);
}

async function migrateAll(connection: DatabaseConnection, env: Env): Promise<void> {
  const bootstrapSql = env.mode === 'supabase' ? undefined : await readFile(BOOTSTRAP_FILE, 'utf8');
  const applied = await migrate(connection.db, {
    files: await readMigrationFiles(),
    bootstrapSql,
    log: (message) => console.log(message),
  });
  console.log(applied.length === 0 ? 'Migrations: up to date.' : `Migrations: applied ${applied.length}.`);
}

async function withConnection(env: Env, work: (connection: DatabaseConnection) => Promise<void>): Promise<void> {
  const connection = await open(env);
  console.log(`Database: ${connection.kind} (${connection.location})`);
  try {
    await work(connection);
  } finally {
    await connection.close();
  }
}

const seedLog = (message: string) => console.log(message);

async function seed(connection: DatabaseConnection, env: Env): Promise<void> {
  await migrateAll(connection, env);
  await seedDemo(connection.db, env.mode, seedLog);
}

export const GENERATED_TYPES_FILE = 'src/lib/db/schema.generated.ts';

/** The table types as a freshly migrated database describes them (never the database in use). */
async function writeTypes(): Promise<void> {
  const connection = await openPglite('memory://');
  try {
    await migrate(connection.db, {
      files: await readMigrationFiles(),
      bootstrapSql: await readFile(BOOTSTRAP_FILE, 'utf8'),
    });
    const tables = await introspectSchema(connection.db);
    const text = renderSchemaTypes(tables);
    const before = await readFile(GENERATED_TYPES_FILE, 'utf8').catch(() => '');
    await writeFile(GENERATED_TYPES_FILE, text);
    console.log(`${GENERATED_TYPES_FILE}: ${tables.length} tables, ${before === text ? 'unchanged' : 'updated'}.`);
  } finally {
    await connection.close();
  }
}

async function resetPostgres(connection: DatabaseConnection, env: Env): Promise<void> {
  if (env.mode === 'supabase') {
    throw new Error(
      'Refusing to reset a hosted Supabase database from here: use the Supabase dashboard or `supabase db reset --linked`.',
    );
  }
  await sql`
    drop schema if exists public cascade;
    drop schema if exists app_meta cascade;
    drop schema if exists auth cascade;
    drop schema if exists extensions cascade;
    drop schema if exists storage cascade;
    drop schema if exists private cascade;
    create schema public;
    grant usage on schema public to public;
  `.execute(connection.db);
}

async function main(): Promise<void> {
  loadDotEnv();
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      games: { type: 'string' },
      seed: { type: 'string' },
      'reviews-per-game': { type: 'string' },
      users: { type: 'string' },
      yes: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    process.exitCode = command || values.help ? 0 : 1;
    return;
  }
  if (command === 'types') return writeTypes();
  const env = parseEnv(process.env, { purpose: 'database-command' });

  switch (command) {
    case 'migrate':
      return withConnection(env, (connection) => migrateAll(connection, env));
    case 'prepare':
      // Other modes: the server migrates (self-hosted) or only checks (Supabase) by itself.
      if (env.mode !== 'embedded') return;
      return withConnection(env, async (connection) => {
        await migrateAll(connection, env);
        await seedOnFirstStart(connection.db, env.mode, seedLog);
      });
    case 'seed':
      return withConnection(env, (connection) => seed(connection, env));
    case 'reset': {
      if (env.DATABASE_URL) {
        if (!values.yes)
          throw new Error('db:reset deletes every table in DATABASE_URL: run it again with --yes to confirm.');
        return withConnection(env, async (connection) => {
          await resetPostgres(connection, env);
          await seed(connection, env);
        });
      }
      // Opening takes the lock first, so a running server is detected before anything is deleted.
      const probe = await openPglite(env.PGLITE_DIR);
      await probe.close();
      await rm(path.resolve(env.PGLITE_DIR), { recursive: true, force: true });
      console.log(`Deleted ${env.PGLITE_DIR}.`);
      return withConnection(env, (connection) => seed(connection, env));
    }
    case 'generate': {
      const games = Number(values.games);
      const seedValue = values.seed === undefined ? 42 : Number(values.seed);
      if (!Number.isInteger(games) || games < 1 || games > 5_000_000) {
        throw new Error(
          '--games must be a whole number between 1 and 5000000, for example: npm run db:generate -- --games 100000',
        );
      }
      if (!Number.isInteger(seedValue)) throw new Error('--seed must be a whole number');
      const reviewsPerGame = values['reviews-per-game'] === undefined ? 0 : Number(values['reviews-per-game']);
      if (!Number.isInteger(reviewsPerGame) || reviewsPerGame < 0 || reviewsPerGame > 100) {
        throw new Error(
          '--reviews-per-game must be a whole number between 0 and 100, for example: --reviews-per-game 10',
        );
      }
      const users = values.users === undefined ? 0 : Number(values.users);
      if (!Number.isInteger(users) || users < 0 || users > 1_000_000) {
        throw new Error('--users must be a whole number between 0 and 1000000, for example: --users 100000');
      }
      return withConnection(env, async (connection) => {
        await migrateAll(connection, env);
        const started = performance.now();
        const result = await loadSyntheticCatalogue(
          connection.db,
          { games, seed: seedValue, reviewsPerGame },
          (written, reviews) => console.log(`  ${written} games${reviews > 0 ? `, ${reviews} reviews` : ''} written`),
        );
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `Synthetic catalogue: ${result.games} games${result.reviews > 0 ? ` and ${result.reviews} critic reviews` : ''} ` +
            `(seed ${seedValue}) in ${seconds} s. It replaced the previous catalogue.`,
        );
        if (users > 0) {
          const communityStarted = performance.now();
          const timings = await loadSyntheticCommunity(connection.db, { users, seed: seedValue }, (line) =>
            console.log(line),
          );
          console.log(
            `Synthetic community: ${users} players in ${((performance.now() - communityStarted) / 1000).toFixed(1)} s.`,
          );
          // One machine-readable line for `npm run bench`, which reports the parts apart.
          console.log(`GENERATED_PARTS ${JSON.stringify({ catalogue: Number(seconds), ...timings })}`);
        }
      });
    }
    default:
      console.error(`Unknown command: ${command}\n${USAGE}`);
      process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : `Error: ${(error as Error).message}`);
  process.exitCode = 1;
});
