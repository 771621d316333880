/**
 * What the build's static files are and how they are described over HTTP: shared by the
 * build step that precompresses them (scripts/precompress.ts) and the node server that
 * serves them (static-files.server.ts).
 */
import type { Encoding } from './content-encoding.ts';

/** Suffix of each precompressed copy, beside its original. */
export const PRECOMPRESSED_EXTENSIONS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

const PRECOMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.map', '.webmanifest', '.xml', '.txt', '.svg']);

function extensionOf(file: string): string {
  const dot = file.lastIndexOf('.');
  return dot > file.lastIndexOf('/') ? file.slice(dot).toLowerCase() : '';
}

export function contentTypeOf(file: string): string {
  return TYPES[extensionOf(file)] ?? 'application/octet-stream';
}

/** Whether the build writes compressed copies of this file (text formats only). */
export function precompressible(file: string): boolean {
  return PRECOMPRESSIBLE.has(extensionOf(file));
}

/** A precompressed copy (`x.js.br`), which is served only in place of its original. */
export function isPrecompressedCopy(file: string): boolean {
  return Object.values(PRECOMPRESSED_EXTENSIONS).some((ext) => file.endsWith(ext));
}

/**
 * Build assets (/_astro/, names carry a content hash) never change: cached for a year.
 * Everything else (icons, the manifest, sw.js) is revalidated on each use, as the node
 * adapter does.
 */
export function staticCacheControl(urlPath: string): string {
  return urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0';
}
