/**
 * The node server's rendered-page store, bounded in entries and in bytes.
 *
 * Segmented LRU: a new page enters the probation segment; a page asked for again moves to
 * the protected segment (most of the byte budget). Room is made by evicting the least
 * recently used page of probation first, so a flood of one-off URLs (a search per
 * request, page numbers nobody reads twice) churns probation and never pushes out the
 * pages people keep asking for.
 *
 * Each entry keeps the rendered body and room for encoded variants of it (`variants`,
 * e.g. brotli and gzip bytes), which count towards the byte budget like the body does.
 *
 * Purges are logged by generation: a render that started before a purge touching its
 * tags or path finished afterwards is not stored, so a purge can never be undone by a
 * slow render of the old data.
 */

import type { Encoding } from './content-encoding.ts';

export type { Encoding };

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  /** Encoded copies of `body`, each made once, when a request first wants it. */
  variants: Partial<Record<Encoding, Uint8Array>>;
  /** The variants made quickly for the render's own reader, to be made again well once the page is asked for again. */
  quick: readonly Encoding[];
  /** Whether the body is worth encoding (a compressible type, large enough). */
  encodable: boolean;
  /** Strong validator of `body`; each variant answers it with its coding appended. */
  etag?: string;
  tags: readonly string[];
  /** Path of the page (without query), for purges by path. */
  path: string;
  storedAt: number;
  maxAge: number;
  swr: number;
}

export interface PurgeRequest {
  tags?: readonly string[] | undefined;
  paths?: readonly string[] | undefined;
  /** Everything (after losing contact with the other servers' purges). */
  all?: boolean | undefined;
}

export interface StoreLimits {
  maxEntries: number;
  maxBytes: number;
  /** Share of each budget the protected segment may hold (default 0.8). */
  protectedShare?: number;
  /** Largest single page stored (default an eighth of maxBytes). */
  maxEntryBytes?: number;
}

export type Freshness = 'fresh' | 'stale';

/** Bytes an entry costs, counting its key, headers and a fixed overhead per entry. */
export function entryBytes(key: string, page: CachedPage): number {
  let bytes = 256 + key.length * 2 + page.body.byteLength;
  for (const variant of Object.values(page.variants)) bytes += variant?.byteLength ?? 0;
  for (const [name, value] of page.headers) bytes += (name.length + value.length) * 2;
  for (const tag of page.tags) bytes += tag.length * 2;
  return bytes;
}

interface Slot {
  page: CachedPage;
  bytes: number;
}

class Segment {
  readonly slots = new Map<string, Slot>();
  bytes = 0;
  get size(): number {
    return this.slots.size;
  }
  add(key: string, slot: Slot): void {
    this.slots.set(key, slot);
    this.bytes += slot.bytes;
  }
  remove(key: string): Slot | undefined {
    const slot = this.slots.get(key);
    if (slot) {
      this.slots.delete(key);
      this.bytes -= slot.bytes;
    }
    return slot;
  }
  /** Least recently used key. */
  oldest(): string | undefined {
    return this.slots.keys().next().value;
  }
}

const PURGE_LOG_LENGTH = 256;

export class RouteCacheStore {
  readonly #probation = new Segment();
  readonly #protected = new Segment();
  readonly #limits: Required<StoreLimits>;
  #generation = 0;
  /** Lookups that found a live page, and those that did not (the admin's hit rate). */
  hits = 0;
  misses = 0;
  readonly #purgeLog: { generation: number; request: PurgeRequest }[] = [];

