import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { activeWindows, gameUserScore, topReviews } from './user-reviews.server.ts';
import type { UserScoreSection } from './user-reviews.ts';

type Db = Kysely<Database>;

/**
 * The user score block of a game page. The review form's platform choices come from the
 * game's releases, which the page has already.
 */
export async function userScoreSection(db: Db, game: { id: number; releases: { id: number; name: string }[] }): Promise<UserScoreSection> {
  const [score, windows, top] = await Promise.all([gameUserScore(db, game.id), activeWindows(db, game.id), topReviews(db, game.id)]);
  const platforms = game.releases.map(({ id, name }) => ({ id, name })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { score, windows, top, platforms };
}

