import { z } from 'zod';
import { audit } from '../../src/lib/admin/admin.server.ts';
import { BackupError, embeddedBackup, postgresBackup } from '../../src/lib/admin/backup.server.ts';
import { purgeEverything } from '../../src/lib/admin/cache.server.ts';
import { compareAggregates, rebuildSearchDictionary, vacuumAnalyze } from '../../src/lib/admin/database.server.ts';
import type { Env } from '../../src/lib/config/env.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { apiError, json, readJson } from '../http.ts';
import { requireAdmin, type AdminContext } from './context.ts';

const maintenanceSchema = z.object({ action: z.enum(['vacuum', 'search-dictionary', 'recompute', 'purge-cache']) });

/** POST /api/admin/maintenance with { action }. */
export async function handleMaintenance(request: Request, context: AdminContext): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const db = await context.db();
  const parsed = maintenanceSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, 'validation_failed', 'Choose a maintenance action.');
  switch (parsed.data.action) {
    case 'vacuum':
      await vacuumAnalyze(db, adminId);
      return json({ done: 'vacuum' });
    case 'search-dictionary':
      return json({ done: 'search-dictionary', words: await rebuildSearchDictionary(db, adminId) });
    case 'recompute':
      return json({ done: 'recompute', differences: await compareAggregates(db, { repair: true, adminId }) });
    case 'purge-cache':
      await purgeEverything(context.purge);
      await audit(db, { adminId, action: 'cache.purge', subjectType: 'cache', subjectId: 'all' });
      return json({ done: 'purge-cache' });
  }
}

/**
 * GET /api/admin/backup: one .tar.gz with the database (the embedded database's data
 * directory, copied while the site keeps serving, or pg_dump's SQL on PostgreSQL) and the
 * uploaded files of STORAGE_DIR; README.txt inside says how to restore it.
 */
export async function handleBackup(
  context: AdminContext & { env: Pick<Env, 'DATABASE_URL' | 'STORAGE_DIR'> },
  openConnection: () => Promise<DatabaseConnection>,
): Promise<Response> {
  const adminId = await requireAdmin(context);
  if (adminId instanceof Response) return adminId;
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const connection = await openConnection();
  const { DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir } = context.env;
  try {
    let archive;
    if (connection.kind === 'pglite' && connection.location !== 'memory')
      archive = await embeddedBackup(connection.db, connection.location, storageDir);
    else if (databaseUrl) archive = await postgresBackup(databaseUrl, storageDir);
    else return apiError(404, 'not_found', 'No database to back up here.');
    await audit(connection.db, {
      adminId,
      action: 'database.backup',
      subjectType: 'database',
      subjectId: archive.database,
    });
    return new Response(archive.body, {
      headers: {
        'content-type': 'application/gzip',
        'content-disposition': `attachment; filename="critical-hit-${stamp}.tar.gz"`,
        'cache-control': 'no-store',
      },
    });
  } catch (error) {
    if (error instanceof BackupError) return apiError(error.status, error.code, error.message);
    throw error;
  }
}
