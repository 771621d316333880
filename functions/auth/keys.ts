import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';

/**
 * The ES256 key the local auth service signs access tokens with.
 * - AUTH_JWT_PRIVATE_KEY (a private JWK) when set: the same key on every instance and
 *   after every restart; rotate by deploying a new one (sessions stay, access tokens
 *   signed by the old key fail verification and are refreshed by the clients).
 * - Otherwise generated on first use and kept in auth.jwt_signing_keys, so tokens stay
 *   valid across restarts of an embedded or self-hosted server.
 * The public half is served at /auth/v1/.well-known/jwks.json with its `kid`.
 */

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function fromPrivateJwk(jwk: JWK, kidFallback?: string): Promise<SigningKey> {
  const kid = jwk.kid ?? kidFallback ?? (await calculateJwkThumbprint(jwk));
  const privateKey = (await importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const { kty, crv, x, y } = jwk;
  return { kid, privateKey, publicJwk: { kty, crv, x, y, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] } };
}

export async function generatePrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'ES256' };
}

export async function keyFromEnvValue(value: string): Promise<SigningKey> {
  return fromPrivateJwk(JSON.parse(value) as JWK);
}

/** The newest stored key, generating and storing one when there is none. */
export async function loadOrCreateStoredKey(db: Kysely<Database>): Promise<SigningKey> {
  const row = await db
    .selectFrom('auth.jwt_signing_keys')
    .select(['kid', 'private_jwk'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row) return fromPrivateJwk(row.private_jwk, row.kid);
  const jwk = await generatePrivateJwk();
  await db
    .insertInto('auth.jwt_signing_keys')
    .values({ kid: jwk.kid!, private_jwk: JSON.stringify(jwk) })
    .onConflict((conflict) => conflict.column('kid').doNothing())
    .execute();
  // Another process may have won the race: use whatever is newest now.
  return loadOrCreateStoredKey(db);
}
