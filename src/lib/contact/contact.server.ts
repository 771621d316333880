import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { dailySalt } from '../analytics/analytics.server.ts';
import { CONTACT_LIMITS, type ContactInput } from './contact.ts';

type Db = Kysely<Database>;

export class ContactRateLimitedError extends Error {
  constructor() {
    super('contact rate limit');
    this.name = 'ContactRateLimitedError';
  }
}

/** The sender's address, hashed with the day's random salt: counts messages, keeps no address. */
export function senderHash(salt: string, address: string): string {
  return createHash('sha256').update(`contact\u0000${salt}\u0000${address}`).digest('hex');
}

/**
 * Stores a message unless its sender address or its email address already sent
 * CONTACT_LIMITS.perWindow within the window. Runs in one transaction with a lock per
 * sender so that simultaneous posts cannot both slip under the limit.
 */
export async function storeContactMessage(
  db: Db,
  input: ContactInput,
  sender: { address: string; userId: string | null; now: Date },
): Promise<{ id: string }> {
  const salt = await dailySalt(db, sender.now);
  const hash = senderHash(salt, sender.address);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`contact:${hash}`}, 0))`.execute(trx);
    const since = new Date(sender.now.getTime() - CONTACT_LIMITS.windowMinutes * 60_000);
    const recent = await trx
      .selectFrom('contact_messages')
      .select(sql<string>`count(*)`.as('n'))
      .where('created_at', '>', since)
      .where((eb) => eb.or([eb('sender_hash', '=', hash), eb(sql`lower(email)`, '=', input.email.toLowerCase())]))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= CONTACT_LIMITS.perWindow) throw new ContactRateLimitedError();
    const row = await trx
      .insertInto('contact_messages')
      .values({
        name: input.name,
        email: input.email,
        topic: input.topic,
        message: input.message,
        user_id: sender.userId,
        sender_hash: hash,
        created_at: sender.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: String(row.id) };
  });
}

export async function markContactEmailed(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('contact_messages').set({ emailed_at: now }).where('id', '=', id).execute();
}

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  createdAt: Date;
  emailed: boolean;
}

/** Newest first, for the admin list. */
export async function latestContactMessages(db: Db, limit = 50, beforeId?: string): Promise<ContactMessageRow[]> {
  let query = db
    .selectFrom('contact_messages')
    .select(['id', 'name', 'email', 'topic', 'message', 'created_at', 'emailed_at'])
    .orderBy('id', 'desc')
    .limit(limit);
  if (beforeId) query = query.where('id', '<', beforeId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    email: row.email,
    topic: row.topic,
    message: row.message,
    createdAt: row.created_at,
    emailed: row.emailed_at !== null,
  }));
}

/** Contact messages are deleted this many days after they were sent (two years). */
export const CONTACT_RETENTION_DAYS = 730;

export async function deleteExpiredContactMessages(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CONTACT_RETENTION_DAYS * 86_400_000);
  const result = await db.deleteFrom('contact_messages').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
