/**
 * Content negotiation on Accept-Encoding, shared by the static files, the route cache and
 * the compression of uncached answers, so all three pick the same variant for a request.
 *
 * Rules: each coding's q-value counts (`br;q=0` refuses brotli); `*` stands for every
 * coding the header does not name; identity is acceptable unless refused (`identity;q=0`,
 * or `*;q=0` without naming identity) and, when not named, weighs as little as the least
 * wanted coding listed (as the `negotiator` package does), so `gzip;q=0.5` still gets gzip.
 * Ties go to the server's order: brotli, gzip, identity. When nothing offered is
 * acceptable the answer is identity anyway: a readable page beats a 406.
 */

export type Encoding = 'br' | 'gzip';
export type Coding = Encoding | 'identity';

/** The server's preference, best first. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity'];

/** Compressible content types (text, JSON, JavaScript, XML, SVG, web manifests). */
export const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/i;

/** Bodies below this are answered as they are: the framing would eat the saving. */
export const MIN_COMPRESS_BYTES = 1024;

function parseQ(params: string[]): number {
  for (const param of params) {
    const [name, value] = param.split('=').map((part) => part.trim());
    if (name?.toLowerCase() !== 'q') continue;
    const q = Number(value);
    return Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0;
  }
  return 1;
}

/** The q-value of each coding the header names (lower-cased), `*` included. */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.split(';');
    const name = token?.trim().toLowerCase();
    if (!name) continue;
    const q = parseQ(params);
    // A coding named twice keeps its best weight.
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  return weights;
}

/**
 * The coding to answer with, among `available` (identity is always available). No header
 * or an empty one means identity: clients that say nothing get plain bytes.
 */
export function negotiateEncoding(header: string | null | undefined, available: readonly Encoding[] = ENCODINGS): Coding {
  if (!header?.trim()) return 'identity';
  const weights = parseAcceptEncoding(header);
  const wildcard = weights.get('*');
  const listed = [...weights.entries()].filter(([name]) => name !== '*').map(([, q]) => q).filter((q) => q > 0);
  const weightOf = (coding: Coding): number => {
    const named = weights.get(coding);
    if (named !== undefined) return named;
    if (wildcard !== undefined) return wildcard;
    if (coding !== 'identity') return 0;
    return listed.length > 0 ? Math.min(1, ...listed) : 1;
  };
  let best: Coding = 'identity';
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.includes(coding)) continue;
    const q = weightOf(coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** The ETag of one variant: the identity tag with the coding appended inside the quotes. */
export function variantEtag(etag: string, coding: Coding): string {
  if (coding === 'identity') return etag;
  const suffix = coding === 'br' ? '-br' : '-gz';
  return etag.endsWith('"') ? `${etag.slice(0, -1)}${suffix}"` : `${etag}${suffix}`;
}

/** Whether If-None-Match names this ETag (weak comparison, `*` included). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}
