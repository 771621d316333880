import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { openPglite } from '../../src/lib/db/pglite.server.ts';
import { BOOTSTRAP_FILE, migrate, readMigrationFiles } from '../../src/lib/db/migrations.server.ts';
import { SQUASHED_INTO_BASELINE } from '../../src/lib/db/squashed-migrations.ts';

// A database made before the squash (a developer's .data/pglite, a self-hosted server) has
// the old chain's migrations recorded. `npm run db:migrate` says what to do about it, and
// what it says (npm run db:reset) works. Such a database is made here the way the chain made
// it: its schema is the baseline's (src/lib/db/baseline.test.ts), recorded under the old names.

const run = promisify(execFile);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function migratedByTheOldChain(connection: DatabaseConnection): Promise<void> {
  await migrate(connection.db, {
    files: await readMigrationFiles(),
    bootstrapSql: await readFile(BOOTSTRAP_FILE, 'utf8'),
  });
  await sql`delete from app_meta.schema_migrations`.execute(connection.db);
  for (const name of SQUASHED_INTO_BASELINE.migrations) {
    await sql`insert into app_meta.schema_migrations (name, checksum) values (${name}, ${'0'.repeat(64)})`.execute(
      connection.db,
    );
  }
}

/** `node scripts/db.ts <args>` with `env` over a bare environment; resolves with its exit code and output. */
async function dbCommand(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const bare = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'development' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/db.ts', ...args], {
      env: { ...bare, ...env },
      timeout: 240_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}

const SAYS_WHAT_TO_DO =
  /This database was migrated by migrations that were squashed into the baseline .*20261122000100_accounts\.sql.*run npm run db:reset/s;

describe('a database the squashed migrations made', () => {
  // (db:reset of the embedded database deletes the directory and starts again, as a first `npm start` does.)
  it('embedded (.data/pglite): db:migrate says to run db:reset', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'critical-hit-squashed-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const pgliteDir = path.join(dir, 'pglite');
    const old = await openPglite(pgliteDir);
    await migratedByTheOldChain(old);
    await old.close();

    const refused = await dbCommand(['migrate'], { PGLITE_DIR: pgliteDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(SAYS_WHAT_TO_DO);
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'self-hosted PostgreSQL: the same, with db:reset --yes',
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `squashed_chain_${process.pid}_${Date.now()}`;
      const admin = openPostgres(serverUrl, 1);
      await sql.raw(`create database ${name}`).execute(admin.db);
      cleanups.push(async () => {
        await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
        await admin.close();
      });
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const old = openPostgres(url.toString(), 1);
      await migratedByTheOldChain(old);
      await old.close();

      const env = { DATABASE_URL: url.toString() };
      const refused = await dbCommand(['migrate'], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(SAYS_WHAT_TO_DO);

      // Everything the migrations made goes, the storage and private schemas included.
      const reset = await dbCommand(['reset', '--yes'], env);
      expect(reset.output, reset.output).toMatch(/applied 20261128000000_baseline\.sql/);
      expect(reset.code).toBe(0);
      expect((await dbCommand(['migrate'], env)).output).toMatch(/Migrations: up to date\./);
    },
    300_000,
  );
});
