import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { managedOutlets } from './access.server.ts';
import { outletAccess } from './access.server.ts';
import { editorOptions, outletReviews, type EditorOptions, type ManagedReview } from './manage.server.ts';
import type { OutletAccess } from './manage.ts';

/**
 * /dashboard/author: the signed-in author's drafts, scheduled and published reviews across
 * every outlet they write for, with the editor of the outlet of the item being edited.
 */

export interface AuthorDesk {
  access: OutletAccess;
  items: ManagedReview[];
  options: EditorOptions;
}

export async function authorDesks(db: Kysely<Database>, userId: string): Promise<AuthorDesk[]> {
  const outlets = await managedOutlets(db, userId);
  const desks: AuthorDesk[] = [];
  for (const outlet of outlets) {
    const access = await outletAccess(db, userId, { id: outlet.id });
    if (!access || access.authorId === null) continue;
    // As an author, even an owner sees only their own bylines here; the outlet's pages show the rest.
    const authorView: OutletAccess = { ...access, role: 'author' };
    const [items, options] = await Promise.all([
      outletReviews(db, access.outlet, 'all', { authorId: access.authorId }),
      editorOptions(db, access.outlet.id),
    ]);
    desks.push({ access: authorView, items, options });
  }
  return desks;
}
