import { describe, expect, it } from 'vitest';
import { mapPage } from '../../src/lib/igdb/sync.server.ts';
import { GAME_FIELDS } from '../../src/lib/igdb/schema.ts';
import { project, readQuery } from '../../tests/helpers/apicalypse-reader.ts';
import { syntheticCatalogue } from '../../tests/helpers/igdb-synthetic.ts';
import { pageQuery } from '../../src/lib/igdb/apicalypse.ts';
import { figureCells } from '../bench-report.ts';
import { benchIgdbSync } from './igdb-sync.ts';
import { igdbSyncRecord } from './igdb-sync-report.ts';
import { treeNode } from './processes.ts';

/** A page as the stand-in answers the sync's query after `afterId`. */
function page(games: number, afterId: number) {
  const catalogue = syntheticCatalogue(games);
  const query = readQuery(pageQuery({ fields: GAME_FIELDS, afterId, limit: 500 }));
  return (catalogue.select('games', query) ?? []).map((game) => project('games', game, query.fields, catalogue.lookup));
}

describe('the synthetic IGDB catalogue', () => {
  it('makes the same page every time, in id order from the cursor, and no more games than it has', () => {
    const first = page(300_000, 120_000);
    expect(first).toEqual(page(300_000, 120_000));
    expect(first.map((game) => game.id)).toEqual(Array.from({ length: 500 }, (_, i) => 120_001 + i));
    expect(page(300_000, 299_800)).toHaveLength(200);
    expect(page(1_000, 1_000)).toEqual([]);
  });

  it('answers in the shapes the sync reads, varied as IGDB is', () => {
    const { games, skipped } = mapPage(page(300_000, 250_000));
    // Some of IGDB's types are left out by the catalogue (DLC), most are kept.
    expect(skipped).toBeGreaterThan(0);
    expect(games.length).toBeGreaterThan(450);
    const share = (test: (game: (typeof games)[number]) => boolean) => games.filter(test).length / games.length;
    expect(share((g) => g.coverUrl !== null)).toBeGreaterThan(0.5);
    expect(share((g) => g.coverUrl !== null)).toBeLessThan(0.9);
    expect(share((g) => g.externalIds.some((e) => e.source === 'steam'))).toBe(1);
    expect(share((g) => g.externalIds.some((e) => e.source === 'gog' || e.source === 'epic'))).toBeGreaterThan(0.2);
    expect(share((g) => g.alternativeNames.length > 0)).toBeGreaterThan(0.5);
    expect(share((g) => g.developers.length > 0 && g.publishers.length > 0)).toBeGreaterThan(0.5);
    expect(share((g) => g.platforms.length > 1)).toBeGreaterThan(0.3);
    expect(new Set(games.flatMap((g) => g.platforms.map((p) => p.slug))).size).toBeGreaterThan(10);
    expect(new Set(games.flatMap((g) => g.genres)).size).toBeGreaterThan(10);
    expect(new Set(games.map((g) => g.gameType)).size).toBeGreaterThan(4);
  });

  it('gives most games a title of their own, and some a title other games have', () => {
    const titles = Array.from({ length: 10 }, (_, n) => page(300_000, n * 20_000).map((game) => String(game.name)));
    const all = titles.flat();
    const distinct = new Set(all).size;
    expect(distinct).toBeLessThan(all.length);
    expect(distinct).toBeGreaterThan(all.length * 0.95);
  });
});

describe('the IGDB sync bench, on a small catalogue', () => {
  const node = treeNode(process.cwd());

  it('syncs every game through the stand-in into a fresh embedded database', { timeout: 180_000 }, async () => {
    const result = await benchIgdbSync({ database: 'embedded', games: 1_200, idleSeconds: 1, node });
    expect(result.sync.status).toBe('finished');
    // Pages of 100 as the job takes them on the embedded database: twelve, and an empty one that ends the run.
    expect(result.sync.pages).toBe(13);
    expect(result.sync.created + result.sync.skipped).toBe(1_200);
    expect(result.sync.gamesInDatabase).toBe(result.sync.created);
    expect(result.sync.writeMs).toHaveLength(13);
    expect(result.figures.map((row) => row.name)).toEqual([
      'IGDB full sync, 1,200 games (the whole run)',
      'IGDB sync: one page asked for',
      'IGDB sync: one page written (its transaction)',
    ]);
    const record = igdbSyncRecord({
      database: 'embedded',
      games: 1_200,
      server: 'PGlite',
      machine: 'test',
      figures: result.figures,
      notes: result.notes,
    });
    expect(record).toContain('<!-- igdb:embedded -->');
    expect(record).toContain('## IGDB full sync: Embedded database (PGlite)');
    expect(record).toContain('Not run yet: `npm run bench -- --only igdb-sync --database postgres`');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, reads game pages while it syncs and after, and drops its database',
    { timeout: 180_000 },
    async () => {
      const result = await benchIgdbSync({
        database: 'postgres',
        games: 1_500,
        serverUrl: process.env.TEST_DATABASE_URL,
        idleSeconds: 1,
        node,
      });
      expect(result.sync.status).toBe('finished');
      expect(result.sync.created + result.sync.skipped).toBe(1_500);
      const [total, , , idle, during] = result.figures;
      expect(figureCells(total!)[5]).toBe('met');
      expect(idle?.samples).toBeGreaterThan(3);
      expect(during?.name).toBe('a game page read (getGameOverviewBySlug) while the sync runs');
    },
  );
});
