import type { AstroGlobal } from 'astro';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { getDb } from '../db/db.server.ts';
import { notFound } from '../http/errors.ts';
import { outletSlugSchema } from './outlets.ts';
import { managedOutlets, outletAccess, type ManagedOutlet } from './access.server.ts';
import { CURRENT_OUTLET_COOKIE, MANAGE_MESSAGES, type OutletAccess } from './manage.ts';

/**
 * The one loader of the manage-outlet pages. The five fixed pages (behind the outlet-owner
 * guard) work on the current outlet: the one remembered in the cookie the layout's switcher
 * sets, if the user owns it, else their first owned outlet. The two /manage-outlet/{slug}
 * pages (any signed-in user) check access to that outlet here: 404 for an unknown outlet,
 * 403 for one the user neither owns nor writes for.
 */

export interface ManagePage {
  db: Kysely<Database>;
  userId: string;
  access: OutletAccess;
  outlets: ManagedOutlet[];
}

function forbidden(astro: AstroGlobal, message: string): Promise<Response> {
  astro.locals.pageError = { status: 403, message };
  return astro.rewrite('/error');
}

/** For the fixed pages: the current outlet, owned by the user. */
export async function loadCurrentOutlet(astro: AstroGlobal): Promise<ManagePage | Response> {
  const user = astro.locals.user!;
  const db = await getDb();
  const outlets = await managedOutlets(db, user.id);
  const owned = outlets.filter((outlet) => outlet.role === 'owner');
  const remembered = astro.cookies.get(CURRENT_OUTLET_COOKIE)?.value;
  const chosen = owned.find((outlet) => outlet.slug === remembered) ?? owned[0];
  if (!chosen) return forbidden(astro, "Only an outlet's owner can manage it.");
  const access = await outletAccess(db, user.id, { id: chosen.id });
  if (!access) return forbidden(astro, "Only an outlet's owner can manage it.");
  return { db, userId: user.id, access, outlets };
}

/** For /manage-outlet/{slug}...: that outlet, if the user owns it or writes for it. */
export async function loadOutletBySlug(astro: AstroGlobal): Promise<ManagePage | Response> {
  const user = astro.locals.user!;
  const slug = outletSlugSchema.safeParse(astro.params.slug);
  if (!slug.success) return notFound(astro);
  const db = await getDb();
  const [access, outlets, exists] = await Promise.all([
    outletAccess(db, user.id, { slug: slug.data }),
    managedOutlets(db, user.id),
    db.selectFrom('outlets').select('id').where('slug', '=', slug.data).executeTakeFirst(),
  ]);
  if (!exists) return notFound(astro);
  if (!access) return forbidden(astro, MANAGE_MESSAGES.noAccess);
  return { db, userId: user.id, access, outlets };
}
