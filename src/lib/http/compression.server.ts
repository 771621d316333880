import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { COMPRESSIBLE_TYPE, MIN_COMPRESS_BYTES, negotiateEncoding, type Encoding } from './content-encoding.ts';

/**
 * Compression of what is left to compress on the node server (the Astro node adapter has
 * none). Static files come precompressed (static-files.server.ts) and cached pages carry
 * their encoded variants (route-cache.server.ts): both arrive here with Content-Encoding
 * set and pass straight through. What remains, uncached pages and API answers, is gathered
 * whole (pages render whole anyway) and compressed quickly: inline up to 64 KB, where that
 * costs less than a trip to libuv's thread pool, and on the pool above, so a large body
 * never holds up the event loop.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard to compress: `quick` for bytes one reader waits for (an uncached page, an API
 * answer, the copy a route-cache miss stores and sends), `kept` for the copy a route-cache
 * page gets once it is asked for again, made off the request path and sent to every later
 * reader. Making it is paid once per popular page; the quick level is paid on every miss.
 */
export type Effort = 'quick' | 'kept';

/**
 * On a 52 KB game page, one synchronous compression at a time on this machine: brotli 1
 * takes 0.18 ms for 11 223 bytes, brotli 2 0.31 ms for 10 570, brotli 3 0.38 ms for 10 258
 * (gzip 1: 0.30 ms for 11 340); brotli 6 takes about 1.2 ms for 8842 and brotli 9 ten times
 * that for 1 % less. A quick copy is read by the one reader who waits for it (a page asked
 * for again gets the kept copy), so a miss takes brotli 1 (brotli 0 would save 0.04 ms more
 * for 4 % more bytes again) and gzip 1; a page that proves popular gets brotli 6 and gzip 6,
 * 21 % fewer bytes on every later hit, made once off the request path.
 */
const LEVELS: Record<Effort, { br: number; gzip: number }> = {
  quick: { br: 1, gzip: 1 },
  kept: { br: 6, gzip: 6 },
};

/**
 * Largest body compressed on the event loop, at the quick level only. There the trip to
 * libuv's pool costs more than the work: for a 52 KB game page at brotli 2, 0.36 ms of CPU
 * asynchronously (0.08 of it on the loop) against 0.17 ms inline, and inside the busy
 * server the hand-off's wake-ups put the step's p95 at 2.8 to 3.2 ms against 0.5 to 0.7
 * inline (docs/performance.md, runs AK to AQ). 64 KB at the quick level holds the loop for about
 * 0.2 ms, less than a tenth of the render that made the body. Larger bodies and the kept
 * level (0.7 ms and up) always go to the pool.
 */
export const INLINE_MAX_BYTES = 64 * 1024;

export function compress(body: Uint8Array, encoding: Encoding, effort: Effort): Promise<Buffer> {
  const levels = LEVELS[effort];
  const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: levels.br, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } };
  if (effort === 'quick' && body.byteLength <= INLINE_MAX_BYTES) {
    try {
      return Promise.resolve(encoding === 'br' ? brotliCompressSync(body, brotli) : gzipSync(body, { level: levels.gzip }));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return encoding === 'br' ? brotliAsync(body, brotli) : gzipAsync(body, { level: levels.gzip });
}

/** Whether an answer with these headers is one this layer may compress. */
function candidate(res: ServerResponse): boolean {
  return (
    res.statusCode === 200 &&
    !res.hasHeader('content-encoding') &&
    COMPRESSIBLE_TYPE.test(String(res.getHeader('content-type') ?? ''))
  );
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

export function compressResponses(handler: Handler): Handler {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      handler(req, res);
      return;
    }
    const originalWriteHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
    const originalWrite = res.write.bind(res);
    const originalEnd = res.end.bind(res) as (body?: Buffer, callback?: () => void) => ServerResponse;
    const chunks: Buffer[] = [];
    let decided: 'pass' | 'gather' | undefined;
    let finished = false;

    // Decided once, when the status and headers are known (at writeHead, or the first write).
    const decide = () => {
      if (decided) return decided;
      decided = candidate(res) ? 'gather' : 'pass';
      if (decided === 'pass') {
        res.writeHead = originalWriteHead as typeof res.writeHead;
        res.write = originalWrite;
        res.end = originalEnd as typeof res.end;
        if (COMPRESSIBLE_TYPE.test(String(res.getHeader('content-type') ?? '')) && !res.hasHeader('vary')) {
          res.setHeader('Vary', 'Accept-Encoding');
        }
      }
      return decided;
    };

    res.writeHead = ((status: number, ...rest: unknown[]) => {
      res.statusCode = status;
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null) as OutgoingHttpHeaders | undefined;
      if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      decide();
      return res;
    }) as typeof res.writeHead;

    res.write = ((chunk: unknown, encodingOrCallback?: unknown, callback?: unknown) => {
      if (decide() === 'pass') return (originalWrite as (...args: unknown[]) => boolean)(chunk, encodingOrCallback, callback);
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encodingOrCallback));
      const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    }) as typeof res.write;

    res.end = ((chunk?: unknown, encodingOrCallback?: unknown, callback?: unknown) => {
      if (decide() === 'pass') return (originalEnd as (...args: unknown[]) => ServerResponse)(chunk, encodingOrCallback, callback);
      if (finished) return res;
      finished = true;
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encodingOrCallback));
      const done = [chunk, encodingOrCallback, callback].find((arg) => typeof arg === 'function') as (() => void) | undefined;
      const body = Buffer.concat(chunks);
      const send = (bytes: Buffer, encoding?: Encoding) => {
        if (encoding) {
          res.setHeader('Content-Encoding', encoding);
          // A tag of the identity bytes would be wrong for the encoded ones.
          res.removeHeader('etag');
        }
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Content-Length', bytes.length);
        res.removeHeader('transfer-encoding');
        originalWriteHead(res.statusCode);
        originalEnd(bytes, done);
      };
      const coding = body.length >= MIN_COMPRESS_BYTES ? negotiateEncoding(req.headers['accept-encoding']) : 'identity';
      if (coding === 'identity') send(body);
      else
        compress(body, coding, 'quick').then(
          (packed) => send(packed, coding),
          () => send(body),
        );
      return res;
    }) as typeof res.end;

    handler(req, res);
  };
}
