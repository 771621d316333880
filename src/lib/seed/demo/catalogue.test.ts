import { beforeAll, describe, expect, it } from 'vitest';
import { gameSlugSchema } from '../../games/slug.ts';
import { titleKey, type CatalogueRecord } from '../../catalogue-import/merge.ts';
import { GENRES, PLATFORMS } from '../../catalogue-import/reference.ts';
import { readDemoCatalogue } from './catalogue.server.ts';

// The real sample files under data/: what the site ships with on first start.

describe('readDemoCatalogue', () => {
  let records: CatalogueRecord[];
  beforeAll(async () => {
    records = await readDemoCatalogue();
  });

  it('reads 193 games, each title unique', () => {
    expect(records).toHaveLength(193);
    expect(new Set(records.map((record) => titleKey(record.title))).size).toBe(records.length);
  });

  it('gives every game a unique, valid slug and a summary', () => {
    expect(new Set(records.map((record) => record.slug)).size).toBe(records.length);
    for (const record of records) {
      expect(gameSlugSchema.safeParse(record.slug).success, record.slug).toBe(true);
      expect(record.summary?.startsWith(record.title), record.title).toBe(true);
    }
  });

  it('uses only known platforms and genres', () => {
    const platforms = new Set(PLATFORMS.map((p) => p.slug));
    const genres = new Set(GENRES.map((g) => g.slug));
    for (const record of records) {
      for (const platform of record.platforms) expect(platforms.has(platform.slug), platform.slug).toBe(true);
      for (const genre of record.genres) expect(genres.has(genre), genre).toBe(true);
    }
  });

  it('merges Grand Theft Auto V across consoles with each console’s own date', () => {
    const gta = records.find((record) => record.title === 'Grand Theft Auto V');
    expect(gta).toBeDefined();
    expect(gta?.slug).toBe('grand-theft-auto-v');
    expect(gta?.releaseDate).toBe('2013-09-17');
    const dates = Object.fromEntries(gta?.platforms.map((p) => [p.slug, p.releaseDate]) ?? []);
    expect(dates).toMatchObject({ ps3: '2013-09-17', 'xbox-360': '2013-09-17', ps4: '2014-11-18' });
    expect(gta?.developers).toContain('Rockstar North');
    expect(gta?.publishers).toContain('Rockstar Games');
    expect(gta?.summary).toContain('First released on September 17, 2013 for');
    expect(gta?.summary).toContain('PlayStation 4 (November 18, 2014)');
  });

  it('records the source of every game, from both sample files', () => {
    for (const record of records) expect(record.sources.length).toBeGreaterThan(0);
    const sources = new Set(records.flatMap((record) => record.sources));
    expect([...sources].sort()).toEqual(['steam_store_2019', 'vgchartz_2024']);
  });
});
