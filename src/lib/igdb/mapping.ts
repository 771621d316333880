import { cleanTitle } from '../catalogue-import/merge.ts';
import { slugify } from '../games/slug.ts';
import { igdbGameSchema, type IgdbGame } from './schema.ts';
import {
  EXTERNAL_SOURCES,
  FULL_DATE_FORMAT,
  IGDB_GENRES,
  IGDB_PLATFORMS,
  IGDB_THEME_GENRES,
  igdbImageUrl,
  RELEASE_REGIONS,
  SHOWN_GAME_TYPES,
  type CatalogueGameType,
  type ExternalSource,
} from './vocabulary.ts';

/** What an IGDB game becomes in the catalogue, before it is matched to an existing entry. */
export interface MappedGame {
  igdbId: number;
  title: string;
  /** The slug a new entry would take (made unique by the writer). */
  slug: string;
  /** For matching: see normaliseTitle. */
  titleKey: string;
  summary: string | null;
  releaseDate: string | null;
  releaseYear: number | null;
  gameType: CatalogueGameType;
  parentIgdbId: number | null;
  coverImageId: string | null;
  coverUrl: string | null;
  /** Catalogue platform slugs, with the earliest full date IGDB knows on each. */
  platforms: { slug: string; releaseDate: string | null }[];
  /** Every dated release IGDB lists, per platform (catalogue slug or null) and region. */
  releases: { igdbPlatformId: number; platform: string | null; region: string; date: string | null }[];
  genres: string[];
  themes: string[];
  developers: { igdbId: number; name: string }[];
  publishers: { igdbId: number; name: string }[];
  franchises: string[];
  alternativeNames: { name: string; comment: string | null }[];
  /** Store ids, each with the address IGDB gives for it (https only, else null). */
  externalIds: { source: ExternalSource; externalId: string; url: string | null }[];
  /** The game's page on igdb.com, as IGDB gives it (or made from its slug). */
  igdbUrl: string | null;
  updatedAt: number | null;
}

export type MappingResult = { kind: 'game'; game: MappedGame } | { kind: 'skipped'; igdbId: number; reason: string };

const MAX_TITLE = 200;
const MAX_SUMMARY = 4000;
const IMAGE_ID = /^[a-z0-9]{1,64}$/;
const STEAM_APP_ID = /^[1-9]\d{0,9}$/;
/** The longest address kept (the column's bound). */
export const MAX_URL = 500;
const IGDB_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Roman numerals read as numbers where that is safe: II to XX, but not I (a word) nor X
 * ("Mega Man X" is not "Mega Man 10").
 */
const ROMAN: Readonly<Record<string, string>> = {
  ii: '2',
  iii: '3',
  iv: '4',
  v: '5',
  vi: '6',
  vii: '7',
  viii: '8',
  ix: '9',
  xi: '11',
  xii: '12',
  xiii: '13',
  xiv: '14',
  xv: '15',
  xvi: '16',
  xvii: '17',
  xviii: '18',
  xix: '19',
  xx: '20',
};

/**
 * The form two titles are compared in: trademark signs dropped, accents folded, "&" read as
 * "and", punctuation gone, lower case, the word "the" left out, roman numerals II to XX read
 * as numbers, single spaces. "The Witcher® 3: Wild Hunt" and "witcher III wild hunt" are the
 * same key.
 */
export function normaliseTitle(title: string): string {
  const key = title
    .replace(/[™®©℠]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && word !== 'the')
    .map((word) => ROMAN[word] ?? word)
    .join(' ');
  return key || title.trim().toLowerCase();
}

/** A Unix time in seconds as a calendar date in UTC (IGDB's dates are midnight UTC). */
export function isoDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

const refId = (value: number | { id: number } | undefined): number | undefined =>
  typeof value === 'object' ? value.id : value;

function objects<T extends { id: number }>(list: readonly (T | number)[] | undefined): T[] {
  return (list ?? []).filter((item): item is T => typeof item === 'object');
}

function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function gameType(game: IgdbGame): CatalogueGameType | undefined {
  const type = refId(game.game_type) ?? game.category ?? 0;
  return (SHOWN_GAME_TYPES as Record<number, CatalogueGameType>)[type];
}

function releases(game: IgdbGame): MappedGame['releases'] {
  return objects(game.release_dates).flatMap((release) => {
    const platformId = refId(release.platform);
    if (platformId === undefined) return [];
    const format = refId(release.date_format) ?? release.category ?? FULL_DATE_FORMAT;
    const regionId = refId(release.release_region) ?? release.region ?? 8;
    return [
      {
        igdbPlatformId: platformId,
        platform: IGDB_PLATFORMS[platformId] ?? null,
        region: RELEASE_REGIONS[regionId] ?? 'worldwide',
        date: release.date !== undefined && format === FULL_DATE_FORMAT ? isoDate(release.date) : null,
      },
    ];
  });
}

function platforms(game: IgdbGame, dated: MappedGame['releases']): MappedGame['platforms'] {
  const ids = unique([...(game.platforms ?? []).map((p) => refId(p)), ...dated.map((r) => r.igdbPlatformId)]);
  const slugs = unique(ids.flatMap((id) => (id !== undefined && IGDB_PLATFORMS[id] ? [IGDB_PLATFORMS[id]] : [])));
  return slugs.map((slug) => {
    const dates = dated.filter((r) => r.platform === slug && r.date).map((r) => r.date ?? '');
    return { slug, releaseDate: dates.sort()[0] ?? null };
  });
}

