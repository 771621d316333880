import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { openPglite } from '../../src/lib/db/pglite.server.ts';
import { BOOTSTRAP_FILE, migrate, readMigrationFiles } from '../../src/lib/db/migrations.server.ts';

/**
 * Builds two PGlite clusters once and saves each data directory as a gzipped tarball: an
 * empty one (what initdb makes), once per PGlite version, and a migrated one, once per
 * change of the SQL as well. A test file then starts its own in-memory database from one of
 * them: initdb costs an engine start several times over, and the migrations more again.
 * Compressed, a cluster is a seventh of its size (most of the plain one is the write-ahead
 * log's zeros), and reading it costs less than unpacking costs more.
 */
export default async function setup(project: TestProject): Promise<void> {
  const { version } = JSON.parse(
    await readFile(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  const files = await readMigrationFiles();
  const bootstrapSql = await readFile(BOOTSTRAP_FILE, 'utf8');
  const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
  const empty = path.join(tmpdir(), `critical-hit-pglite-empty-${hash(version)}.tar.gz`);
  const migrated = path.join(
    tmpdir(),
    `critical-hit-pglite-template-${hash(version, bootstrapSql, ...files.map((file) => `${file.name}:${file.checksum}`))}.tar.gz`,
  );

  await saveCluster(empty, () => openPglite('memory://'));
  await saveCluster(migrated, async () => {
    const connection = await openPglite('memory://', { loadDataDir: await clusterBlob(empty) });
    await migrate(connection.db, { files, bootstrapSql });
    return connection;
  });
  project.provide('pgliteEmptyTemplate', empty);
  project.provide('pgliteTemplate', migrated);
}

/** Opens a cluster with `make` and saves its data directory at `file`, unless a run before did. */
async function saveCluster(file: string, make: () => Promise<DatabaseConnection>): Promise<void> {
  if (existsSync(file)) return;
  const connection = await make();
  try {
    const dump = await connection.dumpDataDir!('gzip');
    // Each project's global setup may build the same cluster at once, in the same process.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await connection.close();
  }
}

/** A saved cluster as PGlite's `loadDataDir` takes it: the media type says it is gzipped. */
export async function clusterBlob(file: string): Promise<Blob> {
  return new Blob([await readFile(file)], { type: 'application/x-gzip' });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteEmptyTemplate: string;
    pgliteTemplate: string;
  }
}
