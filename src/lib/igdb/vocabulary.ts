/**
 * IGDB's ids for the things the catalogue has its own words for. IGDB's platform, genre,
 * theme, game type, external source and region ids are stable (api-docs.igdb.com lists them;
 * the numbers below are the ones its platforms, genres, themes, game_types,
 * external_game_sources and release_date_regions endpoints answer).
 */

/** IGDB platform id -> the catalogue's platform slug (src/lib/catalogue-import/reference.ts). */
export const IGDB_PLATFORMS: Readonly<Record<number, string>> = {
  6: 'pc',
  14: 'mac',
  3: 'linux',
  167: 'ps5',
  48: 'ps4',
  9: 'ps3',
  8: 'ps2',
  7: 'ps1',
  38: 'psp',
  46: 'ps-vita',
  169: 'xbox-series',
  49: 'xbox-one',
  12: 'xbox-360',
  11: 'xbox',
  130: 'switch',
  41: 'wii-u',
  5: 'wii',
  21: 'gamecube',
  4: 'n64',
  19: 'snes',
  18: 'nes',
  37: '3ds',
  20: 'ds',
  24: 'gba',
  33: 'game-boy',
  23: 'dreamcast',
  32: 'saturn',
  29: 'genesis',
  59: 'atari-2600',
  39: 'ios',
  34: 'android',
};

/** IGDB genre id -> the catalogue's genre slug; genres it has no word for are left out. */
export const IGDB_GENRES: Readonly<Record<number, string>> = {
  2: 'adventure', // Point-and-click
  4: 'fighting',
  5: 'shooter',
  7: 'music',
  8: 'platformer', // Platform
  9: 'puzzle',
  10: 'racing',
  11: 'strategy', // Real Time Strategy (RTS)
  12: 'rpg', // Role-playing (RPG)
  13: 'simulation', // Simulator
  14: 'sports', // Sport
  15: 'strategy',
  16: 'strategy', // Turn-based strategy (TBS)
  24: 'strategy', // Tactical
  25: 'action', // Hack and slash/Beat 'em up
  31: 'adventure',
  32: 'indie',
  34: 'visual-novel',
  36: 'mmo', // MOBA is online and many-player; the nearest word the catalogue has
};

/** IGDB theme id -> catalogue genre slug: IGDB files "Action" and "Party" as themes. */
export const IGDB_THEME_GENRES: Readonly<Record<number, string>> = {
  1: 'action',
  40: 'party',
};

/** The game types (game_types ids, the older `category` enum) the catalogue shows. */
export const SHOWN_GAME_TYPES = {
  0: 'main_game',
  2: 'expansion',
  3: 'bundle',
  4: 'standalone_expansion',
  8: 'remake',
  9: 'remaster',
  11: 'port',
} as const;
export type CatalogueGameType = (typeof SHOWN_GAME_TYPES)[keyof typeof SHOWN_GAME_TYPES];

/** External services whose ids the catalogue keeps (external_game_sources ids = the older category enum). */
export const EXTERNAL_SOURCES = { 1: 'steam', 5: 'gog', 26: 'epic' } as const;
export type ExternalSource = (typeof EXTERNAL_SOURCES)[keyof typeof EXTERNAL_SOURCES];

/** release_date_regions ids (the older `region` enum). */
export const RELEASE_REGIONS: Readonly<Record<number, string>> = {
  1: 'europe',
  2: 'north_america',
  3: 'australia',
  4: 'new_zealand',
  5: 'japan',
  6: 'china',
  7: 'asia',
  8: 'worldwide',
  9: 'korea',
  10: 'brazil',
};

/** date_format ids (the older release date `category`): 0 is a full date; the rest are a month, a year, a quarter or TBD. */
export const FULL_DATE_FORMAT = 0;

/** IGDB's image CDN: https://images.igdb.com/igdb/image/upload/t_{size}/{image_id}.jpg (api-docs.igdb.com, "Images"). */
export function igdbImageUrl(
  imageId: string,
  size: 'cover_big' | 'cover_small' | 't_thumb' | '720p' = 'cover_big',
): string {
  return `https://images.igdb.com/igdb/image/upload/t_${size.replace(/^t_/, '')}/${imageId}.jpg`;
}
