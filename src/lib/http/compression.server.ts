import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE_TYPE, MIN_COMPRESS_BYTES, negotiateEncoding, type Encoding } from './content-encoding.ts';

/**
 * Compression of what is left to compress on the node server (the Astro node adapter has
 * none). Static files come precompressed (static-files.server.ts) and cached pages carry
 * their encoded variants (route-cache.server.ts): both arrive here with Content-Encoding
 * set and pass straight through. What remains, uncached pages and API answers, is gathered
 * whole (pages render whole anyway) and compressed with zlib's asynchronous API, which
 * runs on libuv's thread pool: a large body never holds up the event loop.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli 4 and gzip 6, for uncached answers and for the copies the route cache keeps alike:
 * most of the saving for a fraction of the time. On a 60 KB game page on this machine, one
 * compression at a time, brotli 6 took 0.57 ms of CPU for 9418 bytes, brotli 5 0.54 ms for
 * 9495, brotli 4 0.36 ms for 10373 (9 % more than 5) and brotli 3 0.21 ms for 10877; brotli 9
 * had taken 15 ms, and gzip 6 takes 0.44 ms for 10421. A page is compressed while the request
 * that rendered it waits, on libuv's threads beside the event loop, the database and every
 * other request on two cores: at 32 connections on PostgreSQL, brotli 4 served 314 and 332
 * uncached game pages a second where brotli 5 served 301 and 311 (alternating rounds). The
 * 900 bytes it adds are well under a millisecond on any connection a page is read over. The
 * kept copy is not made at a higher level than the per-request one, since it is the same
 * compression. Gzip 9 saved 45 bytes over gzip 6.
 */
const LEVELS = { br: 4, gzip: 6 } as const;

export function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: LEVELS.br, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      })
    : gzipAsync(body, { level: LEVELS.gzip });
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
        compress(body, coding).then(
          (packed) => send(packed, coding),
          () => send(body),
        );
      return res;
    }) as typeof res.end;

    handler(req, res);
  };
}
