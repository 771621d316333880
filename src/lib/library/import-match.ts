/**
 * Matching an imported title to the catalogue: titles are compared after reducing them to
 * what identifies a game, and the closest candidate wins. The database proposes the
 * candidates (import.server.ts); this decides between them, the same way every time.
 */

/** A title reduced to what identifies it: lower case, no marks, symbols or edition noise. */
export function normaliseTitle(title: string): string {
  return title
    .replace(/[™®©]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\b(game of the year|goty|definitive|complete|deluxe|remastered|enhanced|anniversary)( edition)?\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/^the /, '')
    .trim();
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  const padded = ` ${text} `;
  for (let i = 0; i < padded.length - 1; i += 1) {
    const gram = padded.slice(i, i + 2);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/** Dice similarity of two normalised titles, 0..1. */
export function titleSimilarity(a: string, b: string): number {
  const x = normaliseTitle(a);
  const y = normaliseTitle(b);
  if (x === y) return 1;
  if (!x || !y) return 0;
  const gx = bigrams(x);
  const gy = bigrams(y);
  let shared = 0;
  for (const [gram, count] of gx) shared += Math.min(count, gy.get(gram) ?? 0);
  let total = 0;
  for (const count of gx.values()) total += count;
  for (const count of gy.values()) total += count;
  return (2 * shared) / total;
}

/** Below this a candidate is not offered as a match at all. */
export const FUZZY_THRESHOLD = 0.6;

export type MatchKind = 'matched' | 'fuzzy' | 'unmatched';

export interface MatchCandidate {
  id: number;
  title: string;
  slug: string;
}

/** The best catalogue candidate for a title: exact (normalised) is `matched`, close is `fuzzy` with its confidence. */
export function bestMatch(
  title: string,
  candidates: readonly MatchCandidate[],
): { kind: MatchKind; game: MatchCandidate | null; confidence: number } {
  let best: { game: MatchCandidate; score: number } | null = null;
  for (const game of candidates) {
    const score = titleSimilarity(title, game.title);
    if (!best || score > best.score) best = { game, score };
  }
  if (!best || best.score < FUZZY_THRESHOLD) return { kind: 'unmatched', game: null, confidence: 0 };
  return {
    kind: best.score === 1 ? 'matched' : 'fuzzy',
    game: best.game,
    confidence: Math.round(best.score * 100) / 100,
  };
}
