import { rankSimilarGamesWithin } from '../../src/lib/games/similar-kept.server.ts';
import type { Job } from './job.ts';

/**
 * Ranks the catalogue's similar games again in turn, from where the last run stopped: new
 * games at once, every game again once a day (similar-kept.server.ts); a game not ranked yet
 * is ranked on its page. Half a second a run: on the embedded database every request waits
 * behind it.
 */
export const keepSimilarGames: Job<{ ranked: number; at: number }> = {
  name: 'keep-similar-games',
  everySeconds: 60,
  run: ({ db, now }) => rankSimilarGamesWithin(db, 500, { now }),
};
