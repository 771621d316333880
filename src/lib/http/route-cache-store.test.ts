import { describe, expect, it } from 'vitest';
import { entryBytes, RouteCacheStore, type CachedPage } from './route-cache-store.ts';

const NOW = 1_000_000;

function page(path: string, size = 1_000, options: Partial<CachedPage> = {}): CachedPage {
  return {
    status: 200,
    headers: [['content-type', 'text/html']],
    body: new Uint8Array(size),
    variants: {},
    quick: [],
    encodable: false,
    tags: ['games'],
    path,
    storedAt: NOW,
    maxAge: 60,
    swr: 60,
    ...options,
  };
}

describe('RouteCacheStore bounds', () => {
  it('never holds more bytes than its budget, however many pages arrive', () => {
    const store = new RouteCacheStore({ maxEntries: 10_000, maxBytes: 100_000 });
    for (let i = 0; i < 6_000; i += 1) store.store(`/games?q=${i}`, page('/games', 5_000));
    expect(store.bytes).toBeLessThanOrEqual(100_000);
    expect(store.entries).toBeLessThanOrEqual(Math.floor(100_000 / 5_000));
    expect(store.entries).toBeGreaterThan(10);
  });

  it('never holds more entries than its limit, however small they are', () => {
    const store = new RouteCacheStore({ maxEntries: 50, maxBytes: 100_000_000 });
    for (let i = 0; i < 500; i += 1) store.store(`/p${i}`, page(`/p${i}`, 10));
    expect(store.entries).toBe(50);
  });

  it('refuses a page larger than an eighth of the budget instead of emptying the cache for it', () => {
    const store = new RouteCacheStore({ maxEntries: 100, maxBytes: 80_000 });
    store.store('/a', page('/a', 1_000));
    expect(store.store('/huge', page('/huge', 20_000))).toBe(false);
    expect(store.lookup('/a', NOW)).toBeDefined();
    expect(store.lookup('/huge', NOW)).toBeUndefined();
  });

  it('counts the key, headers and tags of a page, not only its body', () => {
    const small = entryBytes('/a', page('/a', 0));
    expect(small).toBeGreaterThan(256);
    expect(entryBytes('/a', page('/a', 1_000))).toBe(small + 1_000);
  });
});

describe('RouteCacheStore eviction', () => {
  it('keeps the pages people ask for again when a flood of one-off pages arrives', () => {
    const store = new RouteCacheStore({ maxEntries: 1_000, maxBytes: 200_000 });
    const hot = ['/', '/games', '/reviews', '/games/portal-2'];
    for (const path of hot) {
      store.store(path, page(path, 10_000));
      store.lookup(path, NOW);
    }
    for (let i = 0; i < 6_000; i += 1) store.store(`/games?q=flood-${i}`, page('/games', 5_000));
    for (const path of hot) expect(store.lookup(path, NOW)?.freshness, path).toBe('fresh');
    expect(store.bytes).toBeLessThanOrEqual(200_000);
  });

  it('goes least recently used first', () => {
    const store = new RouteCacheStore({ maxEntries: 3, maxBytes: 1_000_000, protectedShare: 0.5 });
    store.store('/a', page('/a'));
    store.store('/b', page('/b'));
    store.store('/c', page('/c'));
    store.store('/d', page('/d'));
    expect(store.lookup('/a', NOW)).toBeUndefined();
    expect(store.lookup('/d', NOW)).toBeDefined();
  });

  it('serves a page fresh within max-age, stale within swr, and drops it after', () => {
    const store = new RouteCacheStore({ maxEntries: 10, maxBytes: 1_000_000 });
    store.store('/a', page('/a'));
    expect(store.lookup('/a', NOW + 59_000)?.freshness).toBe('fresh');
    expect(store.lookup('/a', NOW + 61_000)?.freshness).toBe('stale');
    expect(store.lookup('/a', NOW + 121_000)).toBeUndefined();
    expect(store.entries).toBe(0);
  });
});

describe('RouteCacheStore purges', () => {
  it('drop exactly the pages with a purged tag, or every variant of a purged path', () => {
    const store = new RouteCacheStore({ maxEntries: 10, maxBytes: 1_000_000 });
    store.store('/games/portal-2', page('/games/portal-2', 100, { tags: ['games', 'game:portal-2'] }));
    store.store('/games/half-life-2', page('/games/half-life-2', 100, { tags: ['games', 'game:half-life-2'] }));
    store.store('/sitemap.xml', page('/sitemap.xml', 100, { tags: [] }));
    store.store('/games?page=2', page('/games', 100, { tags: [] }));
    store.store('/games', page('/games', 100, { tags: [] }));

    expect(store.purge({ tags: ['game:portal-2'] })).toBe(1);
    expect(store.lookup('/games/portal-2', NOW)).toBeUndefined();
    expect(store.lookup('/games/half-life-2', NOW)).toBeDefined();
    expect(store.purge({ paths: ['/games'] })).toBe(2);
    expect(store.lookup('/sitemap.xml', NOW)).toBeDefined();
    expect(store.purge({ all: true })).toBe(2);
    expect(store.entries).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it('do not let a render that began before them store the old data afterwards', () => {
    const store = new RouteCacheStore({ maxEntries: 10, maxBytes: 1_000_000 });
    const before = store.generation;
    store.purge({ tags: ['game:portal-2'] });
    expect(store.store('/games/portal-2', page('/games/portal-2', 100, { tags: ['game:portal-2'] }), before)).toBe(false);
    // A purge of something else does not hold other pages back.
    expect(store.store('/games/half-life-2', page('/games/half-life-2', 100, { tags: ['game:half-life-2'] }), before)).toBe(true);
    expect(store.store('/games/portal-2', page('/games/portal-2', 100, { tags: ['game:portal-2'] }), store.generation)).toBe(true);
  });

  it('assume the worst when more purges happened during a render than they remember', () => {
    const store = new RouteCacheStore({ maxEntries: 10, maxBytes: 1_000_000 });
    const before = store.generation;
    for (let i = 0; i < 300; i += 1) store.purge({ tags: [`other:${i}`] });
    expect(store.store('/a', page('/a'), before)).toBe(false);
  });
});

describe('RouteCacheStore variants', () => {
  it('keeps encoded copies beside the body and counts their bytes', () => {
    const store = new RouteCacheStore({ maxEntries: 10, maxBytes: 1_000_000 });
    const stored = page('/a', 10_000);
    store.store('/a', stored);
    const before = store.bytes;
    const withBr = store.amend('/a', stored.body, (current) => ({ ...current, variants: { br: new Uint8Array(1_500) } }));
    expect(withBr?.variants.br?.byteLength).toBe(1_500);
    expect(store.bytes).toBe(before + 1_500);
    // A second change starts from the first, so neither is lost.
    store.amend('/a', stored.body, (current) => ({ ...current, variants: { ...current.variants, gzip: new Uint8Array(1_600) } }));
    expect(store.bytes).toBe(before + 3_100);
    expect(Object.keys(store.lookup('/a', NOW)!.page.variants).sort()).toEqual(['br', 'gzip']);
    expect(store.amend('/missing', new Uint8Array(10), (current) => current)).toBeUndefined();
    // A copy made from an older render is not put on a newer one.
    store.store('/a', page('/a', 10_000));
    expect(store.amend('/a', stored.body, (current) => ({ ...current, variants: { gzip: new Uint8Array(10) } }))).toBeUndefined();
    expect(store.lookup('/a', NOW)?.page.variants).toEqual({});
  });
});
