import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { nowSeconds, type AuthCall, type AuthDeps } from './context.ts';
import { deviceCookieAfterSignIn, trustedDevice } from './device-cookies.ts';
import { errors } from './errors.ts';
import { readBody, schemas } from './requests.ts';
import { issueSession, type SessionJson } from './sessions.ts';
import { findUserByEmail, normaliseEmail } from './users.ts';

/**
 * Passwords: bcrypt, cost 10, in the `$2b$` format Supabase's Go bcrypt reads, and the
 * password grant. An account that does not exist costs the same as a wrong password (a
 * comparison against a dummy hash) and counts against the same per-account delay, so
 * neither the time nor a 429 tells whether an email has an account. A device the account
 * signed in on before is slowed down only by its own failures.
 */

export const BCRYPT_COST = 10;

// A bcrypt hash of a random string (per cost): comparing against it when the user does
// not exist makes "no such user" take as long as "wrong password".
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = bcrypt.hash(randomBytes(16).toString('hex'), cost)));
  return hash;
}

export const hashPassword = (deps: AuthDeps, password: string) => bcrypt.hash(password, deps.bcryptCost);

/** Does `password` match `hash`? Without a hash, the same work against the dummy, then no. */
export async function passwordMatches(
  deps: AuthDeps,
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash || (await dummyHash(deps.bcryptCost)));
  return Boolean(hash) && matches && password.length > 0;
}

/**
 * POST /token?grant_type=password. The session, and the device cookie (device-cookies.ts)
 * that makes this browser a trusted device of the account from now on.
 */
export async function passwordGrant(
  deps: AuthDeps,
  call: AuthCall,
): Promise<{ session: SessionJson; deviceCookie: string }> {
  await deps.limiter.request('signInSignUps', call.clientAddress);
  const body = await readBody(call.request, schemas.password);
  if (body.phone !== undefined && body.email === undefined) throw errors.phoneDisabled();
  if (!body.email) throw errors.validation('missing email or phone');
  const email = normaliseEmail(body.email);
  const key = await deps.signingKey();
  const cookies = call.request.headers.get('cookie');
  const device = await trustedDevice(key, cookies, email, nowSeconds(deps));
  // Counted before the password is checked, so parallel guesses cannot share one count.
  await deps.limiter.signInAttempt(email, device);
  const db = await deps.db();
  const user = await findUserByEmail(db, email);
  const ok = await passwordMatches(deps, body.password ?? '', user?.encrypted_password);
  if (!user || !ok) throw errors.invalidCredentials();
  await deps.limiter.signInSucceeded(email, device);
  if (user.banned_until && new Date(user.banned_until).getTime() > deps.now()) throw errors.userBanned();
  if (!user.email_confirmed_at) throw errors.emailNotConfirmed();
  const session = await db.transaction().execute((trx) => issueSession(deps, trx, call, user, 'password'));
  const secure = new URL(deps.siteOrigin()).protocol === 'https:';
  return { session, deviceCookie: await deviceCookieAfterSignIn(key, cookies, email, nowSeconds(deps), secure) };
}
