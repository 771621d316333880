import { sql } from 'kysely';
import { slugify } from '../games/slug.ts';
import { audit, outletAccess } from './access.server.ts';
import { refuse, type ManageResult } from './drafts.server.ts';
import { MANAGE_MESSAGES as M, TOKEN_LIFETIME_MS, tokenSchema, tokenState, type TokenState } from './manage.ts';
import { hashToken, newToken, dbNow, type Db, type IssuedToken, inspectToken } from './tokens.server.ts';

// Invitations to write for an outlet: issued, listed, revoked and resent by its owners, and
// accepted by the invited person's account (single-use tokens, tokens.server.ts).

/**
 * Invites `email` to write for the outlet as `name` (owners only). The author record is
 * created when the invitation is accepted, so a revoked invitation leaves nothing behind.
 */
export async function createInvitation(
  db: Db,
  userId: string,
  slug: string,
  invite: { email: string; name: string },
): Promise<ManageResult<IssuedToken>> {
  return db.transaction().execute(async (trx) => {
    const access = await outletAccess(trx, userId, { slug });
    if (!access) return refuse('forbidden', M.noAccess);
    if (access.role !== 'owner') return refuse('forbidden', M.ownersOnly);
    const already = await trx
      .selectFrom('outlet_authors')
      .innerJoin('authors', 'authors.id', 'outlet_authors.author_id')
      .leftJoin('auth.users as u', 'u.id', 'authors.user_id')
      .select('authors.id')
      .where('outlet_authors.outlet_id', '=', access.outlet.id)
      .where((eb) =>
        eb.or([eb(sql`lower(u.email)`, '=', invite.email), eb(sql`lower(authors.contact_email)`, '=', invite.email)]),
      )
      .executeTakeFirst();
    if (already) return refuse('conflict', M.alreadyAuthor);
    // One open invitation per address: a new one replaces the old.
    await trx
      .updateTable('author_tokens')
      .set({ revoked_at: sql`now()` })
      .where('purpose', '=', 'invite')
      .where('outlet_id', '=', access.outlet.id)
      .where('email', '=', invite.email)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    const token = newToken();
    await trx
      .insertInto('author_tokens')
      .values({
        purpose: 'invite',
        token_hash: hashToken(token),
        outlet_id: access.outlet.id,
        email: invite.email,
        author_id: null,
        created_by: userId,
        expires_at: sql`now() + ${`${TOKEN_LIFETIME_MS} milliseconds`}::interval`,
      })
      .execute();
    // The name travels in the audit entry; acceptance reads it back from there.
    await audit(trx, {
      outletId: access.outlet.id,
      actorId: userId,
      action: 'author.invited',
      subject: invite.email,
      after: { name: invite.name, email: invite.email },
    });
    return {
      ok: true,
      value: { token, email: invite.email, outlet: { slug: access.outlet.slug, name: access.outlet.name } },
    };
  });
}

export interface PendingInvitation {
  id: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  state: TokenState;
}

/** The outlet's invitations that have not been accepted, newest first. */
export async function outletInvitations(db: Db, outletId: number): Promise<PendingInvitation[]> {
  const now = await dbNow(db);
  const rows = await db
    .selectFrom('author_tokens')
    .select(['id', 'email', 'created_at', 'expires_at', 'used_at', 'revoked_at'])
    .where('outlet_id', '=', outletId)
    .where('purpose', '=', 'invite')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email ?? '',
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    state: tokenState({ used_at: null, revoked_at: null, expires_at: new Date(row.expires_at) }, now),
  }));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Revokes an open invitation (owners only). */
