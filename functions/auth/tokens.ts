import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { SigningKey } from './keys.ts';

/** Access tokens exactly as Supabase Auth shapes them (ES256, one hour, its claims). */

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  session_id: string;
  aal: 'aal1';
  amr: { method: string; timestamp: number }[];
  is_anonymous: boolean;
}

export interface TokenUser {
  id: string;
  email: string | null;
  phone: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  is_anonymous: boolean;
}

export async function signAccessToken(
  key: SigningKey,
  issuer: string,
  user: TokenUser,
  session: { id: string; method: string; authenticatedAt: number },
  nowSeconds: number,
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = nowSeconds + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: session.method, timestamp: session.authenticatedAt }],
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(user.id)
    .setAudience('authenticated')
    .setIssuedAt(nowSeconds)
    .setExpirationTime(expiresAt)
    .sign(key.privateKey);
  return { token, expiresAt };
}

export async function verifyAccessToken(
  key: SigningKey,
  token: string,
  nowSeconds: number,
): Promise<AccessTokenClaims> {
  const { payload } = await jwtVerify(token, key.publicJwk, {
    algorithms: ['ES256'],
    audience: 'authenticated',
    currentDate: new Date(nowSeconds * 1000),
  });
  if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string')
    throw new Error('missing sub or session_id claim');
  return payload as AccessTokenClaims;
}
