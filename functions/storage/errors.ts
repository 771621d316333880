import { isDatabaseUnavailable } from '../../src/lib/db/errors.ts';

/**
 * Errors of the local storage service in Supabase Storage's wire format, which
 * @supabase/storage-js turns into a StorageApiError: the body is
 * `{ statusCode: "<status>", code, error, message }` (storage-js reads `statusCode` and
 * `code`), and, as Supabase Storage does, the HTTP status is 400 for every client error
 * whatever the body's statusCode says (403, 404, 409, 413, 415), 500 for a server fault.
 * Two exceptions the site's own rules add: an unknown route or method answers its real
 * status, and a database outage answers 503 with code `database_unavailable`.
 */

export class StorageError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly error: string;
  /** The HTTP status sent; defaults to Supabase's 400-for-client-errors rule. */
  readonly httpStatus: number;
  constructor(
    statusCode: number,
    code: string,
    message: string,
    options: { error?: string; httpStatus?: number } = {},
  ) {
    super(message);
    this.name = 'StorageError';
    this.statusCode = statusCode;
    this.code = code;
    this.error = options.error ?? code;
    this.httpStatus = options.httpStatus ?? (statusCode >= 500 ? 500 : 400);
  }
}

/** Keys and names echoed in messages are cut short: a refused 100 KB key is not sent back whole. */
const shown = (value: string) => (value.length > 120 ? `${value.slice(0, 120)}…` : value);

// Codes, messages and `error` names as Supabase Storage sends them.
export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', { error: 'Bucket not found' }),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', { error: 'not_found' }),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${shown(key)}`),
  invalidBucketName: (name: string) =>
    new StorageError(400, 'InvalidBucketName', `Bucket name invalid: ${shown(name)}`, { error: 'Invalid Input' }),
  accessDenied: (message = 'Access denied') =>
    new StorageError(403, 'AccessDenied', message, { error: 'Unauthorized' }),
  duplicate: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', { error: 'Duplicate' }),
  entityTooLarge: (entity = 'object') =>
    new StorageError(413, 'EntityTooLarge', `The ${entity} exceeded the maximum allowed size`, {
      error: 'Payload too large',
    }),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${shown(mimeType)} is not supported`, {
      error: 'invalid_mime_type',
    }),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  notFound: () => new StorageError(404, 'NotFound', 'Route not found', { error: 'Not Found', httpStatus: 404 }),
  methodNotAllowed: () => new StorageError(405, 'MethodNotAllowed', 'Method not allowed', { httpStatus: 405 }),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error', { error: 'Internal' }),
  databaseUnavailable: () =>
    new StorageError(
      503,
      'database_unavailable',
      'The database cannot be reached right now. Please try again in a few moments.',
      {
        httpStatus: 503,
      },
    ),
};

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function storageJson(data: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(data), { ...init, headers: { ...JSON_HEADERS, ...init.headers } });
}

export function storageErrorResponse(error: StorageError): Response {
  const body = { statusCode: String(error.statusCode), code: error.code, error: error.error, message: error.message };
  const headers: Record<string, string> = error.statusCode === 503 ? { 'retry-after': '30' } : {};
  return storageJson(body, { status: error.httpStatus, headers });
}

/**
 * A PostgreSQL error raised by a statement run as an API role, as Supabase Storage maps
 * it: a policy refusal (42501) is AccessDenied, a second object at the same path (23505)
 * a Duplicate, a malformed value (22P02) an invalid request. Anything else is not the
 * caller's fault and is rethrown.
 */
export function fromDatabaseError(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  if (isDatabaseUnavailable(error)) return errors.databaseUnavailable();
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (code === '42501') {
    return errors.accessDenied(
      text.includes('row-level security') ? 'new row violates row-level security policy' : text || undefined,
    );
  }
  if (code === '23505') return errors.duplicate();
  if (code === '22P02') return errors.invalidRequest(text || 'Invalid value');
  return error;
}
