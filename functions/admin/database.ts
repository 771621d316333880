import { spawn } from 'node:child_process';
import { z } from 'zod';
import { audit } from '../../src/lib/admin/admin.server.ts';
import { purgeEverything } from '../../src/lib/admin/cache.server.ts';
import { compareAggregates, rebuildSearchDictionary, vacuumAnalyze } from '../../src/lib/admin/database.server.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { apiError, json } from '../http.ts';
import { readJson, requireAdmin, type AdminContext } from './context.ts';

const maintenanceSchema = z.object({ action: z.enum(['vacuum', 'search-dictionary', 'recompute', 'purge-cache']) });

/** POST /api/admin/maintenance with { action }. */
export async function handleMaintenance(request: Request, context: AdminContext): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const parsed = maintenanceSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', 'Choose a maintenance action.');
  switch (parsed.data.action) {
    case 'vacuum':
      await vacuumAnalyze(context.db, adminId);
      return json({ done: 'vacuum' });
    case 'search-dictionary':
      return json({ done: 'search-dictionary', words: await rebuildSearchDictionary(context.db, adminId) });
    case 'recompute':
      return json({ done: 'recompute', differences: await compareAggregates(context.db, { repair: true, adminId }) });
    case 'purge-cache':
      await purgeEverything(context.purge);
      await audit(context.db, { adminId, action: 'cache.purge', subjectType: 'cache', subjectId: 'all' });
      return json({ done: 'purge-cache' });
  }
}

/**
 * GET /api/admin/backup: the embedded database's data directory as a gzip tarball (open
 * it with PGlite's loadDataDir), or, on PostgreSQL, the output of `pg_dump` (plain SQL)
 * when the server has it installed.
 */
export async function handleBackup(context: AdminContext & { connection: () => Promise<DatabaseConnection>; databaseUrl: string | undefined }): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const connection = await context.connection();
  if (connection.dumpDataDir) {
    const file = await connection.dumpDataDir('gzip');
    await audit(context.db, { adminId, action: 'database.backup', subjectType: 'database', subjectId: 'embedded' });
    return new Response(file.stream(), {
      headers: { 'content-type': 'application/gzip', 'content-disposition': `attachment; filename="critical-hit-${stamp}.tar.gz"` },
    });
  }
  if (!context.databaseUrl) return apiError(404, 'not_found', 'No database to back up here.');
  const dump = spawn('pg_dump', ['--no-owner', '--no-privileges', '--format=plain', context.databaseUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
  const started = await new Promise<boolean>((resolve) => {
    dump.once('spawn', () => resolve(true));
    dump.once('error', () => resolve(false));
  });
  if (!started) return apiError(501, 'pg_dump_missing', 'pg_dump is not installed on this server: run it from a machine that has it (see docs/deploy.md, Backups).');
  await audit(context.db, { adminId, action: 'database.backup', subjectType: 'database', subjectId: 'postgres' });
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      dump.stdout.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      dump.stdout.on('end', () => controller.close());
      dump.on('error', (error) => controller.error(error));
    },
    cancel() {
      dump.kill();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'application/sql', 'content-disposition': `attachment; filename="critical-hit-${stamp}.sql"` } });
}
