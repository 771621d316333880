import { LRUCache } from 'lru-cache';
import { MEMORY_CACHE_BYTES, MEMORY_CACHE_ENTRIES } from '../src/lib/http/cache-rules.ts';
import { installPageCache, type PageCache, type PurgeRequest } from '../src/lib/http/page-cache.server.ts';

/**
 * The pages the node server keeps (route-cache.ts serves them): an LRU bounded in pages and
 * bytes, purged by tag, path or all, and a purge that lands while a page renders keeps that
 * render out of it.
 */

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /**
   * The body in brotli: `undefined` while the copy is still to be made (text worth a copy that
   * no brotli client has asked for yet), `null` when there is none (small or binary, or brotli
   * made it no smaller).
   */
  br: Buffer | null | undefined;
  /** Strong validator of the body; the brotli copy answers it with `-br` appended. */
  etag: string;
  tags: readonly string[];
  /** Path of the page (without query), for purges by path. */
  path: string;
  storedAt: number;
  maxAge: number;
  swr: number;
}

export interface StoreLimits {
  maxEntries: number;
  maxBytes: number;
}

const PURGES_REMEMBERED = 256;

function bytesOf(page: CachedPage, key: string): number {
  let bytes = 256 + key.length * 2 + page.body.length + (page.br?.length ?? 0);
  for (const [name, value] of page.headers) bytes += (name.length + value.length) * 2;
  for (const tag of page.tags) bytes += tag.length * 2;
  return bytes;
}

function matches(request: PurgeRequest, page: CachedPage): boolean {
  return Boolean(
    request.all || request.paths?.includes(page.path) || page.tags.some((tag) => request.tags?.includes(tag)),
  );
}

export class PageStore implements PageCache {
  readonly #pages: LRUCache<string, CachedPage>;
  /** Purges so far, and the last few: a render that began before one that touches it is not stored. */
  #generation = 0;
  readonly #purges: { generation: number; request: PurgeRequest }[] = [];
  #hits = 0;
  #misses = 0;

  constructor(limits: StoreLimits) {
    // A single page over an eighth of the budget is not stored rather than emptying the cache for it.
    this.#pages = new LRUCache({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      maxEntrySize: Math.floor(limits.maxBytes / 8),
      sizeCalculation: bytesOf,
    });
  }

  get generation(): number {
    return this.#generation;
  }

  /** The page under `key`, fresh or stale (counted); a page past its stale window is dropped. */
  lookup(key: string, now = Date.now()): { page: CachedPage; fresh: boolean } | undefined {
    const page = this.#pages.get(key);
    const age = page ? (now - page.storedAt) / 1000 : 0;
    if (!page || age > page.maxAge + page.swr) {
      if (page) this.#pages.delete(key);
      this.#misses += 1;
      return undefined;
    }
    this.#hits += 1;
    return { page, fresh: age <= page.maxAge };
  }

  /** The page under `key` if it is fresh (counted as a hit); anything else is left to `lookup`. */
  fresh(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (!page || (now - page.storedAt) / 1000 > page.maxAge) return undefined;
    this.#hits += 1;
    return page;
  }

  /** Puts `next` in place of `page`, unless `page` was purged or replaced meanwhile. */
  replace(key: string, page: CachedPage, next: CachedPage): boolean {
    if (this.#pages.peek(key) !== page) return false;
    this.#pages.set(key, next);
    return this.#pages.has(key);
  }

  /** Stores a page rendered from generation `since`, unless a purge touching it came meanwhile. */
  store(key: string, page: CachedPage, since: number): boolean {
    const oldest = this.#purges[0]?.generation ?? this.#generation + 1;
    // The log no longer reaches back to the render's start: assume the worst.
    if (
      since < this.#generation &&
      (since + 1 < oldest || this.#purges.some((purge) => purge.generation > since && matches(purge.request, page)))
    )
      return false;
    this.#pages.set(key, page);
    return this.#pages.has(key);
  }

  purge(request: PurgeRequest): number {
    this.#generation += 1;
    this.#purges.push({ generation: this.#generation, request });
    if (this.#purges.length > PURGES_REMEMBERED) this.#purges.shift();
    let dropped = 0;
    for (const [key, page] of [...this.#pages.entries()]) {
      if (matches(request, page)) dropped += Number(this.#pages.delete(key));
    }
    return dropped;
  }

  stats() {
    return { entries: this.#pages.size, bytes: this.#pages.calculatedSize, hits: this.#hits, misses: this.#misses };
  }
}

/** The process's store (shared by the start script's copy of this module and the server bundle's). */
export function pageStore(limits: Partial<StoreLimits> = {}): PageStore {
  return installPageCache(
    () =>
      new PageStore({
        maxEntries: limits.maxEntries ?? MEMORY_CACHE_ENTRIES,
        maxBytes: limits.maxBytes ?? MEMORY_CACHE_BYTES,
      }),
  );
}