export async function revokeInvitation(db: Db, userId: string, slug: string, id: string): Promise<ManageResult<null>> {
  if (!uuidPattern.test(id)) return refuse('not-found', 'No such invitation.');
  return db.transaction().execute(async (trx) => {
    const access = await outletAccess(trx, userId, { slug });
    if (!access) return refuse('forbidden', M.noAccess);
    if (access.role !== 'owner') return refuse('forbidden', M.ownersOnly);
    const row = await trx
      .updateTable('author_tokens')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', id)
      .where('outlet_id', '=', access.outlet.id)
      .where('purpose', '=', 'invite')
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('email')
      .executeTakeFirst();
    if (!row) return refuse('not-found', 'No such invitation.');
    await audit(trx, {
      outletId: access.outlet.id,
      actorId: userId,
      action: 'author.invitation_revoked',
      subject: row.email ?? '',
    });
    return { ok: true, value: null };
  });
}

/** Sends an invitation again: the old link stops working and a new one (7 more days) is issued. */
export async function resendInvitation(
  db: Db,
  userId: string,
  slug: string,
  id: string,
): Promise<ManageResult<IssuedToken>> {
  if (!uuidPattern.test(id)) return refuse('not-found', 'No such invitation.');
  // The outlet's owners resend its own invitations, as they revoke them: never another outlet's.
  const access = await outletAccess(db, userId, { slug });
  if (!access) return refuse('forbidden', M.noAccess);
  if (access.role !== 'owner') return refuse('forbidden', M.ownersOnly);
  const row = await db
    .selectFrom('author_tokens')
    .select('email')
    .where('id', '=', id)
    .where('purpose', '=', 'invite')
    .where('outlet_id', '=', access.outlet.id)
    .executeTakeFirst();
  if (!row?.email) return refuse('not-found', 'No such invitation.');
  const name = await invitedName(db, row.email);
  return createInvitation(db, userId, slug, { email: row.email, name: name ?? row.email.split('@')[0]! });
}

async function invitedName(db: Db, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('outlet_audit_log')
    .select(sql<string | null>`after->>'name'`.as('name'))
    .where('action', '=', 'author.invited')
    .where('subject', '=', email)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.name ?? null;
}

/**
 * Accepts an invitation as the signed-in user: their author record (made now, named as
 * invited, unless they already have one) joins the outlet. Single use: the token is marked
 * used in the same statement that checks it, so two tabs cannot both accept.
 */
export async function acceptInvitation(
  db: Db,
  userId: string,
  token: string,
): Promise<ManageResult<{ outletSlug: string; authorId: number }> | { ok: false; state: TokenState }> {
  if (!tokenSchema.safeParse(token).success) return { ok: false, state: 'unknown' };
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('author_tokens')
      .set({ used_at: sql`now()`, used_by: userId })
      .where('token_hash', '=', hashToken(token))
      .where('purpose', '=', 'invite')
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['outlet_id', 'email'])
      .executeTakeFirst();
    if (!claimed?.outlet_id) return { ok: false as const, state: (await inspectToken(trx, token, 'invite')).state };
    const outlet = await trx
      .selectFrom('outlets')
      .select(['id', 'slug'])
      .where('id', '=', claimed.outlet_id)
      .executeTakeFirstOrThrow();
    let author = await trx.selectFrom('authors').select('id').where('user_id', '=', userId).executeTakeFirst();
    if (!author) {
      const profile = await trx
        .selectFrom('profiles')
        .select(['full_name', 'username'])
        .where('id', '=', userId)
        .executeTakeFirst();
      const name =
        (await invitedName(trx, claimed.email ?? '')) ?? profile?.full_name ?? profile?.username ?? 'New author';
      author = await trx
        .insertInto('authors')
        .values({
          name,
          slug: slugify(name, 100) || 'author',
          user_id: userId,
          contact_email: claimed.email,
          contact_email_verified_at: sql`now()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    await trx
      .insertInto('outlet_authors')
      .values({ outlet_id: outlet.id, author_id: author.id, role: 'contributor' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await audit(trx, { outletId: outlet.id, actorId: userId, action: 'author.joined', subject: claimed.email ?? '' });
    return {
      ok: true as const,
      value: { outletSlug: outlet.slug, authorId: author.id },
      change: { gameSlugs: [], outletSlug: outlet.slug, authorIds: [author.id] },
    };
  });
}
