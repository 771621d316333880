import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { slugify } from '../games/slug.ts';
import { audit, outletAccess } from './access.server.ts';
import { refuse, type ManageResult } from './drafts.server.ts';
import { MANAGE_MESSAGES as M, type authorProfileSchema } from './manage.ts';
import { issueVerifyToken, type IssuedToken } from './tokens.server.ts';

/**
 * An outlet's authors as its owners manage them, and an author's own profile. Removing an
 * author ends their access; their published reviews stay, credited to them.
 */

type Db = Kysely<Database>;

export interface ManagedAuthor {
  id: number;
  name: string;
  slug: string;
  role: string;
  hasAccount: boolean;
  contactEmail: string | null;
  contactVerified: boolean;
  reviewCount: number;
}

export async function managedAuthors(db: Db, outletId: number): Promise<ManagedAuthor[]> {
  const rows = await db
    .selectFrom('outlet_authors as oa')
    .innerJoin('authors', 'authors.id', 'oa.author_id')
    .select([
      'authors.id',
      'authors.name',
      'authors.slug',
      'oa.role',
      'authors.user_id',
      'authors.contact_email',
      'authors.contact_email_verified_at',
      sql<number>`(select count(*)::int from public.critic_reviews r where r.author_id = authors.id and r.outlet_id = ${outletId})`.as(
        'reviewCount',
      ),
    ])
    .where('oa.outlet_id', '=', outletId)
    .orderBy(sql`lower(authors.name)`)
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    role: row.role,
    hasAccount: row.user_id !== null,
    contactEmail: row.contact_email,
    contactVerified: row.contact_email_verified_at !== null,
    reviewCount: row.reviewCount,
  }));
}

/** Removes an author from the outlet (owners only); their reviews stay credited. */
export async function removeAuthor(
  db: Db,
  userId: string,
  slug: string,
  authorId: number,
): Promise<ManageResult<null>> {
  return db.transaction().execute(async (trx) => {
    const access = await outletAccess(trx, userId, { slug });
    if (!access) return refuse('forbidden', M.noAccess);
    if (access.role !== 'owner') return refuse('forbidden', M.ownersOnly);
    const removed = await trx
      .deleteFrom('outlet_authors')
      .where('outlet_id', '=', access.outlet.id)
      .where('author_id', '=', authorId)
      .returning('author_id')
      .executeTakeFirst();
    if (!removed) return refuse('not-found', M.noAuthor);
    const author = await trx.selectFrom('authors').select('name').where('id', '=', authorId).executeTakeFirst();
    await audit(trx, {
      outletId: access.outlet.id,
      actorId: userId,
      action: 'author.removed',
      subject: author?.name ?? String(authorId),
    });
    return { ok: true, value: null, change: { gameSlugs: [], outletSlug: access.outlet.slug, authorIds: [authorId] } };
  });
}

export interface OwnAuthorProfile {
  id: number;
  name: string;
  slug: string;
  bio: string;
  avatarUrl: string | null;
  links: string[];
  contactEmail: string | null;
  contactVerified: boolean;
}

