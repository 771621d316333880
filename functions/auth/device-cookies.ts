import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SigningKey } from './keys.ts';
import { sha256Hex } from './secrets.ts';

/**
 * Device cookies, as OWASP's "Slow Down Online Guessing Attacks with Device Cookies"
 * describes them: a successful password sign-in leaves an HttpOnly cookie on the site's
 * origin naming the account (a hash of its email) and a random nonce, signed with the
 * service's ES256 key. A later sign-in to that account presenting a valid entry is from a
 * trusted device: its failures are counted for that device alone, so nobody else's
 * guessing can slow the owner down; every other device shares the account's count. One
 * cookie holds the last few accounts signed in on the device. It proves nothing on its
 * own: the password is still checked every time.
 */

export const DEVICE_COOKIE = 'critical-hit-device';
const AUDIENCE = 'critical-hit:device';
/** How long a device stays trusted after its last successful sign-in. */
export const DEVICE_TRUST_SECONDS = 365 * 24 * 60 * 60;
const MAX_ACCOUNTS = 5;
const MAX_COOKIE_LENGTH = 4096;

interface Entry {
  /** The account: a hash of its normalised email. */
  a: string;
  /** This device's nonce for the account (what its own failure count is keyed by). */
  n: string;
  /** Last successful sign-in, seconds since the epoch. */
  t: number;
}

const accountOf = (email: string) => sha256Hex(`device\u0000${email}`).slice(0, 32);

/** The device cookie's value in a Cookie header, if any (bounded: anything longer is ignored). */
export function deviceCookieValue(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const value = rest.join('=');
      return value && value.length <= MAX_COOKIE_LENGTH ? value : undefined;
    }
  }
  return undefined;
}

async function entriesOf(
  key: SigningKey,
  cookieHeader: string | null | undefined,
  nowSeconds: number,
): Promise<Entry[]> {
  const value = deviceCookieValue(cookieHeader);
  if (!value) return [];
  try {
    const { payload } = await jwtVerify(value, key.publicJwk, {
      algorithms: ['ES256'],
      audience: AUDIENCE,
      currentDate: new Date(nowSeconds * 1000),
    });
    const entries = Array.isArray(payload.d) ? (payload.d as unknown[]) : [];
    return entries.filter(
      (entry): entry is Entry =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as Entry).a === 'string' &&
        typeof (entry as Entry).n === 'string' &&
        typeof (entry as Entry).t === 'number' &&
        (entry as Entry).t + DEVICE_TRUST_SECONDS > nowSeconds,
    );
  } catch {
    // Forged, expired, signed by a key since rotated: simply an untrusted device.
    return [];
  }
}

/** The device's id for the account `email` (normalised), when the request comes from a trusted device. */
export async function trustedDevice(
  key: SigningKey,
  cookieHeader: string | null,
  email: string,
  nowSeconds: number,
): Promise<string | undefined> {
  const account = accountOf(email);
  const entry = (await entriesOf(key, cookieHeader, nowSeconds)).find((candidate) => candidate.a === account);
  return entry && `${entry.a}:${entry.n}`;
}

/**
 * The Set-Cookie header after a successful sign-in to `email` (normalised): this account's
 * entry renewed (its nonce kept) or added, the device's other recent accounts kept.
 */
export async function deviceCookieAfterSignIn(
  key: SigningKey,
  cookieHeader: string | null,
  email: string,
  nowSeconds: number,
  secure: boolean,
): Promise<string> {
  const account = accountOf(email);
  const entries = await entriesOf(key, cookieHeader, nowSeconds);
  const nonce = entries.find((entry) => entry.a === account)?.n ?? randomBytes(12).toString('base64url');
  const kept = [{ a: account, n: nonce, t: nowSeconds }, ...entries.filter((entry) => entry.a !== account)].slice(
    0,
    MAX_ACCOUNTS,
  );
  const token = await new SignJWT({ d: kept })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + DEVICE_TRUST_SECONDS)
    .sign(key.privateKey);
  return `${DEVICE_COOKIE}=${token}; Path=/; Max-Age=${DEVICE_TRUST_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
