import type { AstroGlobal } from 'astro';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { gameTag } from '../http/cache-rules.ts';
import { invalidRouteParams, notFound } from '../http/errors.ts';
import { getDb } from '../db/db.server.ts';
import { getGameBySlug, type GameDetail } from './games.server.ts';
import { gameSlugSchema } from './slug.ts';

/**
 * What every /games/{slug}... page starts with: a malformed slug is the "Page Not Found"
 * 404, an unknown game the ordinary one; otherwise the game, the database and the page
 * tagged for purging when the game changes.
 * Use as `const loaded = await loadGamePage(Astro); if (loaded instanceof Response) return loaded;`.
 */
export async function loadGamePage(astro: AstroGlobal): Promise<{ db: Kysely<Database>; game: GameDetail } | Response> {
  const slug = gameSlugSchema.safeParse(astro.params.slug);
  if (!slug.success) return invalidRouteParams(astro);
  const db = await getDb();
  const game = await getGameBySlug(db, slug.data);
  if (!game) return notFound(astro);
  astro.cache.set({ tags: [gameTag(game.slug)] });
  return { db, game };
}