  constructor(limits: StoreLimits) {
    this.#limits = {
      protectedShare: 0.8,
      maxEntryBytes: Math.floor(limits.maxBytes / 8),
      ...limits,
    };
  }

  get entries(): number {
    return this.#probation.size + this.#protected.size;
  }

  get bytes(): number {
    return this.#probation.bytes + this.#protected.bytes;
  }

  /** The purge generation now; pass it to `store` for a render that starts now. */
  get generation(): number {
    return this.#generation;
  }

  /** A page and whether it is fresh or stale; dead pages (past max-age + swr) are dropped. */
  lookup(key: string, now: number = Date.now()): { page: CachedPage; freshness: Freshness } | undefined {
    const held = this.#protected.slots.get(key) ?? this.#probation.slots.get(key);
    const age = held ? (now - held.page.storedAt) / 1000 : 0;
    if (!held || age > held.page.maxAge + held.page.swr) {
      if (held) this.delete(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    this.#touch(key);
    return { page: held.page, freshness: age <= held.page.maxAge ? 'fresh' : 'stale' };
  }

  /**
   * A page only if it is fresh, counted as a hit. Otherwise nothing is counted or dropped:
   * the caller goes on to the full `lookup` (stale pages are revalidated there).
   */
  freshPage(key: string, now: number = Date.now()): CachedPage | undefined {
    const held = this.#protected.slots.get(key) ?? this.#probation.slots.get(key);
    if (!held || (now - held.page.storedAt) / 1000 > held.page.maxAge) return undefined;
    this.hits += 1;
    this.#touch(key);
    return held.page;
  }

  /**
   * Stores a rendered page. `since` is the generation read when its render began: if a
   * purge covering the page happened meanwhile, the page is not stored. Returns whether
   * it was stored.
   */
  store(key: string, page: CachedPage, since: number = this.#generation): boolean {
    if (this.#purgedSince(since, page)) return false;
    const bytes = entryBytes(key, page);
    if (bytes > this.#limits.maxEntryBytes) {
      this.delete(key);
      return false;
    }
    // A page that was hot stays hot when it is re-rendered.
    const wasProtected = this.#protected.remove(key) !== undefined;
    this.#probation.remove(key);
    (wasProtected ? this.#protected : this.#probation).add(key, { page, bytes });
    this.#rebalance();
    this.#enforce();
    return this.#protected.slots.has(key) || this.#probation.slots.has(key);
  }

  /**
   * Changes the render stored under the key (an encoded copy added or made again, say),
   * counted in the byte budget anew and in the same segment. Only while the key still
   * holds the render of that body: a copy made from an older render is dropped. `change`
   * gets the page as stored now, so two changes made side by side both land.
   */
  amend(key: string, body: Uint8Array, change: (page: CachedPage) => CachedPage): CachedPage | undefined {
    const segment = this.#protected.slots.has(key) ? this.#protected : this.#probation.slots.has(key) ? this.#probation : undefined;
    const current = segment?.slots.get(key);
    if (!segment || !current || current.page.body !== body) return undefined;
    const page = change(current.page);
    const size = entryBytes(key, page);
    if (size > this.#limits.maxEntryBytes) return undefined;
    segment.remove(key);
    segment.add(key, { page, bytes: size });
    this.#enforce();
    return page;
  }

  delete(key: string): void {
    this.#probation.remove(key);
    this.#protected.remove(key);
  }

  /** Drops every page carrying one of the tags, every page of the paths (any query), or all. */
  purge(request: PurgeRequest): number {
    this.#generation += 1;
    this.#purgeLog.push({ generation: this.#generation, request });
    if (this.#purgeLog.length > PURGE_LOG_LENGTH) this.#purgeLog.shift();
    let dropped = 0;
    for (const segment of [this.#probation, this.#protected]) {
      for (const [key, slot] of [...segment.slots]) {
        if (matches(request, slot.page)) {
          segment.remove(key);
          dropped += 1;
        }
      }
    }
    return dropped;
  }

  #purgedSince(since: number, page: CachedPage): boolean {
    if (since === this.#generation) return false;
    const oldest = this.#purgeLog[0]?.generation ?? this.#generation + 1;
    // The log no longer reaches back to the render's start: assume the worst.
    if (since + 1 < oldest) return true;
    return this.#purgeLog.some((entry) => entry.generation > since && matches(entry.request, page));
  }

  #touch(key: string): void {
    const hot = this.#protected.remove(key);
    if (hot) {
      this.#protected.add(key, hot);
      return;
    }
    const promoted = this.#probation.remove(key);
    if (promoted) {
      this.#protected.add(key, promoted);
      this.#rebalance();
    }
  }

  /** Keeps the protected segment within its share, demoting its oldest pages to probation. */
  #rebalance(): void {
    const maxBytes = this.#limits.maxBytes * this.#limits.protectedShare;
    const maxEntries = Math.max(1, Math.floor(this.#limits.maxEntries * this.#limits.protectedShare));
    while (this.#protected.size > 1 && (this.#protected.bytes > maxBytes || this.#protected.size > maxEntries)) {
      const key = this.#protected.oldest()!;
      this.#probation.add(key, this.#protected.remove(key)!);
    }
  }

  /** Evicts until both bounds hold: probation's oldest first, then protected's. */
  #enforce(): void {
    while (this.entries > this.#limits.maxEntries || this.bytes > this.#limits.maxBytes) {
      const segment = this.#probation.size > 0 ? this.#probation : this.#protected;
      const key = segment.oldest();
      if (key === undefined) return;
      segment.remove(key);
    }
  }
}

function matches(request: PurgeRequest, page: CachedPage): boolean {
  if (request.all) return true;
  if (request.paths?.includes(page.path)) return true;
  return request.tags !== undefined && page.tags.some((tag) => request.tags!.includes(tag));
}
