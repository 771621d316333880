import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueClient, useDirectAuth } from '../../tests/helpers/auth-service.ts';
import { DEVICE_COOKIE } from './device-cookies.ts';

const t = useDirectAuth();

/** A browser: its own address and the cookies the service set for it. */
function device() {
  const client = uniqueClient();
  let cookie: string | undefined;
  return {
    get cookie() {
      return cookie;
    },
    async signIn(email: string, password: string) {
      const answer = await t.auth.json('POST', '/token?grant_type=password', {
        body: { email, password },
        client,
        headers: cookie ? { cookie } : {},
      });
      const set = answer.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0];
      return answer;
    },
  };
}

const statuses = async (attempts: Promise<{ status: number }>[]) =>
  (await Promise.all(attempts)).map((answer) => answer.status);

describe('failed sign-ins slow down attackers, not the owner on a device the account signed in on before', () => {
  it("others' failures: the owner's device still signs in; an unknown device is refused after the limit", async () => {
    const email = await t.auth.confirmedUser();
    const owner = device();
    expect((await owner.signIn(email, PASSWORD)).status).toBe(200);
    expect(owner.cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));

    const attacker = device();
    const guesses = [];
    for (let i = 0; i < 6; i += 1) guesses.push((await attacker.signIn(email, `Guess-${i}-password`)).status);
    expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);

    // A device the account never signed in on shares the account's delay, right password or not.
    const unknown = await device().signIn(email, PASSWORD);
    expect(unknown.status).toBe(429);
    expect(unknown.body.code).toBe('over_request_rate_limit');
    expect(Number(unknown.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner's device is not slowed by any of it.
    expect((await owner.signIn(email, PASSWORD)).status).toBe(200);
    expect((await owner.signIn(email, 'A-typo-password')).status).toBe(400);
    expect((await owner.signIn(email, PASSWORD)).status).toBe(200);
  });

  it("a trusted device's own failures slow that device down, and nobody else", async () => {
    const email = await t.auth.confirmedUser();
    const laptop = device();
    expect((await laptop.signIn(email, PASSWORD)).status).toBe(200);
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await laptop.signIn(email, `Stolen-laptop-${i}`)).status);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await laptop.signIn(email, PASSWORD)).status).toBe(429);
    // The account's shared count was not touched: another device signs in.
    expect((await device().signIn(email, PASSWORD)).status).toBe(200);
    t.auth.advance(31);
    expect((await laptop.signIn(email, PASSWORD)).status).toBe(200);
  });

  it('trust is per account: a cookie from signing in to one account does not exempt guesses at another', async () => {
    const [mine, victim] = [await t.auth.confirmedUser(), await t.auth.confirmedUser()];
    const attacker = device();
    expect((await attacker.signIn(mine, PASSWORD)).status).toBe(200);
    const guesses = [];
    for (let i = 0; i < 6; i += 1) guesses.push((await attacker.signIn(victim, `Guess-${i}-password`)).status);
    expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await device().signIn(victim, PASSWORD)).status).toBe(429);
  });

  it('a forged, altered or foreign cookie is an untrusted device', async () => {
    const email = await t.auth.confirmedUser();
    const owner = device();
    await owner.signIn(email, PASSWORD);
    const [header, payload, signature] = owner.cookie!.split('=')[1]!.split('.');
    const { access_token: accessToken } = await t.auth.signIn(email);
    const cookies = [
      `${DEVICE_COOKIE}=${header}.${payload}.${signature!.slice(0, -4)}AAAA`,
      `${DEVICE_COOKIE}=${accessToken}`,
      `${DEVICE_COOKIE}=${'x'.repeat(10_000)}`,
    ];
    const attempt = (cookie: string, password: string) =>
      t.auth.json('POST', '/token?grant_type=password', { body: { email, password }, headers: { cookie } });
    const answers = await statuses(
      Array.from({ length: 5 }, (_, i) => attempt(cookies[i % cookies.length]!, `Guess-${i}-password`)),
    );
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    for (const cookie of cookies) expect((await attempt(cookie, PASSWORD)).status).toBe(429);
    expect((await owner.signIn(email, PASSWORD)).status).toBe(200);
  });

  it('the cookie is HttpOnly, SameSite=Strict, Secure on an https site, and remembers several accounts of one device', async () => {
    const shared = device();
    const [first, second] = [await t.auth.confirmedUser(), await t.auth.confirmedUser()];
    const answer = await shared.signIn(first, PASSWORD);
    expect(answer.headers.get('set-cookie')).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/);
    await shared.signIn(second, PASSWORD);
    for (const email of [first, second]) {
      for (let i = 0; i < 6; i += 1) await device().signIn(email, `Guess-${i}-password`);
      expect((await shared.signIn(email, PASSWORD)).status).toBe(200);
    }
    // And it is no access token: the service refuses it as a bearer token.
    const asBearer = await t.auth.json('GET', '/user', {
      headers: { authorization: `Bearer ${shared.cookie!.split('=')[1]}` },
    });
    expect(asBearer.status).toBe(403);
  });
});
