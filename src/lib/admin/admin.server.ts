import { type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AuditEntry } from './admin.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The admin role, read from the database on every check (never from a token claim), so a
 * revoked administrator is refused on the very next request.
 */
export async function isAdmin(db: Db, userId: string | null | undefined): Promise<boolean> {
  if (!userId) return false;
  const row = await db.selectFrom('app_meta.admins').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No account has the email ${email}.`);
  }
}

async function userIdForEmail(db: Db, email: string): Promise<string> {
  const user = await db
    .selectFrom('auth.users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (!user) throw new UnknownAccountError(email);
  return user.id;
}

/** Grants the role; true when it was not held before. */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  const userId = await userIdForEmail(db, email);
  const inserted = await db
    .insertInto('app_meta.admins')
    .values({ user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Revokes the role; true when it was held. */
export async function revokeAdmin(db: Db, email: string): Promise<boolean> {
  const userId = await userIdForEmail(db, email);
  const deleted = await db.deleteFrom('app_meta.admins').where('user_id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

export async function listAdmins(db: Db): Promise<{ email: string | null; grantedAt: Date }[]> {
  const rows = await db
    .selectFrom('app_meta.admins as a')
    .innerJoin('auth.users as u', 'u.id', 'a.user_id')
    .select(['u.email', 'a.granted_at'])
    .orderBy('a.granted_at')
    .execute();
  return rows.map((row) => ({ email: row.email, grantedAt: row.granted_at }));
}

/** Writes one audit entry; call it in the transaction of the action. */
export async function audit(trx: Db, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('app_meta.admin_audit_log')
    .values({
      admin_id: entry.adminId,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: String(entry.subjectId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

export interface AuditRow {
  id: string;
  admin: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

export async function latestAudit(db: Db, limit = 50): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('app_meta.admin_audit_log as l')
    .leftJoin('profiles as p', 'p.id', 'l.admin_id')
    .select(['l.id', 'p.username', 'l.action', 'l.subject_type', 'l.subject_id', 'l.before', 'l.after', 'l.created_at'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    admin: row.username,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    before: row.before,
    after: row.after,
    createdAt: row.created_at,
  }));
}
