import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Response compression for the node server (the Astro node adapter has none). Text
 * responses of at least MIN_BYTES are compressed with brotli (quality 5) or gzip, as the
 * client accepts; build assets under /_astro/ are immutable, so their compressed bytes
 * are kept in memory and compressed once. Pages are small and rendered whole, so the body
 * is gathered and compressed in one go.
 */

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;
const ASSET_CACHE_LIMIT = 500;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Encoding = 'br' | 'gzip';

export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = acceptEncoding
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name!.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

export function compressResponses(handler: Handler): Handler {
  const assetCache = new Map<string, Buffer>();
  return (req, res) => {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding || req.method !== 'GET') {
      handler(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    const originalWriteHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
    const originalEnd = res.end.bind(res) as (body?: Buffer) => ServerResponse;
    let finished = false;

    res.writeHead = ((status: number, ...rest: unknown[]) => {
      res.statusCode = status;
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null) as OutgoingHttpHeaders | undefined;
      if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      return res;
    }) as typeof res.writeHead;

    res.write = ((chunk: unknown, encodingOrCallback?: unknown, callback?: unknown) => {
      if (chunk !== undefined && chunk !== null) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encodingOrCallback === 'string' ? (encodingOrCallback as BufferEncoding) : 'utf8'));
      }
      const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    }) as typeof res.write;

    res.end = ((chunk?: unknown, encodingOrCallback?: unknown, callback?: unknown) => {
      if (finished) return res;
      finished = true;
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encodingOrCallback === 'string' ? (encodingOrCallback as BufferEncoding) : 'utf8'));
      }
      const done = [chunk, encodingOrCallback, callback].find((arg) => typeof arg === 'function') as (() => void) | undefined;
      let body: Buffer = Buffer.concat(chunks);
      const type = String(res.getHeader('content-type') ?? '');
      const compressible =
        res.statusCode === 200 && body.length >= MIN_BYTES && COMPRESSIBLE.test(type) && !res.hasHeader('content-encoding');
      if (compressible) {
        const key = req.url?.startsWith('/_astro/') ? `${encoding} ${req.url}` : undefined;
        let packed = key ? assetCache.get(key) : undefined;
        if (!packed) {
          packed = compress(body, encoding);
          if (key && assetCache.size < ASSET_CACHE_LIMIT) assetCache.set(key, packed);
        }
        body = packed;
        res.setHeader('content-encoding', encoding);
        res.removeHeader('etag');
      }
      if (COMPRESSIBLE.test(type)) res.setHeader('vary', 'Accept-Encoding');
      res.setHeader('content-length', body.length);
      res.removeHeader('transfer-encoding');
      originalWriteHead(res.statusCode);
      originalEnd(body);
      done?.();
      return res;
    }) as typeof res.end;

    handler(req, res);
  };
}
