import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyPglite, createEmptyPostgres } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from './connect.server.ts';
import { SQUASHED_INTO_BASELINE } from './squashed-migrations.ts';
import {
  BOOTSTRAP_FILE,
  checksum,
  migrate,
  MigrationError,
  migrationStatus,
  readMigrationFiles,
  type MigrationFile,
} from './migrations.server.ts';

// The same suite runs on PGlite always, and on a real PostgreSQL server when
// TEST_DATABASE_URL is set (.ci/run starts a throwaway PostgreSQL 15 cluster for it).
const targets: { name: string; open: () => Promise<DatabaseConnection | undefined> }[] = [
  { name: 'PGlite', open: createEmptyPglite },
  { name: 'PostgreSQL (TEST_DATABASE_URL)', open: createEmptyPostgres },
];

const file = (name: string, text: string): MigrationFile => ({ name, sql: text, checksum: checksum(text) });

describe.each(targets)('migration runner on $name', ({ open }) => {
  let connection: DatabaseConnection | undefined;

  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  async function fresh(): Promise<DatabaseConnection | undefined> {
    connection = await open();
    return connection;
  }

  it('applies the project migrations in name order after the bootstrap, and again is a no-op', async (context) => {
    const db = (await fresh())?.db;
    if (!db) return context.skip('TEST_DATABASE_URL is not set');
    const files = await readMigrationFiles();
    const bootstrapSql = await readFile(BOOTSTRAP_FILE, 'utf8');

    const applied = await migrate(db, { files, bootstrapSql });
    expect(applied).toEqual(files.map((f) => f.name));
    expect([...applied].sort()).toEqual(applied);

    const again = await migrate(db, { files, bootstrapSql });
    expect(again).toEqual([]);

    const recorded = await sql<{ name: string; checksum: string }>`
      select name, checksum from app_meta.schema_migrations order by name
    `.execute(db);
    expect(recorded.rows).toEqual(files.map((f) => ({ name: f.name, checksum: f.checksum })));

    const plans = await sql<{ name: string }>`select name from public.subscription_plans order by sort_order`.execute(
      db,
    );
    expect(plans.rows.map((row) => row.name)).toEqual(['free', 'ad_free', 'premium']);
  });

  it('refuses to go on when an applied migration was edited, naming the file', async (context) => {
    const db = (await fresh())?.db;
    if (!db) return context.skip('TEST_DATABASE_URL is not set');
    const original = file('0001_things.sql', 'create table things (id int primary key);');
    await migrate(db, { files: [original] });

    const edited = file('0001_things.sql', 'create table things (id int primary key, name text);');
    await expect(migrate(db, { files: [edited] })).rejects.toThrow(/0001_things\.sql was edited after it was applied/);
    await expect(migrationStatus(db, [edited])).rejects.toBeInstanceOf(MigrationError);
  });

  it('refuses to go on when an applied migration file disappeared', async (context) => {
    const db = (await fresh())?.db;
    if (!db) return context.skip('TEST_DATABASE_URL is not set');
    await migrate(db, { files: [file('0001_a.sql', 'create table a (id int);')] });
    await expect(migrate(db, { files: [] })).rejects.toThrow(/0001_a\.sql was applied to this database but is missing/);
  });

  it('refuses a database the squashed migrations made, saying to recreate it with npm run db:reset', async (context) => {
    const db = (await fresh())?.db;
    if (!db) return context.skip('TEST_DATABASE_URL is not set');
    await migrate(db, { files: [file(SQUASHED_INTO_BASELINE.migrations[0], 'create table a (id int);')] });
    const baseline = file(SQUASHED_INTO_BASELINE.baseline, 'create table a (id int);');
    await expect(migrate(db, { files: [baseline] })).rejects.toThrow(
      /migrated by migrations that were squashed into the baseline.*run npm run db:reset/s,
    );
    const recorded = await sql<{ name: string }>`select name from app_meta.schema_migrations`.execute(db);
    expect(recorded.rows).toEqual([{ name: SQUASHED_INTO_BASELINE.migrations[0] }]);
  });

  it('rolls a failing migration back completely and records nothing for it', async (context) => {
    const db = (await fresh())?.db;
    if (!db) return context.skip('TEST_DATABASE_URL is not set');
    const good = file('0001_good.sql', 'create table good (id int);');
    const bad = file('0002_bad.sql', 'create table half_done (id int);\ninsert into missing_table values (1);');
    const later = file('0003_later.sql', 'create table later (id int);');

    await expect(migrate(db, { files: [good, bad, later] })).rejects.toThrow(
      /0002_bad\.sql failed and was rolled back/,
    );

    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = 'public' order by 1
    `.execute(db);
    expect(tables.rows.map((row) => row.name)).toEqual(['good']);
    const status = await migrationStatus(db, [good, bad, later]);
    expect(status.applied).toEqual(['0001_good.sql']);
    expect(status.pending.map((f) => f.name)).toEqual(['0002_bad.sql', '0003_later.sql']);
  });

  it('treats CRLF line endings as the same file', () => {
    expect(checksum('a\r\nb\r\n')).toBe(checksum('a\nb\n'));
  });
});
