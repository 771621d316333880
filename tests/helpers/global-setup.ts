import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../src/lib/db/pglite.server.ts';
import { BOOTSTRAP_FILE, migrate, readMigrationFiles } from '../../src/lib/db/migrations.server.ts';

/**
 * Builds, once per change of the SQL, a migrated PGlite cluster and saves its data
 * directory as a gzipped tarball. Each integration test file then starts its own in-memory
 * database from it instead of initdb plus migrations. Compressed, it is a seventh of the size
 * (most of the plain one is the write-ahead log's zeros), and reading it costs less than
 * unpacking costs more.
 */
export default async function setup(project: TestProject): Promise<void> {
  const files = await readMigrationFiles();
  const bootstrapSql = await readFile(BOOTSTRAP_FILE, 'utf8');
  const key = createHash('sha256')
    .update(PGlite.name)
    .update(bootstrapSql)
    .update(files.map((file) => `${file.name}:${file.checksum}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const templatePath = path.join(tmpdir(), `critical-hit-pglite-template-${key}.tar.gz`);

  if (!existsSync(templatePath)) {
    const connection = await openPglite('memory://');
    try {
      await migrate(connection.db, { files, bootstrapSql });
      const dump = await connection.dumpDataDir!('gzip');
      const partial = `${templatePath}.${process.pid}.partial`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, templatePath);
    } finally {
      await connection.close();
    }
  }
  project.provide('pgliteTemplate', templatePath);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
