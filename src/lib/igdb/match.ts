import type { MappedGame } from './mapping.ts';
import { normaliseTitle } from './mapping.ts';

/** A catalogue game an IGDB game might be. */
export interface Candidate {
  id: number;
  title: string;
  releaseDate: string | null;
  /** The IGDB id the game is already bound to, if any. */
  igdbId: string | null;
}

export type MatchDecision =
  | { kind: 'bound'; gameId: number; by: 'igdb' | 'steam' | 'gog' | 'epic' }
  | { kind: 'title'; gameId: number }
  | { kind: 'uncertain'; gameId: number | null; reason: string }
  | { kind: 'new' };

/**
 * Edition names that set a release of a game apart without making it another game; a title
 * that differs from another only by one is a match for an administrator to confirm.
 */
const EDITION =
  / (?:(?:game of year|goty|definitive|deluxe|digital deluxe|complete|ultimate|gold|premium|standard|special|collectors|limited|enhanced|anniversary|legendary) edition|directors cut)$/;

/** The normalised title without an edition suffix ("… Game of the Year Edition"). */
export function looseTitle(title: string): string {
  const key = normaliseTitle(title);
  return key.replace(EDITION, '') || key;
}

/**
 * The word the catalogue's candidates for a title are looked up by: its longest word as
 * public.title_words splits it (lower case, split on anything not a letter or digit), leaving
 * out numbers and roman numerals, which titles write either way.
 */
export function titleWord(title: string): string | null {
  const words = title
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !/^\d+$/.test(word) && normaliseTitle(word) === word && word !== 'the');
  return words.reduce<string | null>((longest, word) => (word.length > (longest?.length ?? 0) ? word : longest), null);
}

/**
 * Where an IGDB game goes, given the games its external ids already name (`byExternal`,
 * source -> game) and the games with its title: its own IGDB id first, then a store id; then
 * one unbound game with the same normalised title and release year. A title alone (another
 * year, no year, several such games, the same title but for an edition) is for an
 * administrator to decide.
 */
export function decideMatch(
  game: MappedGame,
  byExternal: ReadonlyMap<string, { gameId: number; igdbId: string | null }>,
  titleCandidates: readonly Candidate[],
): MatchDecision {
  const own = byExternal.get(`igdb:${game.igdbId}`);
  if (own) return { kind: 'bound', gameId: own.gameId, by: 'igdb' };
  for (const { source, externalId } of game.externalIds) {
    const found = byExternal.get(`${source}:${externalId}`);
    if (!found) continue;
    if (found.igdbId !== null && found.igdbId !== String(game.igdbId)) {
      return {
        kind: 'uncertain',
        gameId: found.gameId,
        reason: `its ${source} id ${externalId} belongs to a game bound to another IGDB game`,
      };
    }
    return { kind: 'bound', gameId: found.gameId, by: source };
  }
  const unbound = titleCandidates.filter((c) => c.igdbId === null);
  const same = unbound.filter((c) => normaliseTitle(c.title) === game.titleKey);
  if (same.length === 0) {
    const loose = looseTitle(game.title);
    const edition = unbound.find((c) => looseTitle(c.title) === loose);
    return edition
      ? { kind: 'uncertain', gameId: edition.id, reason: 'the same title but for an edition' }
      : { kind: 'new' };
  }
  const sameYear = same.filter((c) => c.releaseDate !== null && Number(c.releaseDate.slice(0, 4)) === game.releaseYear);
  if (sameYear.length === 1 && same.length === 1 && game.releaseYear !== null)
    return { kind: 'title', gameId: sameYear[0]?.id ?? 0 };
  if (sameYear.length > 1 || same.length > 1) {
    return {
      kind: 'uncertain',
      gameId: (sameYear[0] ?? same[0])?.id ?? null,
      reason: `${same.length} catalogue games have this title`,
    };
  }
  return {
    kind: 'uncertain',
    gameId: same[0]?.id ?? null,
    reason: 'same title, but a different or unknown release year',
  };
}
