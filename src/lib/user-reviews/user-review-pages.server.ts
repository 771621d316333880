import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { GameDetail } from '../games/games.ts';
import { topReviews } from './user-reviews.server.ts';
import type { UserScoreSection } from './user-reviews.ts';

type Db = Kysely<Database>;

/**
 * The user score block of a game page. The kept score, the windows not counted and the
 * review form's platform choices (the game's releases) came with the game.
 */
export async function userScoreSection(db: Db, game: Pick<GameDetail, 'id' | 'releases' | 'userScore' | 'heldWindows'>): Promise<UserScoreSection> {
  const top = await topReviews(db, game.id);
  const platforms = game.releases.map(({ id, name }) => ({ id, name })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { score: game.userScore, windows: game.heldWindows, top, platforms };
}

