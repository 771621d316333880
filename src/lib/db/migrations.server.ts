import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { SQUASHED_INTO_BASELINE } from './squashed-migrations.ts';

/**
 * Applies supabase/migrations/*.sql in name order (the Supabase CLI's layout), each in
 * its own transaction, and records name + checksum in app_meta.schema_migrations.
 * An applied file that was edited afterwards stops everything: the fix is a new
 * migration, never a rewritten old one, or the databases already migrated drift apart.
 */

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationStatus {
  applied: string[];
  pending: MigrationFile[];
}

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'supabase/migrations');
export const BOOTSTRAP_FILE = path.resolve(process.cwd(), 'supabase/bootstrap/local-supabase.sql');

/** Arbitrary constant: serialises migrators across processes sharing one PostgreSQL. */
const MIGRATION_LOCK_KEY = 8_774_874;

export function checksum(text: string): string {
  // Normalise line endings so a checkout on Windows does not look like an edit.
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');
}

export async function readMigrationFiles(dir: string = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(path.join(dir, name), 'utf8');
      return { name, sql: text, checksum: checksum(text) };
    }),
  );
}

// The bookkeeping tables (app_meta.schema_migrations, app_meta.data_loads) are in the app's
// Database type; the runner reaches them through `sql` only, as it creates them itself.
type Db = Kysely<Database>;

async function ensureBookkeeping(db: Db): Promise<void> {
  await sql`
    create schema if not exists app_meta;
    revoke all on schema app_meta from public;
    create table if not exists app_meta.schema_migrations (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    );
    create table if not exists app_meta.data_loads (
      name text primary key,
      detail jsonb not null default '{}'::jsonb,
      loaded_at timestamptz not null default now()
    );
  `.execute(db);
}

async function appliedChecksums(db: Db): Promise<Map<string, string>> {
  const exists = await sql<{ present: boolean }>`
    select to_regclass('app_meta.schema_migrations') is not null as present
  `.execute(db);
  if (!exists.rows[0]?.present) return new Map();
  const rows = await sql<{ name: string; checksum: string }>`
    select name, checksum from app_meta.schema_migrations order by name
  `.execute(db);
  return new Map(rows.rows.map((row) => [row.name, row.checksum]));
}

/** Compares the files with what the database recorded; throws on an edited or vanished file. */
export async function migrationStatus(db: Db, files: MigrationFile[]): Promise<MigrationStatus> {
  const recorded = await appliedChecksums(db);
  const byName = new Map(files.map((file) => [file.name, file]));
  refuseSquashedChain(recorded, byName);
  for (const [name, sum] of recorded) {
    const file = byName.get(name);
    if (!file) {
      throw new MigrationError(
        `Migration ${name} was applied to this database but is missing from supabase/migrations. ` +
          'Restore the file: applied migrations must never be removed.',
      );
    }
    if (file.checksum !== sum) {
      throw new MigrationError(
        `Migration ${name} was edited after it was applied (recorded checksum ${sum.slice(0, 12)}, ` +
          `file now ${file.checksum.slice(0, 12)}). Restore the original file and put the change in a new migration.`,
      );
    }
  }
  return {
    applied: [...recorded.keys()],
    pending: files.filter((file) => !recorded.has(file.name)),
  };
}

const squashed = new Set<string>(SQUASHED_INTO_BASELINE.migrations);

/**
 * A database made by the migrations that the baseline replaced has their names recorded and
 * not the baseline's. The baseline cannot apply over it (every table exists) and the old
 * files are gone, so it is recreated; the project had no release, so no data of value is lost.
 */
function refuseSquashedChain(recorded: Map<string, string>, files: Map<string, MigrationFile>): void {
  const old = [...recorded.keys()].filter((name) => squashed.has(name) && !files.has(name));
  if (old.length === 0 || recorded.has(SQUASHED_INTO_BASELINE.baseline)) return;
  throw new MigrationError(
    `This database was migrated by migrations that were squashed into the baseline ` +
      `(${old.length} of them, ${old[0]} to ${old.at(-1)}, now supabase/migrations/${SQUASHED_INTO_BASELINE.baseline}), ` +
      "so it cannot be migrated further. Recreate it: run npm run db:reset (it deletes this database's data and loads the demo data; " +
      'add --yes with DATABASE_URL). For a hosted Supabase project: supabase db reset --linked, then npm run db:migrate.',
  );
}

export interface MigrateOptions {
  files: MigrationFile[];
  /** SQL run first, where Supabase is absent (roles, auth schema); must be idempotent. */
  bootstrapSql?: string | undefined;
  log?: (message: string) => void;
}

/** Applies every pending migration; returns the names applied now (empty when up to date). */
export async function migrate(db: Db, options: MigrateOptions): Promise<string[]> {
  const { files, bootstrapSql, log = () => {} } = options;
  if (bootstrapSql) {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
      await sql.raw(bootstrapSql).execute(trx);
    });
  }
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await ensureBookkeeping(trx);
  });

  const { pending } = await migrationStatus(db, files);
  const applied: string[] = [];
  for (const file of pending) {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
      // Another process may have applied it while this one waited for the lock.
      const done = await sql`select 1 from app_meta.schema_migrations where name = ${file.name}`.execute(trx);
      if (done.rows.length > 0) return;
      try {
        await sql.raw(file.sql).execute(trx);
      } catch (error) {
        throw new MigrationError(`Migration ${file.name} failed and was rolled back: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await sql`
        insert into app_meta.schema_migrations (name, checksum) values (${file.name}, ${file.checksum})
      `.execute(trx);
      applied.push(file.name);
      log(`applied ${file.name}`);
    });
  }
  return applied;
}

/** Has a named data load (demo data, synthetic catalogue) been recorded? */
export async function hasDataLoad(db: Db, name: string): Promise<boolean> {
  const result = await sql`select 1 from app_meta.data_loads where name = ${name}`.execute(db);
  return result.rows.length > 0;
}

export async function recordDataLoad(db: Db, name: string, detail: Record<string, unknown>): Promise<void> {
  await sql`
    insert into app_meta.data_loads (name, detail) values (${name}, ${JSON.stringify(detail)}::jsonb)
    on conflict (name) do update set detail = excluded.detail, loaded_at = now()
  `.execute(db);
}
