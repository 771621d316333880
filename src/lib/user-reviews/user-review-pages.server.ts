import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { activeWindows, gameUserScore, topReviews, type ReviewWindowView, type UserReviewView } from './user-reviews.server.ts';
import type { UserScore } from './user-reviews.ts';

type Db = Kysely<Database>;

export interface UserScoreSection {
  score: UserScore;
  windows: ReviewWindowView[];
  top: UserReviewView[];
  platforms: { id: number; name: string }[];
}

/** Everything the user score block of a game page shows (the same for every visitor). */
export async function userScoreSection(db: Db, gameId: number): Promise<UserScoreSection> {
  const [score, windows, top, platforms] = await Promise.all([
    gameUserScore(db, gameId),
    activeWindows(db, gameId),
    topReviews(db, gameId),
    gamePlatformChoices(db, gameId),
  ]);
  return { score, windows, top, platforms };
}

/** The platforms a game came out on: the choices of the review form's "platform played". */
export async function gamePlatformChoices(db: Db, gameId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('game_platforms as gp')
    .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
    .select(['p.id', 'p.name'])
    .where('gp.game_id', '=', gameId)
    .orderBy('p.name')
    .execute();
}
