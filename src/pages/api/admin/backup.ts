import type { APIRoute } from 'astro';
import { handleBackup } from '../../../../functions/admin/database.ts';
import { getEnv } from '../../../lib/config/env.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { purgerFor } from '../../../lib/http/purge.server.ts';
import { getDatabase, getDb } from '../../../lib/db/db.server.ts';

export const GET: APIRoute = async (context) =>
  handleBackup({
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
    connection: getDatabase,
    databaseUrl: getEnv().DATABASE_URL,
    storageDir: getEnv().STORAGE_DIR,
  });

export const ALL = otherMethods({ GET });
