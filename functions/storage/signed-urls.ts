import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { SigningKey } from '../auth/keys.ts';
import { errors } from './errors.ts';

/**
 * Signed download URLs: `/object/sign/<bucket>/<key>?token=<JWT>`, the token naming the one
 * object it opens (`url: "<bucket>/<key>"`) and when it stops working, as Supabase Storage
 * makes them. It is signed with the local auth service's ES256 key under its own audience,
 * so a URL token is never accepted as an access token, nor an access token as a URL token.
 * Replacing the key (AUTH_JWT_PRIVATE_KEY) ends the signed URLs already given out.
 */

export const SIGNED_URL_AUDIENCE = 'storage:signed-url';
/** The upper bound of `expiresIn`, in seconds (the default is SIGNED_URL_EXPIRES_IN). */
export const MAX_SIGNED_URL_EXPIRES_IN = 365 * 24 * 3600;

export async function signObjectUrl(
  key: SigningKey,
  bucketId: string,
  objectKey: string,
  expiresIn: number,
  nowSeconds: number,
): Promise<string> {
  const url = `${bucketId}/${objectKey}`;
  const token = await new SignJWT({ url })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setAudience(SIGNED_URL_AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + expiresIn)
    .sign(key.privateKey);
  return `/object/sign/${url}?token=${token}`;
}

/** The token's expiry (seconds) when it opens exactly `bucketId/objectKey`; throws otherwise. */
export async function verifyObjectUrl(
  key: SigningKey,
  token: string,
  bucketId: string,
  objectKey: string,
  nowSeconds: number,
): Promise<number> {
  try {
    const { payload } = await jwtVerify(token, key.publicJwk, {
      algorithms: ['ES256'],
      audience: SIGNED_URL_AUDIENCE,
      currentDate: new Date(nowSeconds * 1000),
    });
    if (payload.url !== `${bucketId}/${objectKey}` || typeof payload.exp !== 'number') throw errors.invalidSignature();
    return payload.exp;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw errors.expiredSignature();
    throw errors.invalidSignature();
  }
}
