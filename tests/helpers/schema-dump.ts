import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openPostgres } from '../../src/lib/db/connect.server.ts';
import { BOOTSTRAP_FILE, migrate, type MigrationFile } from '../../src/lib/db/migrations.server.ts';
import { createShapeDatabase, shapeUrl, withPolicyGrants } from './supabase-shape.ts';

/**
 * The schema a set of migrations makes, as text two runs can be compared by: pg_dump
 * --schema-only of a fresh database they were applied to, then the rows they inserted.
 * The squashed chain's dump is committed (tests/schema-snapshot/, by scripts/schema-snapshot.ts)
 * and the baseline's must equal it, on plain PostgreSQL and on a Supabase-shaped database.
 */

export type DumpTarget = 'postgres' | 'supabase-shape';

export const SNAPSHOT_DIR = path.resolve('tests/schema-snapshot');
export const snapshotFile = (target: DumpTarget) => path.join(SNAPSHOT_DIR, `${target}.sql`);

const run = promisify(execFile);

function pgDumpBinary(): string {
  const bundled = path.join(process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin', 'pg_dump');
  return existsSync(bundled) ? bundled : 'pg_dump';
}

/**
 * Only noise goes: the dump's header lines naming pg_dump's version, and the random key of
 * its \restrict guard. Everything else (owners, grants, comments, order) is compared.
 */
export function normaliseDump(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\\(un)?restrict /.test(line) && !/^-- Dumped (from|by) /.test(line))
    .join('\n');
}

/**
 * The rows of every table that has any (the migrations' own inserts: plans, reserved names,
 * buckets...), app_meta.schema_migrations excepted since its rows are the file names. Columns
 * whose default is the clock or a random id are left out: they differ between any two runs.
 */
async function tableRows(url: string): Promise<string> {
  const connection = openPostgres(url, 1);
  try {
    const tables = await sql<{ name: string; volatile: string[] }>`
      select format('%I.%I', n.nspname, c.relname) as name,
             coalesce(array_agg(a.attname::text order by a.attnum) filter (
               where pg_get_expr(d.adbin, d.adrelid) ~ '(now\\(\\)|gen_random_uuid\\(\\)|clock_timestamp\\(\\)|random\\(\\))'
             ), '{}') as volatile
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
         and format('%I.%I', n.nspname, c.relname) <> 'app_meta.schema_migrations'
       group by 1
       order by 1`.execute(connection.db);
    const sections: string[] = [];
    for (const table of tables.rows) {
      const minus = table.volatile.map((column) => ` - ${quoteLiteral(column)}`).join('');
      const rows = await sql<{ row: string }>`
        select (to_jsonb(t)${sql.raw(minus)})::text as row from ${sql.raw(table.name)} t order by 1`.execute(
        connection.db,
      );
      if (rows.rows.length > 0) sections.push(`-- rows of ${table.name}\n${rows.rows.map((r) => r.row).join('\n')}`);
    }
    return sections.join('\n\n');
  } finally {
    await connection.close();
  }
}

const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Realtime's partitions of its messages, one a day around today, named by their date (the
 * platform makes them, not our migrations): two dumps made on different days would differ.
 */
const DATED_PARTITIONS = 'realtime.messages_2*';

/** The normalised schema dump and rows of the database at `url` (signed in as a role that reads everything). */
export async function dumpDatabase(url: string): Promise<string> {
  const { stdout } = await run(pgDumpBinary(), ['--schema-only', `--exclude-table=${DATED_PARTITIONS}`, url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return `${normaliseDump(stdout)}\n-- Rows\n\n${await tableRows(url)}\n`;
}

/** Applies `files` to a new database on the TEST_DATABASE_URL server as the runner does (bootstrap first), dumps it, drops it. */
export async function dumpAfterMigrationsOnPostgres(serverUrl: string, files: MigrationFile[]): Promise<string> {
  const name = `schema_dump_${process.pid}_${Date.now()}`;
  const admin = openPostgres(serverUrl, 1);
  await sql.raw(`create database ${name}`).execute(admin.db);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const connection = openPostgres(url.toString(), 1);
    try {
      await migrate(connection.db, { files, bootstrapSql: await readFile(BOOTSTRAP_FILE, 'utf8') });
    } finally {
      await connection.close();
    }
    return await dumpDatabase(url.toString());
  } finally {
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
    await admin.close();
  }
}

/**
 * Applies `files` to a copy of the Supabase-shaped platform template as `postgres` (no
 * bootstrap, as `npm run db:migrate` does against a hosted project), dumps it as the
 * cluster's superuser, drops it.
 */
export async function dumpAfterMigrationsOnShape(files: MigrationFile[]): Promise<string> {
  const database = await createShapeDatabase('platform');
  try {
    await withPolicyGrants(database.name, async () => {
      const connection = openPostgres(shapeUrl(database.name, 'postgres'), 1);
      try {
        await migrate(connection.db, { files });
      } finally {
        await connection.close();
      }
    });
    return await dumpDatabase(shapeUrl(database.name, 'supabase_admin'));
  } finally {
    await database.drop();
  }
}

/** The committed snapshot's body (after its header) and the commit its header names. */
export async function readSnapshot(target: DumpTarget): Promise<{ chainCommit: string; body: string }> {
  const text = await readFile(snapshotFile(target), 'utf8');
  const end = text.indexOf(SNAPSHOT_HEADER_END);
  const chainCommit = /^-- Chain: commit ([0-9a-f]{40})/m.exec(text)?.[1] ?? '';
  return { chainCommit, body: text.slice(end + SNAPSHOT_HEADER_END.length) };
}

export const SNAPSHOT_HEADER_END = '-- End of header.\n';
