import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Who may read the site's own records (contact messages, analytics, error reports): an
 * administrator. Until the admin role has its own home, an administrator is a user whose
 * app_metadata (which only the server and the service role can write, as in Supabase)
 * says `"role": "admin"`. The one place to change when the role moves.
 */
export async function isSiteAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth.users')
    .select('id')
    .where('id', '=', userId)
    .where(sql<string>`raw_app_meta_data ->> 'role'`, '=', 'admin')
    .executeTakeFirst();
  return row !== undefined;
}
