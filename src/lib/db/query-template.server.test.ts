import { sql, type QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from './connect.server.ts';
import { queryTemplate } from './query-template.server.ts';

let connection: DatabaseConnection;
let slugs: string[];

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true });
  slugs = (await connection.db.selectFrom('games').select('slug').orderBy('id').limit(3).execute()).map(
    (game) => game.slug,
  );
});

afterAll(() => connection.close());

describe('queryTemplate', () => {
  it('compiles once and still answers each call with its own arguments', async () => {
    const db = connection.db;
    let builds = 0;
    const bySlug = queryTemplate((db, slug: string) => {
      builds += 1;
      return db.selectFrom('games').select(['slug', 'title']).where('slug', '=', slug);
    });
    for (const slug of [...slugs, ...slugs]) {
      const { rows } = await bySlug(db, slug);
      expect(rows).toEqual(await db.selectFrom('games').select(['slug', 'title']).where('slug', '=', slug).execute());
      expect(rows.map((row) => row.slug)).toEqual([slug]);
    }
    expect((await bySlug(db, 'no-such-game')).rows).toEqual([]);
    expect(builds).toBe(1);
  });

  it('binds several arguments, each wherever it is used, and runs calls side by side', async () => {
    const db = connection.db;
    const either = queryTemplate((db, first: string, second: string) =>
      db
        .selectFrom('games')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', first), eb('slug', '=', second), eb('title', '=', first)]))
        .orderBy('slug'),
    );
    const [a, b, c] = slugs as [string, string, string];
    const answers = await Promise.all([either(db, a, b), either(db, c, a), either(db, b, 'missing')]);
    expect(answers.map(({ rows }) => rows.map((row) => row.slug))).toEqual([[a, b].sort(), [a, c].sort(), [b]]);
  });

  it('hands every call to the plugins of a handle that has them, as Kysely would', async () => {
    // Like a tracing plugin: the result is matched to its query by the query's id.
    const compiled = new Set<QueryId>();
    const seen: string[] = [];
    const watched = connection.db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        compiled.add(queryId);
        return node;
      },
      transformResult: async ({ queryId, result }) => {
        if (compiled.delete(queryId)) seen.push((result.rows[0] as { slug?: string } | undefined)?.slug ?? 'none');
        return result;
      },
    });
    const bySlug = queryTemplate((db, slug: string) => db.selectFrom('games').select('slug').where('slug', '=', slug));
    for (const slug of slugs) expect((await bySlug(watched, slug)).rows).toEqual([{ slug }]);
    expect(seen).toEqual(slugs);
  });

  it('refuses, on its first call, a builder whose argument is not a parameter as given', async () => {
    const db = connection.db;
    const changed = queryTemplate((db, slug: string) =>
      db.selectFrom('games').select('slug').where('slug', '=', slug.toLowerCase()),
    );
    const prefixed = queryTemplate((db, slug: string) =>
      db.selectFrom('games').select('slug').where('slug', 'like', `${slug}%`),
    );
    await expect(prefixed(db, slugs[0]!)).rejects.toThrow('argument 0 does not reach the query');
    await expect(changed(db, slugs[0]!)).rejects.toThrow(
      'argument 0 does not reach the query as a parameter of its own, unchanged',
    );
    const inlined = queryTemplate((db, slug: string) =>
      db.selectFrom('games').select('slug').where('slug', '=', sql.lit(slug)),
    );
    await expect(inlined(db, slugs[0]!)).rejects.toThrow('argument 0 does not reach the query');
  });
});
