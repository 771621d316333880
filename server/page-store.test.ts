import { describe, expect, it } from 'vitest';
import { PageStore, type CachedPage } from './page-store.ts';

function page(path: string, size = 1_000, options: Partial<CachedPage> = {}): CachedPage {
  return {
    status: 200,
    headers: [['content-type', 'text/html']],
    body: Buffer.alloc(size),
    br: undefined,
    etag: 'e',
    tags: ['games'],
    path,
    storedAt: 1_000_000,
    maxAge: 60,
    swr: 60,
    ...options,
  };
}

describe('PageStore', () => {
  it('never holds more bytes or pages than its budget, and refuses a page over an eighth of it', () => {
    const small = new PageStore({ maxEntries: 10_000, maxBytes: 100_000 });
    for (let i = 0; i < 2_000; i += 1) small.store(`/games?q=${i}`, page('/games', 5_000), small.generation);
    expect(small.stats().bytes).toBeLessThanOrEqual(100_000);
    expect(small.stats().entries).toBeGreaterThan(10);
    const few = new PageStore({ maxEntries: 50, maxBytes: 100_000_000 });
    for (let i = 0; i < 500; i += 1) few.store(`/p${i}`, page(`/p${i}`, 10), few.generation);
    expect(few.stats().entries).toBe(50);
    const budget = new PageStore({ maxEntries: 100, maxBytes: 80_000 });
    budget.store('/a', page('/a'), 0);
    expect(budget.store('/huge', page('/huge', 20_000), 0)).toBe(false);
    expect(budget.lookup('/a', 1_000_000)).toBeDefined();
  });

  it('serves a page fresh within max-age, stale within swr, drops it after, and goes least recently used first', () => {
    const store = new PageStore({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const path of ['/a', '/b', '/c']) store.store(path, page(path), 0);
    expect(store.lookup('/a', 1_059_000)?.fresh).toBe(true);
    store.store('/d', page('/d'), 0);
    expect(store.lookup('/b', 1_000_000)).toBeUndefined();
    expect(store.lookup('/a', 1_061_000)?.fresh).toBe(false);
    expect(store.fresh('/a', 1_061_000)).toBeUndefined();
    expect(store.lookup('/a', 1_121_000)).toBeUndefined();
    expect(store.stats().entries).toBe(2);
  });

  it('purges exactly the pages with a purged tag, or every query of a purged path, or all', () => {
    const store = new PageStore({ maxEntries: 10, maxBytes: 1_000_000 });
    store.store('/games/portal-2', page('/games/portal-2', 100, { tags: ['games', 'game:portal-2'] }), 0);
    store.store('/games/half-life-2', page('/games/half-life-2', 100, { tags: ['games', 'game:half-life-2'] }), 0);
    store.store('/sitemap.xml', page('/sitemap.xml', 100, { tags: [] }), 0);
    store.store('/games?page=2', page('/games', 100, { tags: [] }), 0);
    store.store('/games', page('/games', 100, { tags: [] }), 0);
    expect(store.purge({ tags: ['game:portal-2'] })).toBe(1);
    expect(store.purge({ paths: ['/games'] })).toBe(2);
    expect(store.lookup('/sitemap.xml', 1_000_000)).toBeDefined();
    expect(store.purge({ all: true })).toBe(2);
    expect(store.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('does not let a render that began before a purge store the old data afterwards', () => {
    const store = new PageStore({ maxEntries: 10, maxBytes: 1_000_000 });
    const before = store.generation;
    store.purge({ tags: ['game:portal-2'] });
    expect(store.store('/games/portal-2', page('/games/portal-2', 100, { tags: ['game:portal-2'] }), before)).toBe(
      false,
    );
    // A purge of something else does not hold other pages back.
    expect(
      store.store('/games/half-life-2', page('/games/half-life-2', 100, { tags: ['game:half-life-2'] }), before),
    ).toBe(true);
    expect(
      store.store('/games/portal-2', page('/games/portal-2', 100, { tags: ['game:portal-2'] }), store.generation),
    ).toBe(true);
    // More purges during a render than are remembered: assume the worst.
    const longAgo = store.generation;
    for (let i = 0; i < 300; i += 1) store.purge({ tags: [`other:${i}`] });
    expect(store.store('/a', page('/a'), longAgo)).toBe(false);
  });
});
