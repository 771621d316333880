import type { GameSource } from '../db/schema.ts';
import { formatLongDate } from '../format/dates.ts';
import { slugify, uniqueSlug } from '../games/slug.ts';
import { GENRES, PLATFORMS } from './reference.ts';

/** One game as the importers hand it to the writer. */
export interface CatalogueRecord {
  slug: string;
  title: string;
  summary: string | null;
  releaseDate: string | null;
  sources: GameSource[];
  platforms: { slug: string; releaseDate: string | null }[];
  genres: string[];
  developers: string[];
  publishers: string[];
}

/** One row of a source dataset, already mapped onto the catalogue's vocabulary. */
export interface SourceRow {
  title: string;
  releaseDate: string | null;
  platforms: string[];
  genres: string[];
  developers: string[];
  publishers: string[];
  source: GameSource;
}

/** Display form of a title: trademark signs dropped, whitespace collapsed. */
export function cleanTitle(title: string): string {
  return title
    .replace(/[™®©℠]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Two titles are the same game when this key matches (case, spacing, trademark signs ignored). */
export function titleKey(title: string): string {
  return cleanTitle(title).toLowerCase();
}

/** Two company names are the same company when this key matches ("Bethesda-Softworks"). */
export function companyKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function earliest(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a < b ? a : b;
}

function addUnique(list: string[], values: string[], key: (value: string) => string = (v) => v): void {
  const seen = new Set(list.map(key));
  for (const value of values) {
    if (!seen.has(key(value))) {
      seen.add(key(value));
      list.push(value);
    }
  }
}

/**
 * Merges source rows into one record per game (same title key), keeping every platform
 * with its own release date, the union of genres and companies, and every source.
 * Slugs are assigned in order of first appearance, so the result is deterministic.
 */
export function mergeByTitle(rows: SourceRow[], takenSlugs: Set<string> = new Set()): CatalogueRecord[] {
  const byKey = new Map<string, CatalogueRecord>();
  for (const row of rows) {
    if (!row.title) continue;
    const key = titleKey(row.title);
    let record = byKey.get(key);
    if (!record) {
      record = {
        slug: uniqueSlug(slugify(row.title), takenSlugs, 'game'),
        title: row.title,
        summary: null,
        releaseDate: null,
        sources: [],
        platforms: [],
        genres: [],
        developers: [],
        publishers: [],
      };
      byKey.set(key, record);
    }
    record.releaseDate = earliest(record.releaseDate, row.releaseDate);
    if (!record.sources.includes(row.source)) record.sources.push(row.source);
    for (const platform of row.platforms) {
      const existing = record.platforms.find((p) => p.slug === platform);
      if (existing) existing.releaseDate = earliest(existing.releaseDate, row.releaseDate);
      else record.platforms.push({ slug: platform, releaseDate: row.releaseDate });
    }
    addUnique(record.genres, row.genres);
    addUnique(record.developers, row.developers, companyKey);
    addUnique(record.publishers, row.publishers, companyKey);
  }
  return [...byKey.values()];
}

const platformNames = new Map(PLATFORMS.map((p) => [p.slug, p.name]));
const genreNames = new Map(GENRES.map((g) => [g.slug, g.name]));

function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * A factual summary written from the record's own fields (the demo datasets carry no
 * descriptions, and inventing one would present made-up text as editorial).
 */
export function describeGame(record: Omit<CatalogueRecord, 'summary' | 'slug'>): string {
  const parts: string[] = [];
  const genres = record.genres.map((slug) => genreNames.get(slug) ?? slug);
  parts.push(genres.length > 0 ? `${record.title} is listed under ${listInWords(genres)}.` : `${record.title}.`);

  const sameCompanies =
    record.developers.length > 0 &&
    record.developers.length === record.publishers.length &&
    record.developers.every((name) => record.publishers.some((other) => companyKey(other) === companyKey(name)));
  if (sameCompanies) {
    parts.push(`Developed and published by ${listInWords(record.developers)}.`);
  } else {
    if (record.developers.length > 0) parts.push(`Developed by ${listInWords(record.developers)}.`);
    if (record.publishers.length > 0) parts.push(`Published by ${listInWords(record.publishers)}.`);
  }

  const nameOf = (slug: string) => platformNames.get(slug) ?? slug;
  const first = record.releaseDate;
  if (first) {
    const launch = record.platforms.filter((p) => p.releaseDate === first).map((p) => nameOf(p.slug));
    parts.push(`First released on ${formatLongDate(first)}${launch.length > 0 ? ` for ${listInWords(launch)}` : ''}.`);
    const later = record.platforms
      .filter((p) => p.releaseDate !== first)
      .map((p) => (p.releaseDate ? `${nameOf(p.slug)} (${formatLongDate(p.releaseDate)})` : nameOf(p.slug)));
    if (later.length > 0) parts.push(`Also released for ${listInWords(later)}.`);
  } else if (record.platforms.length > 0) {
    parts.push(`Available for ${listInWords(record.platforms.map((p) => nameOf(p.slug)))}.`);
  }
  return parts.join(' ');
}
