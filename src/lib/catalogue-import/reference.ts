/**
 * The catalogue's platforms and genres, and how each source dataset's codes map onto them.
 * Slugs are public URLs (/games?platform=ps4, /browse/platform/switch/...): never rename one.
 */

export interface PlatformRef {
  slug: string;
  name: string;
  abbreviation: string;
}

export interface GenreRef {
  slug: string;
  name: string;
}

export const PLATFORMS: readonly PlatformRef[] = [
  { slug: 'pc', name: 'PC', abbreviation: 'PC' },
  { slug: 'mac', name: 'macOS', abbreviation: 'Mac' },
  { slug: 'linux', name: 'Linux', abbreviation: 'Linux' },
  { slug: 'ps5', name: 'PlayStation 5', abbreviation: 'PS5' },
  { slug: 'ps4', name: 'PlayStation 4', abbreviation: 'PS4' },
  { slug: 'ps3', name: 'PlayStation 3', abbreviation: 'PS3' },
  { slug: 'ps2', name: 'PlayStation 2', abbreviation: 'PS2' },
  { slug: 'ps1', name: 'PlayStation', abbreviation: 'PS1' },
  { slug: 'psp', name: 'PlayStation Portable', abbreviation: 'PSP' },
  { slug: 'ps-vita', name: 'PlayStation Vita', abbreviation: 'Vita' },
  { slug: 'xbox-series', name: 'Xbox Series X|S', abbreviation: 'XSX' },
  { slug: 'xbox-one', name: 'Xbox One', abbreviation: 'XOne' },
  { slug: 'xbox-360', name: 'Xbox 360', abbreviation: 'X360' },
  { slug: 'xbox', name: 'Xbox', abbreviation: 'Xbox' },
  { slug: 'switch', name: 'Nintendo Switch', abbreviation: 'Switch' },
  { slug: 'wii-u', name: 'Wii U', abbreviation: 'Wii U' },
  { slug: 'wii', name: 'Wii', abbreviation: 'Wii' },
  { slug: 'gamecube', name: 'GameCube', abbreviation: 'GC' },
  { slug: 'n64', name: 'Nintendo 64', abbreviation: 'N64' },
  { slug: 'snes', name: 'Super Nintendo', abbreviation: 'SNES' },
  { slug: 'nes', name: 'Nintendo Entertainment System', abbreviation: 'NES' },
  { slug: '3ds', name: 'Nintendo 3DS', abbreviation: '3DS' },
  { slug: 'ds', name: 'Nintendo DS', abbreviation: 'DS' },
  { slug: 'gba', name: 'Game Boy Advance', abbreviation: 'GBA' },
  { slug: 'game-boy', name: 'Game Boy', abbreviation: 'GB' },
  { slug: 'dreamcast', name: 'Dreamcast', abbreviation: 'DC' },
  { slug: 'saturn', name: 'Sega Saturn', abbreviation: 'SAT' },
  { slug: 'genesis', name: 'Sega Genesis', abbreviation: 'GEN' },
  { slug: 'atari-2600', name: 'Atari 2600', abbreviation: '2600' },
  { slug: 'ios', name: 'iOS', abbreviation: 'iOS' },
  { slug: 'android', name: 'Android', abbreviation: 'Android' },
];

/** VGChartz console codes -> platform slugs. */
export const VGCHARTZ_PLATFORMS: Readonly<Record<string, string>> = {
  PC: 'pc',
  OSX: 'mac',
  Linux: 'linux',
  PS5: 'ps5',
  PS4: 'ps4',
  PS3: 'ps3',
  PS2: 'ps2',
  PS: 'ps1',
  PSP: 'psp',
  PSV: 'ps-vita',
  XS: 'xbox-series',
  XOne: 'xbox-one',
  X360: 'xbox-360',
  XB: 'xbox',
  NS: 'switch',
  WiiU: 'wii-u',
  Wii: 'wii',
  GC: 'gamecube',
  N64: 'n64',
  SNES: 'snes',
  NES: 'nes',
  '3DS': '3ds',
  DS: 'ds',
  GBA: 'gba',
  GB: 'game-boy',
  DC: 'dreamcast',
  SAT: 'saturn',
  GEN: 'genesis',
  '2600': 'atari-2600',
  iOS: 'ios',
  And: 'android',
};

/** Steam's platform flags -> platform slugs. */
export const STEAM_PLATFORMS: Readonly<Record<string, string>> = {
  windows: 'pc',
  mac: 'mac',
  linux: 'linux',
};

export const GENRES: readonly GenreRef[] = [
  { slug: 'action', name: 'Action' },
  { slug: 'action-adventure', name: 'Action-Adventure' },
  { slug: 'adventure', name: 'Adventure' },
  { slug: 'casual', name: 'Casual' },
  { slug: 'fighting', name: 'Fighting' },
  { slug: 'indie', name: 'Indie' },
  { slug: 'mmo', name: 'Massively Multiplayer' },
  { slug: 'misc', name: 'Miscellaneous' },
  { slug: 'music', name: 'Music' },
  { slug: 'party', name: 'Party' },
  { slug: 'platformer', name: 'Platformer' },
  { slug: 'puzzle', name: 'Puzzle' },
  { slug: 'racing', name: 'Racing' },
  { slug: 'rpg', name: 'Role-Playing' },
  { slug: 'shooter', name: 'Shooter' },
  { slug: 'simulation', name: 'Simulation' },
  { slug: 'sports', name: 'Sports' },
  { slug: 'strategy', name: 'Strategy' },
  { slug: 'visual-novel', name: 'Visual Novel' },
  { slug: 'animation-modeling', name: 'Animation & Modeling' },
  { slug: 'video-production', name: 'Video Production' },
];

/**
 * Source genre labels -> genre slugs. `null` marks labels that are not genres (business
 * models, release states, content descriptors) and are dropped on import.
 */
export const SOURCE_GENRES: Readonly<Record<string, string | null>> = {
  Action: 'action',
  'Action-Adventure': 'action-adventure',
  Adventure: 'adventure',
  Casual: 'casual',
  Fighting: 'fighting',
  Indie: 'indie',
  'Massively Multiplayer': 'mmo',
  MMO: 'mmo',
  Misc: 'misc',
  Music: 'music',
  Party: 'party',
  Platform: 'platformer',
  Puzzle: 'puzzle',
  Racing: 'racing',
  RPG: 'rpg',
  'Role-Playing': 'rpg',
  Shooter: 'shooter',
  Simulation: 'simulation',
  Sports: 'sports',
  Strategy: 'strategy',
  'Visual Novel': 'visual-novel',
  'Animation & Modeling': 'animation-modeling',
  'Video Production': 'video-production',
  'Free to Play': null,
  'Early Access': null,
  Violent: null,
  Gore: null,
  Nudity: null,
  'Sexual Content': null,
};
