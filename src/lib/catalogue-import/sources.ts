import { isIsoDate } from '../format/dates.ts';
import { cleanTitle, type SourceRow } from './merge.ts';
import { SOURCE_GENRES, STEAM_PLATFORMS, VGCHARTZ_PLATFORMS } from './reference.ts';

/**
 * The two licensed source datasets, each read into SourceRows: titles cleaned, dates made
 * ISO, platform codes and genre labels mapped onto the catalogue's vocabulary (an unknown
 * code stops the import, naming it, rather than dropping data silently).
 */

const splitList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);

function mapGenre(label: string): string | null {
  if (!(label in SOURCE_GENRES)) throw new Error(`Unknown genre label in source data: ${JSON.stringify(label)}`);
  return SOURCE_GENRES[label] ?? null;
}

function mapPlatform(code: string, table: Readonly<Record<string, string>>): string {
  const slug = table[code];
  if (!slug) throw new Error(`Unknown platform code in source data: ${JSON.stringify(code)}`);
  return slug;
}

/** Steam Store Games (Nik Davis, 2019): one row per Steam app. */
export function steamRows(records: Record<string, string>[]): SourceRow[] {
  return records.map((record) => {
    const date = record.release_date?.trim() ?? '';
    return {
      title: cleanTitle(record.name ?? ''),
      releaseDate: isIsoDate(date) ? date : null,
      platforms: splitList(record.platforms).map((code) => mapPlatform(code, STEAM_PLATFORMS)),
      genres: splitList(record.genres)
        .map(mapGenre)
        .filter((slug): slug is string => slug !== null),
      developers: splitList(record.developer),
      publishers: splitList(record.publisher),
      source: 'steam_store_2019',
    };
  });
}

/** Video Game Sales 2024 (VGChartz via asaniczka): one row per title and console; dates DD/MM/YYYY. */
export function vgchartzRows(records: Record<string, string>[]): SourceRow[] {
  return records.map((record) => {
    const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(record.release_date?.trim() ?? '');
    const iso = match ? `${match[3]}-${match[2]}-${match[1]}` : '';
    const genre = mapGenre(record.genre?.trim() ?? '');
    return {
      title: cleanTitle(record.title ?? ''),
      releaseDate: isIsoDate(iso) ? iso : null,
      platforms: [mapPlatform(record.console?.trim() ?? '', VGCHARTZ_PLATFORMS)],
      genres: genre ? [genre] : [],
      developers: splitList(record.developer).filter((name) => name !== 'Unknown'),
      publishers: splitList(record.publisher).filter((name) => name !== 'Unknown'),
      source: 'vgchartz_2024',
    };
  });
}
