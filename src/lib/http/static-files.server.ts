import { createReadStream, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { COMPRESSIBLE_TYPE, etagMatches, negotiateEncoding, variantEtag, type Coding, type Encoding } from './content-encoding.ts';
import { contentTypeOf, isPrecompressedCopy, PRECOMPRESSED_EXTENSIONS, staticCacheControl } from './static-files.ts';

/**
 * The build's static files (dist/client), served in front of the Astro node adapter with
 * the brotli and gzip copies the build wrote beside them (scripts/precompress.ts): the
 * server never compresses a static file. The files are listed once at start (a build
 * never changes under a running server); their bytes are read once, on first use, and
 * kept in memory up to a budget, so a hit is a header write and one socket write.
 *
 * Anything else falls through to the adapter: unknown paths (pages), directories, HTML
 * files (prerendered pages get their headers from the adapter), and Range requests (the
 * adapter's `send` answers ranges of the identity bytes).
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Variant {
  file: string;
  size: number;
  bytes?: Buffer;
}

interface StaticFile {
  type: string;
  cacheControl: string;
  etag: string;
  lastModified: string;
  mtimeMs: number;
  compressible: boolean;
  variants: Partial<Record<Coding, Variant>>;
  encodings: Encoding[];
}

/** Files above this are streamed from disk each time instead of kept. */
const MAX_KEPT_FILE = 1024 * 1024;
const MAX_KEPT_TOTAL = 32 * 1024 * 1024;

function listFiles(root: string, dir = root, found = new Map<string, StaticFile>()): Map<string, StaticFile> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      listFiles(root, full, found);
      continue;
    }
    if (!entry.isFile() || isPrecompressedCopy(full) || full.endsWith('.html')) continue;
    const stats = statSync(full);
    const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
    const type = contentTypeOf(full);
    const variants: StaticFile['variants'] = { identity: { file: full, size: stats.size } };
    const encodings: Encoding[] = [];
    for (const [encoding, ext] of Object.entries(PRECOMPRESSED_EXTENSIONS) as [Encoding, string][]) {
      try {
        const copy = statSync(`${full}${ext}`);
        variants[encoding] = { file: `${full}${ext}`, size: copy.size };
        encodings.push(encoding);
      } catch {
        // no copy: too small, or not smaller than the original
      }
    }
    found.set(urlPath, {
      type,
      cacheControl: staticCacheControl(urlPath),
      etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
      lastModified: stats.mtime.toUTCString(),
      mtimeMs: Math.floor(stats.mtimeMs / 1000) * 1000,
      compressible: COMPRESSIBLE_TYPE.test(type),
      variants,
      encodings,
    });
  }
  return found;
}

function notModified(req: IncomingMessage, etag: string, file: StaticFile): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && file.mtimeMs <= since;
}

function pathOf(url: string): string | undefined {
  const end = url.search(/[?#]/);
  try {
    return decodeURIComponent(end >= 0 ? url.slice(0, end) : url);
  } catch {
    return undefined;
  }
}

export function serveStaticFiles(root: string, next: Handler): Handler {
  let files: Map<string, StaticFile>;
  try {
    files = listFiles(root);
  } catch {
    files = new Map();
  }
  let kept = 0;

  async function bytesOf(variant: Variant): Promise<Buffer | undefined> {
    if (variant.bytes) return variant.bytes;
    if (variant.size > MAX_KEPT_FILE || kept + variant.size > MAX_KEPT_TOTAL) return undefined;
    const bytes = await readFile(variant.file);
    if (!variant.bytes) kept += bytes.length;
    variant.bytes ??= bytes;
    return variant.bytes;
  }

  return (req, res) => {
    const method = req.method;
    const file = (method === 'GET' || method === 'HEAD') && !req.headers.range ? files.get(pathOf(req.url ?? '/') ?? '') : undefined;
    if (!file) {
      next(req, res);
      return;
    }
    const coding: Coding = file.compressible ? negotiateEncoding(req.headers['accept-encoding'], file.encodings) : 'identity';
    const variant = file.variants[coding]!;
    const etag = variantEtag(file.etag, coding);
    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', file.cacheControl);
    res.setHeader('Last-Modified', file.lastModified);
    res.setHeader('ETag', etag);
    res.setHeader('Accept-Ranges', 'bytes');
    if (file.compressible) res.setHeader('Vary', 'Accept-Encoding');
    if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
    if (notModified(req, etag, file)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', variant.size);
    if (method === 'HEAD') {
      res.end();
      return;
    }
    if (variant.bytes) {
      res.end(variant.bytes);
      return;
    }
    bytesOf(variant).then(
      (bytes) => {
        if (bytes) res.end(bytes);
        else createReadStream(variant.file).on('error', () => res.destroy()).pipe(res);
      },
      () => res.destroy(),
    );
  };
}