function companies(game: IgdbGame, role: 'developer' | 'publisher'): MappedGame['developers'] {
  const found = new Map<number, string>();
  for (const involved of objects(game.involved_companies)) {
    if (!involved[role] || typeof involved.company !== 'object') continue;
    const name = cleanTitle(involved.company.name ?? '');
    if (name && name.length <= MAX_TITLE) found.set(involved.company.id, name);
  }
  return [...found].map(([igdbId, name]) => ({ igdbId, name }));
}

/**
 * An address as the catalogue keeps it: an absolute https URL without credentials, at most
 * MAX_URL characters once normalised; anything else is no address. Which hosts a page links
 * to is decided where the links are made (src/lib/games/store-links.ts).
 */
export function httpsUrl(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text || !URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null;
  return url.href.length <= MAX_URL ? url.href : null;
}

function externalIds(game: IgdbGame): MappedGame['externalIds'] {
  const found = new Map<string, MappedGame['externalIds'][number]>();
  for (const external of objects(game.external_games)) {
    const sourceId = refId(external.external_game_source) ?? external.category;
    const source = sourceId === undefined ? undefined : (EXTERNAL_SOURCES as Record<number, ExternalSource>)[sourceId];
    const uid = external.uid?.trim();
    if (!source || !uid || uid.length > 200) continue;
    if (source === 'steam' && !STEAM_APP_ID.test(uid)) continue;
    const key = `${source}:${uid}`;
    const url = httpsUrl(external.url);
    const seen = found.get(key);
    // The same id twice: the first record with an address gives it.
    if (!seen) found.set(key, { source, externalId: uid, url });
    else if (seen.url === null) seen.url = url;
  }
  return [...found.values()];
}

/** The game's igdb.com page: its `url`, else the address its slug names. */
function igdbUrl(game: IgdbGame): string | null {
  const url = httpsUrl(game.url);
  if (url) return url;
  return game.slug && IGDB_SLUG.test(game.slug) ? `https://www.igdb.com/games/${game.slug}` : null;
}

/** An IGDB game as the catalogue would hold it, or why the catalogue leaves it out. */
export function mapGame(game: IgdbGame): MappingResult {
  const skip = (reason: string): MappingResult => ({ kind: 'skipped', igdbId: game.id, reason });
  const title = cleanTitle(game.name ?? '');
  if (!title) return skip('no name');
  if (title.length > MAX_TITLE) return skip(`a name longer than ${MAX_TITLE} characters`);
  const type = gameType(game);
  if (!type) return skip(`game type ${refId(game.game_type) ?? game.category} is not one the catalogue shows`);

  const dated = releases(game);
  const releaseDate = game.first_release_date === undefined ? null : isoDate(game.first_release_date);
  const imageId = typeof game.cover === 'object' ? game.cover.image_id : undefined;
  const coverImageId = imageId && IMAGE_ID.test(imageId) ? imageId : null;
  const genreSlugs = unique([
    ...objects(game.genres).flatMap((genre) => (IGDB_GENRES[genre.id] ? [IGDB_GENRES[genre.id] ?? ''] : [])),
    ...objects(game.themes).flatMap((theme) =>
      IGDB_THEME_GENRES[theme.id] ? [IGDB_THEME_GENRES[theme.id] ?? ''] : [],
    ),
  ]);
  const titleKey = normaliseTitle(title);
  const alternativeNames = new Map<string, { name: string; comment: string | null }>();
  for (const alternative of objects(game.alternative_names)) {
    const name = cleanTitle(alternative.name ?? '');
    const key = normaliseTitle(name);
    if (!name || name.length > MAX_TITLE || key === titleKey || alternativeNames.has(key)) continue;
    alternativeNames.set(key, {
      name,
      comment: alternative.comment ? cut(cleanTitle(alternative.comment), 200) : null,
    });
  }
  const summary = game.summary?.trim() ? cut(game.summary.trim(), MAX_SUMMARY) : null;

  return {
    kind: 'game',
    game: {
      igdbId: game.id,
      title,
      slug: slugify(title) || `igdb-${game.id}`,
      titleKey,
      summary,
      releaseDate,
      releaseYear: releaseDate ? Number(releaseDate.slice(0, 4)) : null,
      gameType: type,
      parentIgdbId: refId(game.parent_game) ?? null,
      coverImageId,
      coverUrl: coverImageId ? igdbImageUrl(coverImageId) : null,
      platforms: platforms(game, dated),
      releases: dated,
      genres: genreSlugs,
      themes: unique(objects(game.themes).flatMap((theme) => (theme.name ? [cleanTitle(theme.name)] : []))),
      developers: companies(game, 'developer'),
      publishers: companies(game, 'publisher'),
      franchises: unique(
        [...objects(game.franchises), ...objects(game.collections)].flatMap((f) =>
          f.name ? [cleanTitle(f.name)] : [],
        ),
      ),
      alternativeNames: [...alternativeNames.values()],
      externalIds: externalIds(game),
      igdbUrl: igdbUrl(game),
      updatedAt: game.updated_at ?? null,
    },
  };
}

/** Maps a page as IGDB answered it; records that fail the documented shape or that the catalogue leaves out are skipped. */
export function mapPage(records: readonly unknown[]): { games: MappedGame[]; skipped: number } {
  const games: MappedGame[] = [];
  let skipped = 0;
  for (const record of records) {
    const parsed = igdbGameSchema.safeParse(record);
    const result = parsed.success ? mapGame(parsed.data) : undefined;
    if (result?.kind === 'game') games.push(result.game);
    else skipped += 1;
  }
  return { games, skipped };
}
