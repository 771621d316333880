import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { audit, outletAccess } from './access.server.ts';
import { refuse, type ManageResult } from './drafts.server.ts';
import {
  MANAGE_MESSAGES as M,
  TOKEN_LIFETIME_MS,
  tokenSchema,
  tokenState,
  type TokenPurpose,
  type TokenState,
} from './manage.ts';

/**
 * Single-use author links: invitations to write for an outlet (invitations.server.ts),
 * links from an existing author record to an account, and contact-email checks. The token is 32 random bytes sent
 * only in the email; the database keeps its SHA-256, so a leaked table opens nothing. A
 * token works once, for 7 days, until revoked.
 */

export type Db = Kysely<Database>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export interface TokenView {
  state: TokenState;
  purpose: TokenPurpose | null;
  outlet: { slug: string; name: string } | null;
  author: { id: number; name: string } | null;
  email: string | null;
}

/** What a token is for and whether it still works; never throws for a malformed one. */
export async function inspectToken(db: Db, token: string, purpose: TokenPurpose): Promise<TokenView> {
  const empty: TokenView = { state: 'unknown', purpose: null, outlet: null, author: null, email: null };
  if (!tokenSchema.safeParse(token).success) return empty;
  const row = await db
    .selectFrom('author_tokens as t')
    .leftJoin('outlets', 'outlets.id', 't.outlet_id')
    .leftJoin('authors', 'authors.id', 't.author_id')
    .select([
      't.purpose',
      't.used_at',
      't.revoked_at',
      't.expires_at',
      't.email',
      'outlets.slug',
      'outlets.name as outletName',
      'authors.id as authorId',
      'authors.name as authorName',
    ])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return empty;
  const state = tokenState(
    {
      used_at: row.used_at ? new Date(row.used_at) : null,
      revoked_at: row.revoked_at ? new Date(row.revoked_at) : null,
      expires_at: new Date(row.expires_at),
    },
    await dbNow(db),
  );
  return {
    state,
    purpose: row.purpose,
    outlet: row.slug && row.outletName ? { slug: row.slug, name: row.outletName } : null,
    author: row.authorId !== null && row.authorName ? { id: row.authorId, name: row.authorName } : null,
    email: row.email,
  };
}

/** The database's clock: tests move time there, and every server agrees on it. */
export async function dbNow(db: Db): Promise<Date> {
  const result = await sql<{ now: Date }>`select now() as now`.execute(db);
  return new Date(result.rows[0]!.now);
}

export interface IssuedToken {
  token: string;
  email: string;
  outlet: { slug: string; name: string };
}

/** Issues a link token for an existing author record (owners of one of its outlets), to be opened by the person's account. */
export async function createAuthorLink(
  db: Db,
  userId: string,
  slug: string,
  authorId: number,
  email: string,
  purpose: 'link' | 'verify',
): Promise<ManageResult<IssuedToken>> {
  return db.transaction().execute(async (trx) => {
    const access = await outletAccess(trx, userId, { slug });
    if (!access) return refuse('forbidden', M.noAccess);
    const own = access.role === 'author' && access.authorId === authorId && purpose === 'verify';
    if (access.role !== 'owner' && !own) return refuse('forbidden', M.ownersOnly);
    const member = await trx
      .selectFrom('outlet_authors')
      .select('author_id')
      .where('outlet_id', '=', access.outlet.id)
      .where('author_id', '=', authorId)
      .executeTakeFirst();
    if (!member) return refuse('not-found', M.noAuthor);
    const token = newToken();
    await trx
      .insertInto('author_tokens')
      .values({
        purpose,
        token_hash: hashToken(token),
        outlet_id: access.outlet.id,
        author_id: authorId,
        email,
        created_by: userId,
        expires_at: sql`now() + ${`${TOKEN_LIFETIME_MS} milliseconds`}::interval`,
      })
      .execute();
    if (purpose === 'verify')
      await trx
        .updateTable('authors')
        .set({ contact_email: email, contact_email_verified_at: null })
        .where('id', '=', authorId)
        .execute();
    await audit(trx, {
      outletId: access.outlet.id,
      actorId: userId,
      action: purpose === 'link' ? 'author.link_sent' : 'author.verification_sent',
      subject: email,
    });
    return { ok: true, value: { token, email, outlet: { slug: access.outlet.slug, name: access.outlet.name } } };
  });
}

/** Uses a link or verify token as the signed-in user. Link: the author record becomes theirs. Verify: its contact email is confirmed. */
export async function useAuthorToken(
  db: Db,
  userId: string,
  token: string,
  purpose: 'link' | 'verify',
): Promise<{ ok: true; authorId: number } | { ok: false; state: TokenState | 'taken' }> {
  if (!tokenSchema.safeParse(token).success) return { ok: false, state: 'unknown' };
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('author_tokens')
      .set({ used_at: sql`now()`, used_by: userId })
      .where('token_hash', '=', hashToken(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['author_id', 'outlet_id', 'email'])
      .executeTakeFirst();
    if (!claimed?.author_id) return { ok: false as const, state: (await inspectToken(trx, token, purpose)).state };
    const author = await trx
      .selectFrom('authors')
      .select(['id', 'user_id'])
      .where('id', '=', claimed.author_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (purpose === 'link') {
      const other = await trx.selectFrom('authors').select('id').where('user_id', '=', userId).executeTakeFirst();
      if ((author.user_id && author.user_id !== userId) || (other && other.id !== author.id)) {
        // Undo the claim: the token stays usable by the right account.
        await trx
          .updateTable('author_tokens')
          .set({ used_at: null, used_by: null })
          .where('token_hash', '=', hashToken(token))
          .execute();
        return { ok: false as const, state: 'taken' as const };
      }
      await trx.updateTable('authors').set({ user_id: userId }).where('id', '=', author.id).execute();
    } else {
      await trx
        .updateTable('authors')
        .set({ contact_email: claimed.email, contact_email_verified_at: sql`now()` })
        .where('id', '=', author.id)
        .execute();
    }
    if (claimed.outlet_id)
      await audit(trx, {
        outletId: claimed.outlet_id,
        actorId: userId,
        action: purpose === 'link' ? 'author.linked' : 'author.email_verified',
        subject: claimed.email ?? '',
      });
    return { ok: true as const, authorId: author.id };
  });
}

/** A verification token for an author's own new contact email (from the author profile page). */
export async function issueVerifyToken(trx: Db, userId: string, authorId: number, email: string): Promise<string> {
  const token = newToken();
  await trx
    .insertInto('author_tokens')
    .values({
      purpose: 'verify',
      token_hash: hashToken(token),
      outlet_id: null,
      author_id: authorId,
      email,
      created_by: userId,
      expires_at: sql`now() + ${`${TOKEN_LIFETIME_MS} milliseconds`}::interval`,
    })
    .execute();
  return token;
}
