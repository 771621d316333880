import { constants } from 'node:zlib';
import Negotiator from 'negotiator';

/**
 * Content negotiation on Accept-Encoding, one answer for the static files, the page cache
 * and the compression of everything else: q-values count (`br;q=0` refuses brotli), ties go
 * to brotli, then gzip; no header means identity.
 */

export type Coding = 'br' | 'gzip' | 'identity';

const brotliAt = (quality: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

/**
 * Brotli for an answer sent once (the `compression` layer: pages the cache does not keep, API
 * answers): level 3, the highest of brotli's quick levels. From level 4 on it searches harder,
 * for a few per cent fewer bytes at more than twice the time, and a reader waits for it.
 */
export const BROTLI_SENT_ONCE = brotliAt(3);

/**
 * Brotli for the copy of a page the cache keeps (route-cache.ts), made once and sent on every
 * hit: level 5, where the bytes stop shrinking much (level 6 saves under 1 % more). It is made
 * off the event loop, and only once a brotli client wants it.
 */
export const BROTLI_KEPT = brotliAt(5);
// Static files come from the build at the highest level (scripts/precompress.ts).

/** Text formats worth compressing (HTML, CSS, JavaScript, JSON, XML, SVG, calendars, plain text). */
export const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/i;

type Preferring = {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
  encodings(available: readonly string[]): string[];
};

// Browsers send a handful of distinct headers between them: each is weighed once.
const weighed = new Map<string, { coding: Coding; accepted: string }>();

function weigh(acceptEncoding: string | null | undefined): { coding: Coding; accepted: string } {
  const header = acceptEncoding ?? '';
  let found = weighed.get(header);
  if (found === undefined) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as Preferring;
    const coding =
      header.trim() === ''
        ? 'identity'
        : ((negotiator.encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip', 'identity'] }) ??
            'identity') as Coding);
    found = { coding, accepted: negotiator.encodings(['br', 'gzip']).join(', ') };
    if (weighed.size >= 256) weighed.clear();
    weighed.set(header, found);
  }
  return found;
}

/** The coding to answer with when brotli, gzip and identity are all on offer. */
export function codingFor(acceptEncoding: string | null | undefined): Coding {
  return weigh(acceptEncoding).coding;
}

/** The codings a header accepts, best first: what sirv, which reads the header as plain text, is shown instead. */
export function acceptedCodings(acceptEncoding: string | undefined): string {
  return weigh(acceptEncoding).accepted;
}
