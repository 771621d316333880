import type { Plugin } from 'vite';

/**
 * Astro's digests for the Content Security Policy, computed once per text instead of once per
 * render.
 *
 * With `security.csp` on, Astro starts every page render by hashing each stylesheet element of
 * the route (`generateCspDigest`, astro/dist/core/encryption.js). Ours are links, so the text
 * hashed is the empty string, every time. The hash is WebCrypto's, which Node runs on libuv's
 * thread pool: each render waited for a round trip to another thread before it could start,
 * 0.12 ms at the median and 0.24 ms at p95 for an uncached game page served one at a time
 * (docs/decisions/node-render-cost.md). A digest depends only on its text and algorithm,
 * so the first render's promise is kept and later renders await a settled one.
 *
 * This plugin rewrites that one function in Astro's build output. If a new Astro no longer has
 * it as written here, the build stops with a message saying so, rather than silently going
 * back to a round trip per render: astro is pinned exactly (docs/architecture.md), so that
 * is met when upgrading it on purpose.
 */

export const ASTRO_ENCRYPTION_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const ORIGINAL = 'async function generateCspDigest(data, algorithm) {';
/** Texts kept at most; a site's pages have a few dozen distinct inline scripts and styles. */
export const CSP_DIGESTS_KEPT = 1000;

/** Astro's encryption module with generateCspDigest memoised, or an error when it is not there as expected. */
export function memoiseCspDigest(code: string): string {
  if (!code.includes(ORIGINAL)) {
    throw new Error(
      'critical-hit:csp-digest-memo: astro/dist/core/encryption.js no longer declares `async function generateCspDigest(data, algorithm)`. ' +
        'Check how this Astro computes CSP digests per render and update src/lib/builds/csp-digest-memo.server.ts.',
    );
  }
  return `${code.replace(ORIGINAL, 'async function generateCspDigestOnce(data, algorithm) {')}
const cspDigests = new Map();
function generateCspDigest(data, algorithm) {
  const key = \`\${algorithm}\\u0000\${data}\`;
  let digest = cspDigests.get(key);
  if (digest === undefined) {
    if (cspDigests.size >= ${CSP_DIGESTS_KEPT}) cspDigests.clear();
    digest = generateCspDigestOnce(data, algorithm);
    cspDigests.set(key, digest);
    digest.catch(() => cspDigests.delete(key));
  }
  return digest;
}
`;
}

export function cspDigestMemo(): Plugin {
  return {
    name: 'critical-hit:csp-digest-memo',
    transform(code, id) {
      if (!ASTRO_ENCRYPTION_MODULE.test(id.split('?')[0]!)) return null;
      return { code: memoiseCspDigest(code), map: null };
    },
  };
}
