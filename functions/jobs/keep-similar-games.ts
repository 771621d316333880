import { refillSimilarGamesWithin } from '../../src/lib/games/similar-kept.server.ts';
import type { Job } from './job.ts';

/**
 * Ranks again the games whose kept similar games a catalogue change deleted (and, after the
 * migration that started keeping them, every dated game). Until then their pages rank on
 * the spot, so a slow queue costs time, never correctness. Half a second a run: on the
 * embedded database every request waits behind it.
 */
export const keepSimilarGames: Job<{ ranked: number; waiting: number }> = {
  name: 'keep-similar-games',
  everySeconds: 60,
  run: ({ db }) => refillSimilarGamesWithin(db, 500),
};