/** The author record linked to the account, or undefined. */
export async function ownAuthorProfile(db: Db, userId: string): Promise<OwnAuthorProfile | undefined> {
  const row = await db
    .selectFrom('authors')
    .select(['id', 'name', 'slug', 'bio', 'avatar_url', 'links', 'contact_email', 'contact_email_verified_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    bio: row.bio ?? '',
    avatarUrl: row.avatar_url,
    links: row.links,
    contactEmail: row.contact_email,
    contactVerified: row.contact_email_verified_at !== null,
  };
}

/** Saves the author's public name, bio and links (a rename changes the URL; the old one redirects) and their contact email (a new one is verified by email). */
export async function saveAuthorProfile(
  db: Db,
  userId: string,
  input: z.output<typeof authorProfileSchema>,
): Promise<ManageResult<{ authorId: number; verifyToken: IssuedToken | null }>> {
  return db.transaction().execute(async (trx) => {
    const author = await trx
      .selectFrom('authors')
      .select(['id', 'name', 'contact_email'])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!author) return refuse('not-found', 'Your account is not linked to an author yet.');
    const emailChanged = input.contactEmail !== null && input.contactEmail !== author.contact_email;
    await trx
      .updateTable('authors')
      .set({
        name: input.name,
        slug: slugify(input.name, 100) || 'author',
        bio: input.bio === '' ? null : input.bio,
        links: input.links,
        ...(emailChanged ? { contact_email: input.contactEmail, contact_email_verified_at: null } : {}),
        ...(input.contactEmail === null ? { contact_email: null, contact_email_verified_at: null } : {}),
      })
      .where('id', '=', author.id)
      .execute();
    const outlets = await trx
      .selectFrom('outlet_authors')
      .innerJoin('outlets', 'outlets.id', 'outlet_authors.outlet_id')
      .select(['outlets.id', 'outlets.slug'])
      .where('author_id', '=', author.id)
      .execute();
    for (const outlet of outlets) {
      await audit(trx, {
        outletId: outlet.id,
        actorId: userId,
        action: 'author.profile_updated',
        subject: input.name,
        before: { name: author.name },
        after: { name: input.name },
      });
    }
    const verifyToken =
      emailChanged && input.contactEmail
        ? {
            token: await issueVerifyToken(trx, userId, author.id, input.contactEmail),
            email: input.contactEmail,
            outlet: { slug: '', name: 'Your outlet' },
          }
        : null;
    return {
      ok: true,
      value: { authorId: author.id, verifyToken },
      change: { gameSlugs: [], outletSlug: outlets[0]?.slug ?? '', authorIds: [author.id] },
    };
  });
}

/** Does the user own any outlet (the outlet-owner guard without a slug)? */
export async function ownsAnyOutlet(db: Db, userId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('outlet_owners')
      .select('outlet_id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

/** "Apply as an author": a signed-in user's request to write for an outlet, shown to its owners. One open request per outlet. */
export async function applyAsAuthor(
  db: Db,
  userId: string,
  input: { outlet: string; name: string; message: string },
): Promise<ManageResult<null>> {
  const outlet = await db.selectFrom('outlets').select('id').where('slug', '=', input.outlet).executeTakeFirst();
  if (!outlet) return refuse('not-found', M.noOutlet);
  if (await outletAccess(db, userId, { id: outlet.id })) return refuse('conflict', M.alreadyAuthor);
  const inserted = await db
    .insertInto('author_applications')
    .values({ outlet_id: outlet.id, user_id: userId, name: input.name, message: input.message })
    .onConflict((oc) => oc.columns(['outlet_id', 'user_id']).where('resolved_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return refuse('conflict', 'You have already applied to this outlet: its owners will answer by email.');
  return { ok: true, value: null };
}

export interface AuthorApplication {
  id: string;
  name: string;
  email: string | null;
  message: string;
  createdAt: Date;
}

/** The outlet's open applications, newest first. */
export async function openApplications(db: Db, outletId: number): Promise<AuthorApplication[]> {
  const rows = await db
    .selectFrom('author_applications as a')
    .leftJoin('auth.users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.name', 'u.email', 'a.message', 'a.created_at'])
    .where('a.outlet_id', '=', outletId)
    .where('a.resolved_at', 'is', null)
    .orderBy('a.created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: new Date(row.created_at),
  }));
}

/**
 * Makes the account with `email` an owner of the outlet `slug` (what approving an outlet
 * application does; `npm run outlet -- add-owner`). Idempotent; recorded in the audit log.
 */
export async function addOutletOwner(
  db: Db,
  slug: string,
  email: string,
): Promise<{ ok: true; added: boolean } | { ok: false; message: string }> {
  return db.transaction().execute(async (trx) => {
    const outlet = await trx
      .selectFrom('outlets')
      .select(['id', 'owner_id'])
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!outlet) return { ok: false as const, message: `No outlet with the slug "${slug}".` };
    const user = await trx
      .selectFrom('auth.users')
      .select('id')
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) return { ok: false as const, message: `No account with the email ${email}: the person signs up first.` };
    const inserted = await trx
      .insertInto('outlet_owners')
      .values({ outlet_id: outlet.id, user_id: user.id })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (outlet.owner_id === null)
      await trx.updateTable('outlets').set({ owner_id: user.id }).where('id', '=', outlet.id).execute();
    if (inserted)
      await audit(trx, {
        outletId: outlet.id,
        actorId: null,
        action: 'owner.added',
        subject: email.trim().toLowerCase(),
      });
    return { ok: true as const, added: inserted !== undefined };
  });
}
