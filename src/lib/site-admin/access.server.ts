import type { Kysely } from 'kysely';
import { isAdmin } from '../admin/admin.server.ts';
import type { Database } from '../db/schema.ts';

/** Who may read the site's own records (contact messages, analytics, error reports): an administrator. */
export function isSiteAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  return isAdmin(db, userId);
}
