import { slugify } from '../../games/slug.ts';
import type { ScoreScale } from '../../scores/scores.ts';

/**
 * The demo's invented outlets, one or more per score scale, each with the lean its critics
 * give every score. Made up, and described as demo outlets wherever they are shown.
 */

export interface DemoOutlet {
  slug: string;
  name: string;
  scale: ScoreScale;
  threshold: number;
  /** Critics lean kinder or harsher: added to every score the outlet gives. */
  bias: number;
  description: string;
}

const outlet = (name: string, scale: ScoreScale, threshold: number, bias: number, focus: string): DemoOutlet => ({
  slug: slugify(name),
  name,
  scale,
  threshold,
  bias,
  description: `${focus} An invented outlet for the demo data: its reviews are made up.`,
});

export const DEMO_OUTLETS: readonly DemoOutlet[] = [
  outlet('Pixel Ledger', 'hundred', 75, 0, 'Long-form reviews with a number at the end.'),
  outlet('Frame Rate Weekly', 'hundred', 70, -3, 'Performance-minded reviews of big releases.'),
  outlet('Save Point Review', 'hundred', 75, 2, 'Reviews for people with a backlog.'),
  outlet('Quicksave Quarterly', 'hundred', 80, -6, 'A famously hard-to-please quarterly.'),
  outlet('Indie Lantern', 'hundred', 70, 4, 'Small games, big opinions.'),
  outlet('Boss Rush Digest', 'ten', 70, 1, 'Action games, reviewed on a ten-point scale.'),
  outlet('Controller Club', 'ten', 70, 3, 'Friendly reviews for couch players.'),
  outlet('Respawn Report', 'ten', 75, -2, 'Multiplayer and shooters first.'),
  outlet('Checkpoint Magazine', 'ten', 70, 0, 'A monthly magazine with one decimal to spare.'),
  outlet('Loot Table', 'ten', 65, 5, 'Role-playing games and the numbers behind them.'),
  outlet('Speedrun Times', 'ten', 80, -4, 'Reviews by people who finish games fast.'),
  outlet('Two Thumbs Gaming', 'stars', 70, 2, 'Five stars, halves allowed.'),
  outlet('Couch Co-op Critic', 'stars', 70, 4, 'Games you play together, rated in stars.'),
  outlet('Star Power Reviews', 'stars', 80, -1, 'Stars, handed out carefully.'),
  outlet('Handheld Herald', 'stars', 70, 1, 'Portable games and ports.'),
  outlet('Retro Cartridge', 'stars', 60, 3, 'Old games, remasters and re-releases.'),
  outlet('Grade A Gamer', 'letter', 75, 0, 'School-style letter grades.'),
  outlet('The Report Card', 'letter', 67, -2, 'Letter grades, from A+ to F.'),
  outlet('Honor Roll Games', 'letter', 75, 2, 'Grades and a short verdict.'),
  outlet('Side Quest Journal', 'unscored', 70, 0, 'Essays without scores: recommended or not.'),
  outlet('The Long Playthrough', 'unscored', 70, -1, 'Reviews written after finishing, no numbers.'),
  outlet('Patch Notes Daily', 'unscored', 70, 2, 'Daily news with a verdict on every review.'),
];
