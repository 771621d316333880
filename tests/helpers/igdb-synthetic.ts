import { QuerySyntaxError, type IgdbRecord, type Lookup, type ParsedQuery } from './apicalypse-reader.ts';

/**
 * A synthetic IGDB catalogue of any size for the stand-in (the bench's 300,000-game sync):
 * every record is made on demand from its id, the same every time, so a page of 500 games
 * costs the same whether the catalogue holds 1,000 games or 300,000 and nothing is kept in
 * memory. The records have IGDB's shapes (api-docs.igdb.com, "Endpoints"; the same fields
 * the fixtures in tests/fixtures/igdb keep) and refer to each other by id as IGDB's do, so the
 * stand-in's projection expands `cover.image_id`, `platforms.slug`, ... as IGDB would.
 *
 * Games are ids 1..games. Related records take ids derived from their game's
 * (`game * 8 + k`), so any of them can be made from its id alone. About one game in 25 is of a
 * type the catalogue leaves out (a DLC, a mod, an update); most have a cover, a Steam app id,
 * developers and publishers from a pool of 5,000 companies, and releases on one to four
 * platforms; some titles repeat (IGDB has games of one name), which exercises the slugs.
 */

/** Records made on demand instead of held: the records a query selects, and any record by id. */
export interface RecordSource {
  /** The records `query` selects on `endpoint`, before projection; undefined for an endpoint it does not make. */
  select(endpoint: string, query: ParsedQuery): IgdbRecord[] | undefined;
  lookup: Lookup;
}

// prettier-ignore
const ADJECTIVES = [
  'Crimson', 'Silent', 'Broken', 'Eternal', 'Hidden', 'Iron', 'Lost', 'Neon', 'Hollow', 'Savage',
  'Frozen', 'Golden', 'Shattered', 'Wild', 'Last', 'Dark', 'Burning', 'Sunken', 'Distant', 'Electric',
  'Forgotten', 'Quiet', 'Radiant', 'Rusty', 'Stellar', 'Twisted', 'Velvet', 'Wandering', 'Ancient', 'Brave',
];
// prettier-ignore
const NOUNS = [
  'Odyssey', 'Kingdom', 'Frontier', 'Legacy', 'Horizon', 'Dungeon', 'Citadel', 'Harbor', 'Chronicle', 'Empire',
  'Garden', 'Outpost', 'Requiem', 'Voyage', 'Station', 'Tower', 'Valley', 'Circuit', 'Engine', 'Island',
  'Labyrinth', 'Machine', 'Orchard', 'Pilgrim', 'Quest', 'Rebellion', 'Signal', 'Tempest', 'Utopia', 'Warden',
];
const SUBTITLES = ['Remastered', 'Origins', 'Reborn', 'Deluxe Edition', 'The Lost Chapters', 'Redux', 'Gold'];
const COMPANY_WORDS = ['Studio', 'Games', 'Interactive', 'Entertainment', 'Softworks', 'Digital', 'Labs', 'Works'];
const REGIONS = [8, 8, 8, 1, 2, 5, 3, 6, 7, 9, 10];
/** IGDB platform ids: most the catalogue knows, a few it does not (Stadia, Amiga, Arcade, Web browser). */
const PLATFORMS: Record<number, [string, string, string]> = {
  6: ['PC (Microsoft Windows)', 'win', 'PC'],
  14: ['Mac', 'mac', 'Mac'],
  3: ['Linux', 'linux', 'Linux'],
  167: ['PlayStation 5', 'ps5', 'PS5'],
  48: ['PlayStation 4', 'ps4--1', 'PS4'],
  9: ['PlayStation 3', 'ps3', 'PS3'],
  169: ['Xbox Series X|S', 'series-x-s', 'Series X|S'],
  49: ['Xbox One', 'xboxone', 'XONE'],
  12: ['Xbox 360', 'xbox360', 'X360'],
  130: ['Nintendo Switch', 'switch', 'Switch'],
  41: ['Wii U', 'wiiu', 'WiiU'],
  37: ['Nintendo 3DS', '3ds', '3DS'],
  39: ['iOS', 'ios', 'iOS'],
  34: ['Android', 'android', 'Android'],
  170: ['Google Stadia', 'stadia', 'Stadia'],
  16: ['Amiga', 'amiga', 'Amiga'],
  52: ['Arcade', 'arcade', 'Arcade'],
  82: ['Web browser', 'browser', 'Browser'],
};
const PLATFORM_IDS = Object.keys(PLATFORMS).map(Number);
/** IGDB genre ids: the catalogue has words for most, not for Quiz/Trivia, Pinball, Arcade or Card & Board Game. */
// prettier-ignore
const GENRES: Record<number, string> = {
  2: 'Point-and-click', 4: 'Fighting', 5: 'Shooter', 7: 'Music', 8: 'Platform', 9: 'Puzzle', 10: 'Racing',
  11: 'Real Time Strategy (RTS)', 12: 'Role-playing (RPG)', 13: 'Simulator', 14: 'Sport', 15: 'Strategy',
  16: 'Turn-based strategy (TBS)', 24: 'Tactical', 25: "Hack and slash/Beat 'em up", 26: 'Quiz/Trivia',
  30: 'Pinball', 31: 'Adventure', 32: 'Indie', 33: 'Arcade', 34: 'Visual Novel', 35: 'Card & Board Game', 36: 'MOBA',
};
const GENRE_IDS = Object.keys(GENRES).map(Number);
// prettier-ignore
const THEMES: Record<number, string> = {
  1: 'Action', 17: 'Fantasy', 18: 'Science fiction', 19: 'Horror', 20: 'Thriller', 21: 'Survival',
  22: 'Historical', 38: 'Open world', 40: 'Party', 43: 'Mystery',
};
const THEME_IDS = Object.keys(THEMES).map(Number);
/** game_types ids: main games mostly; expansions, bundles, remakes...; and some the catalogue leaves out (DLC, mod, episode, update). */
const GAME_TYPES = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 3, 4, 8, 9, 11, 0, 0, 1, 0];
// prettier-ignore
const GAME_TYPE_NAMES: Record<number, string> = {
  0: 'Main Game', 1: 'DLC', 2: 'Expansion', 3: 'Bundle', 4: 'Standalone Expansion', 5: 'Mod', 6: 'Episode',
  8: 'Remake', 9: 'Remaster', 11: 'Port', 14: 'Update',
};
const COMPANIES = 5_000;
const FRANCHISES = 2_000;
/** 1980-01-01 and the span of first release dates after it (to 2026). */
const EPOCH_1980 = 315_532_800;
const SPAN = 46 * 365 * 86_400;
const UPDATED_AT = 1_735_689_600;

