import type { ImportRow } from './import.ts';

/**
 * A platform as a file names it (HowLongToBeat's names, Steam's "PC", this site's own
 * export) matched to one of the site's platforms: by name, abbreviation or slug, letters and
 * digits only and case aside, or by the other names HowLongToBeat uses for a few of them.
 */

export interface KnownPlatform {
  id: number;
  slug: string;
  name: string;
  abbreviation: string;
}

const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Other names of the site's platforms (squashed) -> the platform's slug. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  mac: 'mac',
  macos: 'mac',
  osx: 'mac',
  nintendogamecube: 'gamecube',
  segamegadrivegenesis: 'genesis',
  segamegadrive: 'genesis',
  megadrive: 'genesis',
  xboxseriesxs: 'xbox-series',
  xboxseriesx: 'xbox-series',
  xboxseries: 'xbox-series',
  playstation1: 'ps1',
  psx: 'ps1',
  supernes: 'snes',
  supernintendoentertainmentsystem: 'snes',
  gameboyadvance: 'gba',
  windows: 'pc',
};

/** The site's platform a file's name stands for, or null when none does. */
export function matchPlatform(name: string, platforms: readonly KnownPlatform[]): KnownPlatform | null {
  const key = squash(name);
  if (!key) return null;
  const direct = platforms.find(
    (platform) =>
      squash(platform.name) === key || squash(platform.abbreviation) === key || squash(platform.slug) === key,
  );
  if (direct) return direct;
  const slug = OTHER_NAMES[key];
  return slug ? (platforms.find((platform) => platform.slug === slug) ?? null) : null;
}

/** One problem per platform name the site does not know, with how many rows name it. */
export function platformProblems(rows: readonly ImportRow[], resolved: ReadonlyMap<string, number | null>): string[] {
  const unknown = new Map<string, number>();
  for (const row of rows)
    if (row.platform && resolved.get(row.platform) === null)
      unknown.set(row.platform, (unknown.get(row.platform) ?? 0) + 1);
  return [...unknown].map(
    ([name, count]) =>
      `The platform "${name}" (${count} ${count === 1 ? 'game' : 'games'}) is not one this site knows, so it is left out.`,
  );
}
