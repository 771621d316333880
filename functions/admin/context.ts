import type { Kysely } from 'kysely';
import { isAdmin } from '../../src/lib/admin/admin.server.ts';
import type { AuthUser } from '../../src/lib/auth/types.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import { apiError } from '../http.ts';

/** What every admin handler gets from its route. */
export interface AdminContext {
  db: () => Promise<Kysely<Database>>;
  user: Pick<AuthUser, 'id'> | null;
  purge: Purge;
}

/**
 * The admin API answers 404 to everyone who is not an administrator, as the pages do
 * (the middleware checks first; the handler checks again, so a route mounted elsewhere
 * is never open). Returns the admin's id, or the refusal.
 */
export async function requireAdmin(context: AdminContext): Promise<string | Response> {
  const id = context.user?.id;
  if (!id || !(await isAdmin(await context.db(), id))) return apiError(404, 'not_found', 'Not Found');
  return id;
}

export function firstIssue(
  error: { issues: readonly { message: string }[] },
  fallback = 'Check the form and try again.',
): string {
  return error.issues[0]?.message ?? fallback;
}
