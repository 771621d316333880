import { compress } from './compression.server.ts';
import { COMPRESSIBLE_TYPE, ENCODINGS, MIN_COMPRESS_BYTES, negotiateEncoding, type Encoding } from './content-encoding.ts';
import type { CachedPage, RouteCacheStore } from './route-cache-store.ts';

/**
 * The encoded copies of a stored page, made when they are wanted and as well as their
 * readers warrant. The render that stores a page makes the coding its own request takes,
 * quickly (compression.server.ts); a hit that wants another coding has it made at the
 * kept level, and the first hit has the quick copies made again at the kept level in the
 * background. The route cache provider and the node server's early answer to hits both
 * come here, with the store they read.
 */

/** Whether a body of this type and size gets encoded variants at all. */
export function encodable(body: Uint8Array, type: string): boolean {
  return body.byteLength >= MIN_COMPRESS_BYTES && COMPRESSIBLE_TYPE.test(type);
}

/** The coding a request would take if the page had every variant. */
export function wantedEncoding(acceptEncoding: string | null | undefined): Encoding | undefined {
  const coding = negotiateEncoding(acceptEncoding, ENCODINGS);
  return coding === 'identity' ? undefined : coding;
}

/** Whether a hit with this Accept-Encoding wants a variant the page does not have yet. */
export function lacksWantedVariant(page: CachedPage, acceptEncoding: string | null | undefined): boolean {
  if (!page.encodable) return false;
  const encoding = wantedEncoding(acceptEncoding);
  return encoding !== undefined && page.variants[encoding] === undefined;
}

interface Work {
  /** Variants being made for hits, by coding and key, so concurrent hits make each one once. */
  making: Map<string, Promise<CachedPage>>;
  /** Renders whose quick copies are being or have been made again (one render, one body). */
  refining: WeakSet<Uint8Array>;
}

// On globalThis, as the store is: the start script's copy of this module and the server
// bundle's must not both make the same copy.
const WORK = Symbol.for('critical-hit.route-cache-variants');

function work(): Work {
  const holder = globalThis as typeof globalThis & { [WORK]?: Work };
  holder[WORK] ??= { making: new Map(), refining: new WeakSet() };
  return holder[WORK];
}

/**
 * The stored page with the variant this hit wants, made now if the page lacks it (the one
 * time that variant is made) and added to the stored page for every later hit. Another
 * cache in front (nginx, a CDN) keeps what it is first given for an encoding, so the first
 * gzip client gets gzip, not the plain bytes while gzip is made. A hit means the page has
 * readers, so it is made at the kept level.
 */
export async function withWantedVariant(
  store: RouteCacheStore,
  key: string,
  page: CachedPage,
  acceptEncoding: string | null | undefined,
): Promise<CachedPage> {
  const encoding = wantedEncoding(acceptEncoding);
  if (!page.encodable || !encoding || page.variants[encoding]) return page;
  const { making } = work();
  const job = `${encoding} ${key}`;
  let made = making.get(job);
  if (!made) {
    made = compress(page.body, encoding, 'kept')
      .then((bytes) => {
        // A body that does not shrink is kept as not worth encoding, so no hit tries again.
        const add = (current: CachedPage): CachedPage =>
          bytes.byteLength < current.body.byteLength
            ? { ...current, variants: { ...current.variants, [encoding]: bytes }, quick: current.quick.filter((coding) => coding !== encoding) }
            : { ...current, encodable: false };
        // Kept only while the stored page is still this render (a newer one brings its own).
        return store.amend(key, page.body, add) ?? add(page);
      })
      .finally(() => making.delete(job));
    making.set(job, made);
  }
  const amended = await made;
  return amended.body === page.body ? amended : page;
}

/** What refineQuickVariants answers when there is nothing to make: one promise, not one per hit. */
const NOTHING_TO_MAKE: Promise<void> = Promise.resolve();

/**
 * Makes a hit page's quick variants again at the kept level and puts them in its place,
 * without making the hit wait: it is answered with the quick bytes. Once per render. Every
 * hit calls it, so a page with nothing quick left costs one length check. The promise is for
 * tests; callers need not wait for it, and it never rejects.
 */
export function refineQuickVariants(store: RouteCacheStore, key: string, page: CachedPage): Promise<void> {
  if (page.quick.length === 0) return NOTHING_TO_MAKE;
  const { refining } = work();
  if (refining.has(page.body)) return NOTHING_TO_MAKE;
  refining.add(page.body);
  return refine(store, key, page, [...page.quick]).catch(() => {
    // The quick bytes stay: correct, only larger. A later hit may try again.
    refining.delete(page.body);
  });
}

async function refine(store: RouteCacheStore, key: string, page: CachedPage, codings: Encoding[]): Promise<void> {
  const made = await Promise.all(codings.map((coding) => compress(page.body, coding, 'kept')));
  store.amend(key, page.body, (current) => {
    const variants = { ...current.variants };
    codings.forEach((coding, i) => {
      const quick = variants[coding];
      if (current.quick.includes(coding) && quick && made[i]!.byteLength <= quick.byteLength) variants[coding] = made[i]!;
    });
    return { ...current, variants, quick: current.quick.filter((coding) => !codings.includes(coding)) };
  });
}