/** A number in [0, 1) from an id and a salt, the same every time (a 32-bit integer hash). */
function unit(id: number, salt: number): number {
  let h = Math.imul(id ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}
const pick = <T>(list: readonly T[], id: number, salt: number): T => list[Math.floor(unit(id, salt) * list.length)]!;
const count = (id: number, salt: number, max: number) => Math.floor(unit(id, salt) * (max + 1));
const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
/** Ids `game * 8 + k` for k < n: a game's related records of one kind. */
const related = (game: number, n: number) => Array.from({ length: n }, (_, k) => game * 8 + k);

/**
 * Most titles are the game's own (its id, scrambled, spelled in words: "Silent Harbor of the
 * Iron Quest"); one in ten comes from a pool of about 10,000 shared ones ("Crimson Odyssey 3",
 * "Lost Kingdom: Remastered"), as ports, remakes and namesakes share names on IGDB.
 */
function gameName(id: number): string {
  if (unit(id, 3) < 0.1) {
    const base = `${pick(ADJECTIVES, id, 1)} ${pick(NOUNS, id, 2)}`;
    const r = unit(id, 4);
    if (r < 0.3) return base;
    if (r < 0.6) return `${base} ${2 + count(id, 5, 3)}`;
    return `${base}: ${pick(SUBTITLES, id, 6)}`;
  }
  // 30^5 names: an id below that, multiplied by a number prime to it, spells a name no other id does.
  let n = (id * 7_919) % 24_300_000;
  const digits = Array.from({ length: 5 }, () => {
    const digit = n % 30;
    n = Math.floor(n / 30);
    return digit;
  });
  const [a = 0, b = 0, c = 0, d = 0, e = 0] = digits;
  return `${ADJECTIVES[a]} ${NOUNS[b]} of the ${ADJECTIVES[c]} ${NOUNS[d]}${e === 0 ? '' : ` ${e + 1}`}`;
}

function game(id: number): IgdbRecord {
  const name = gameName(id);
  const type = pick(GAME_TYPES, id, 7);
  const platforms = [...new Set(Array.from({ length: 1 + count(id, 8, 3) }, (_, k) => pick(PLATFORM_IDS, id, 20 + k)))];
  const record: IgdbRecord = {
    id,
    name,
    slug: `${slugOf(name)}--${id}`,
    game_type: type,
    updated_at: UPDATED_AT + (id % 86_400),
    platforms,
    release_dates: related(id, platforms.length),
    genres: [...new Set(Array.from({ length: 1 + count(id, 9, 2) }, (_, k) => pick(GENRE_IDS, id, 30 + k)))],
    involved_companies: related(id, 1 + count(id, 10, 2)),
    external_games: related(id, 1 + count(id, 11, 2)),
  };
  if (unit(id, 12) < 0.9)
    record.summary = `${name} is a ${GENRES[pick(GENRE_IDS, id, 30)]?.toLowerCase()} game set in a ${pick(ADJECTIVES, id, 13).toLowerCase()} ${pick(NOUNS, id, 14).toLowerCase()}. Synthetic record ${id} of the bench's stand-in catalogue.`;
  if (unit(id, 15) < 0.92) record.first_release_date = EPOCH_1980 + Math.floor((unit(id, 16) * SPAN) / 86_400) * 86_400;
  if (unit(id, 17) < 0.7) record.cover = id;
  const themes = count(id, 18, 2);
  if (themes > 0) record.themes = [...new Set(Array.from({ length: themes }, (_, k) => pick(THEME_IDS, id, 40 + k)))];
  const alternatives = count(id, 19, 3);
  if (alternatives > 0) record.alternative_names = related(id, alternatives);
  if (unit(id, 50) < 0.2) record.franchises = [1 + Math.floor(unit(id, 51) * FRANCHISES)];
  if (unit(id, 52) < 0.15) record.collections = [1 + Math.floor(unit(id, 53) * FRANCHISES)];
  if ([2, 4, 8, 9, 11].includes(type) && id > 1) record.parent_game = 1 + Math.floor(unit(id, 54) * (id - 1));
  return record;
}

/** The related record `id` of `endpoint` (its game is id / 8, its place among them id % 8). */
function relatedRecord(endpoint: string, id: number, games: number): IgdbRecord | undefined {
  const owner = Math.floor(id / 8);
  const k = id % 8;
  if (owner < 1 || owner > games) return undefined;
  switch (endpoint) {
    case 'alternative_names': {
      // An abbreviation of the title, or a title in another language.
      const comment =
        k === 0 ? 'Abbreviation' : pick(['Japanese title - translated', 'Working title', 'German title'], id, 60);
      const name =
        k === 0 ? gameName(owner).replace(/[^A-Z0-9]/g, '') : `${pick(NOUNS, id, 61)} ${pick(ADJECTIVES, id, 62)}`;
      return { id, game: owner, name, comment };
    }
    case 'external_games': {
      // Steam first (an app id unique to the game), then GOG or Epic, or a source the catalogue ignores (Twitch).
      const source = k === 0 ? 1 : unit(id, 64) < 0.4 ? 5 : unit(id, 65) < 0.5 ? 26 : 14;
      const uid = source === 1 ? String(10_000 + owner * 10) : `${slugOf(gameName(owner))}-${owner}`;
      return { id, game: owner, uid, external_game_source: source, category: source, name: gameName(owner) };
    }
    case 'involved_companies':
      return {
        id,
        game: owner,
        company: 1 + Math.floor(unit(id, 66) * COMPANIES),
        developer: k === 0 || unit(id, 67) < 0.5,
        publisher: k > 0 || unit(id, 68) < 0.3,
        porting: false,
        supporting: false,
      };
    case 'release_dates': {
      const platforms = game(owner).platforms as number[];
      const platform = platforms[k];
      if (platform === undefined) return undefined;
      const first = (game(owner).first_release_date as number | undefined) ?? EPOCH_1980 + SPAN;
      const dateFormat = unit(id, 69) < 0.85 ? 0 : 2;
      return {
        id,
        game: owner,
        platform,
        date: first + Math.floor(unit(id, 70) * 400) * 86_400,
        date_format: dateFormat,
        category: dateFormat,
        release_region: pick(REGIONS, id, 71),
        region: pick(REGIONS, id, 71),
      };
    }
    default:
      return undefined;
  }
}

function recordOf(endpoint: string, id: number, games: number): IgdbRecord | undefined {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  switch (endpoint) {
    case 'games':
      return id <= games ? game(id) : undefined;
    case 'covers':
      return id <= games && unit(id, 17) < 0.7
        ? { id, game: id, image_id: `co${id.toString(36)}`, width: 264, height: 352 }
        : undefined;
    case 'platforms': {
      const platform = PLATFORMS[id];
      return platform && { id, name: platform[0], slug: platform[1], abbreviation: platform[2] };
    }
    case 'genres':
      return GENRES[id] === undefined ? undefined : { id, name: GENRES[id], slug: slugOf(GENRES[id]) };
    case 'themes':
      return THEMES[id] === undefined ? undefined : { id, name: THEMES[id], slug: slugOf(THEMES[id]) };
    case 'game_types':
      return GAME_TYPE_NAMES[id] === undefined ? undefined : { id, type: GAME_TYPE_NAMES[id] };
    case 'companies': {
      if (id > COMPANIES) return undefined;
      const name = `${pick(ADJECTIVES, id, 80)} ${pick(NOUNS, id, 81)} ${pick(COMPANY_WORDS, id, 82)}`;
      return { id, name: id % 7 === 0 ? `${name} ${id}` : name, slug: `${slugOf(name)}-${id}` };
    }
    case 'franchises':
    case 'collections':
      return id <= FRANCHISES ? { id, name: `${pick(ADJECTIVES, id, 83)} ${pick(NOUNS, id, 84)} Saga` } : undefined;
    default:
      return relatedRecord(endpoint, id, games);
  }
}

/** Whether `record` meets every condition of the query other than the id range it was made from. */
function meets(record: IgdbRecord, query: ParsedQuery): boolean {
  return query.where.every(({ field, op, values }) => {
    const value = record[field];
    if (typeof value === 'string' && (op === '=' || op === '!=')) return values.includes(value) === (op === '=');
    if (typeof value !== 'number') return op === '!=';
    const first = Number(values[0] ?? Number.NaN);
    if (op === '=') return values.includes(value);
    if (op === '!=') return !values.includes(value);
    if (op === '>') return value > first;
    if (op === '>=') return value >= first;
    if (op === '<') return value < first;
    return value <= first;
  });
}

/** A catalogue of `games` synthetic games, for startIgdbStandIn({ source }). */
export function syntheticCatalogue(games: number): RecordSource {
  if (!Number.isSafeInteger(games) || games < 0 || games > 10_000_000) throw new RangeError(`games: ${games}`);
  const lookup: Lookup = (endpoint, id) => recordOf(endpoint, id, games);
  return {
    lookup,
    select(endpoint, query) {
      if (endpoint !== 'games') return undefined;
      if (query.sort && (query.sort.field !== 'id' || query.sort.direction !== 'asc'))
        throw new QuerySyntaxError('the synthetic catalogue pages by id ascending only');
      // Walks the ids upward from the lowest the conditions allow, so a page costs its own size.
      let from = 1;
      for (const { field, op, values } of query.where) {
        if (field !== 'id') continue;
        const ids = values.map(Number);
        if (op === '>') from = Math.max(from, (ids[0] ?? 0) + 1);
        if (op === '>=') from = Math.max(from, ids[0] ?? 0);
        if (op === '=') from = Math.max(from, Math.min(...ids));
      }
      const found: IgdbRecord[] = [];
      const wanted = query.offset + query.limit;
      for (let id = Math.max(1, Math.floor(from)); id <= games && found.length < wanted; id += 1) {
        const record = game(id);
        if (meets(record, query)) found.push(record);
      }
      return found.slice(query.offset);
    },
  };
}
