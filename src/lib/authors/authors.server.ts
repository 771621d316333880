import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AuthorDetail {
  id: number;
  name: string;
  slug: string;
  bio: string | null;
  avatarUrl: string | null;
  isDemo: boolean;
  outlets: { slug: string; name: string; role: string; isDemo: boolean }[];
}

export async function getAuthorById(db: Kysely<Database>, id: number): Promise<AuthorDetail | undefined> {
  const author = await db
    .selectFrom('authors')
    .select(['id', 'name', 'slug', 'bio', 'avatar_url as avatarUrl', 'is_demo as isDemo'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!author) return undefined;
  const outlets = await db
    .selectFrom('outlet_authors')
    .innerJoin('outlets', 'outlets.id', 'outlet_authors.outlet_id')
    .select(['outlets.slug', 'outlets.name', 'outlet_authors.role', 'outlets.is_demo as isDemo'])
    .where('outlet_authors.author_id', '=', id)
    .orderBy(sql`lower(outlets.name)`)
    .execute();
  return { ...author, outlets };
}
