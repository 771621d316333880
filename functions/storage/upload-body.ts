import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import { errors, StorageError } from './errors.ts';

/**
 * The two bodies storage-js uploads with, read as a stream:
 * - a Blob or File: multipart/form-data with the fields `cacheControl` (seconds),
 *   optionally `metadata` and `contentType`, then the file itself (field name '');
 * - anything else (ArrayBuffer, Buffer, string, stream): the raw bytes, with the type in
 *   `Content-Type`, `Cache-Control` as a header and metadata as base64 JSON in `x-metadata`.
 * Only the head of the body is parsed here; the file's bytes stay in the request until the
 * caller has checked the type and the policies, and reads them against the limit.
 *
 * A refused upload is not read any further, and not cancelled either: cancelling the body
 * of a request on the node server destroys its socket before the answer is written. The
 * service answers with `Connection: close` instead (as Supabase Storage does), and the
 * server drops the rest.
 */

export interface UploadBody {
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  /** The size the client announced (raw bodies only). */
  declaredSize: number | undefined;
  content: AsyncIterable<Uint8Array>;
}

const MAX_METADATA_BYTES = 64 * 1024;
/** Room for the boundaries and small fields around the file in a multipart body. */
const MULTIPART_OVERHEAD_BYTES = 128 * 1024;
const MIME_TYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*;[\x20-\x7e]*)?$/;
const HEADER_VALUE = /^[\x20-\x7e]{1,256}$/;

export async function readUploadBody(request: Request, limit: number): Promise<UploadBody> {
  if (!request.body) throw errors.noContent();
  const contentType = request.headers.get('content-type') ?? '';
  const declared = declaredLength(request);
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    if (declared !== undefined && declared > limit + MULTIPART_OVERHEAD_BYTES) throw errors.entityTooLarge();
    return readMultipart(request.body, contentType, limit + MULTIPART_OVERHEAD_BYTES);
  }
  if (declared !== undefined && declared > limit) throw errors.entityTooLarge();
  const mimeType = checkedMimeType(contentType || 'application/octet-stream');
  const cacheControl = checkedCacheControl(request.headers.get('cache-control') ?? 'no-cache');
  const encoded = request.headers.get('x-metadata');
  const userMetadata = encoded === null ? null : parseMetadata(Buffer.from(encoded, 'base64').toString('utf8'));
  return {
    mimeType,
    cacheControl,
    userMetadata,
    declaredSize: declared,
    content: request.body.values({ preventCancel: true }),
  };
}

/** Refuses a type the bucket does not allow, with Supabase's rule (`image/*` allows every image type). */
export function assertAllowedMimeType(mimeType: string, allowed: readonly string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype] = mimeType.split('/');
  if (!type || subtype === undefined) throw errors.invalidMimeType(mimeType);
  const ok = allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
  if (!ok) throw errors.invalidMimeType(mimeType);
}

function declaredLength(request: Request): number | undefined {
  const value = request.headers.get('content-length');
  if (value === null || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

function checkedMimeType(value: string): string {
  if (value.length > 255 || !MIME_TYPE.test(value)) throw errors.invalidMimeType(value);
  return value;
}

function checkedCacheControl(value: string): string {
  if (!HEADER_VALUE.test(value)) throw errors.invalidRequest('Invalid cache-control value');
  return value;
}

function parseMetadata(text: string): Record<string, unknown> | null {
  if (Buffer.byteLength(text) > MAX_METADATA_BYTES) throw errors.entityTooLarge('user_metadata');
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    // As Supabase: unreadable metadata is ignored, not an error.
    return null;
  }
}

/** Fails the stream once more than `max` bytes have passed: the rest of the request is never read. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.byteLength;
      if (seen > max) done(errors.entityTooLarge());
      else done(null, chunk);
    },
  });
}

function readMultipart(body: ReadableStream<Uint8Array>, contentType: string, maxBytes: number): Promise<UploadBody> {
  return new Promise((resolve, reject) => {
    let parser: InstanceType<typeof Busboy>;
    try {
      parser = new Busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fields: 10, parts: 12, fieldSize: MAX_METADATA_BYTES, headerPairs: 20 },
      });
    } catch {
      reject(errors.invalidRequest('Malformed multipart/form-data body'));
      return;
    }
    const source = Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>);
    const fields = new Map<string, string>();
    let file: BusboyFileStream | undefined;
    let settled = false;
    const fail = (error: unknown) => {
      const failure =
        error instanceof StorageError ? error : errors.invalidRequest('Malformed multipart/form-data body');
      if (file && !file.destroyed) {
        // Whoever reads the file sees the error; nobody reading must not crash the process.
        file.on('error', () => {});
        file.destroy(failure);
      }
      if (!settled) {
        settled = true;
        reject(failure);
      }
    };

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) fail(errors.entityTooLarge(name === 'metadata' ? 'user_metadata' : 'form field'));
      else fields.set(name, value);
    });
    parser.on('file', (_name, stream, _filename, _encoding, partType) => {
      if (settled) {
        stream.resume();
        return;
      }
      file = stream;
      settled = true;
      try {
        const cacheTime = fields.get('cacheControl');
        const metadata = fields.get('metadata') ?? fields.get('userMetadata');
        resolve({
          mimeType: checkedMimeType(fields.get('contentType') || partType || 'application/octet-stream'),
          cacheControl: cacheTime ? checkedCacheControl(`max-age=${cacheTime}`) : 'no-cache',
          userMetadata: metadata === undefined ? null : parseMetadata(metadata),
          declaredSize: undefined,
          content: stream.iterator({ destroyOnReturn: false }),
        });
      } catch (error) {
        settled = false;
        fail(error);
      }
    });
    parser.on('finish', () => {
      if (!settled) fail(errors.noContent());
    });
    pipeline(source, byteLimit(maxBytes), parser, (error) => {
      if (error) fail(error);
    });
  });
}
