import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The small cryptographic helpers the auth service shares: tokens, hashes, comparisons. */

/** A random URL-safe token (24 bytes: 32 characters). */
export const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
export const sha256Base64url = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Equal strings, compared in time that does not depend on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids the service issues are UUIDs; anything else cannot name a row (nor be cast to uuid). */
export const isUuid = (value: string) => UUID.test(value);
