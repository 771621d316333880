import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { directAuth, type DirectAuth } from '../../tests/helpers/auth-service.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { loadOrCreateStoredKey } from './keys.ts';
import { createSessionLiveness, type SessionLiveness } from './session-liveness.ts';

let database: DatabaseConnection;
let auth: DirectAuth;
let liveness: SessionLiveness;
const endedSessions: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const real = createSessionLiveness(() => Promise.resolve(database.db));
  liveness = {
    isLive: (id) => real.isLive(id),
    liveAmong: (ids) => real.liveAmong(ids),
    ended: (id) => {
      endedSessions.push(id);
      real.ended(id);
    },
    endedAllOf: (userId) => real.endedAllOf(userId),
  };
  auth = directAuth(database, { sessions: liveness, limits: undefined });
});
afterAll(() => database?.close());

/** What these tests read of an access token's claims and of the auth service's answers. */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { session_id: string; iat: number };
const answer = ({ status, body }: { status: number; body: object }) => ({
  status,
  body: body as { access_token: string; refresh_token: string; code?: string },
});
const refresh = async (token: string) =>
  answer(await auth.json('POST', '/token?grant_type=refresh_token', { body: { refresh_token: token } }));
const getUser = async (token: string) =>
  answer(await auth.json('GET', '/user', { headers: { authorization: `Bearer ${token}` } }));

describe('refresh-token rotation', () => {
  it('hands out a new refresh token for the same session, records the old one as its parent and revokes it', async () => {
    const email = await auth.confirmedUser();
    const first = await auth.signIn(email);
    auth.advance(60);
    const { status, body } = await refresh(first.refresh_token);
    expect(status).toBe(200);
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(body.access_token).session_id).toBe(claimsOf(first.access_token).session_id);
    expect(claimsOf(body.access_token).iat).toBe(claimsOf(first.access_token).iat + 60);
    const rows = await database.db
      .selectFrom('auth.refresh_tokens')
      .select(['token', 'revoked', 'parent'])
      .where('session_id', '=', claimsOf(first.access_token).session_id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { token: first.refresh_token, revoked: true, parent: null },
      { token: body.refresh_token, revoked: false, parent: first.refresh_token },
    ]);
  });

  it('an unknown refresh token is refresh_token_not_found', async () => {
    expect((await refresh('not-a-token')).body.code).toBe('refresh_token_not_found');
    expect((await refresh('x'.repeat(10_000))).body.code).toBe('refresh_token_not_found');
  });
});

describe('the reuse interval', () => {
  it('a token replayed within 10 s of its rotation gets the session’s current token, not a new one', async () => {
    const email = await auth.confirmedUser();
    const first = await auth.signIn(email);
    const second = (await refresh(first.refresh_token)).body;
    auth.advance(10);
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(200);
    expect(replay.body.refresh_token).toBe(second.refresh_token);
    expect(claimsOf(replay.body.access_token).session_id).toBe(claimsOf(second.access_token).session_id);
    expect(claimsOf(replay.body.access_token).iat).toBe(claimsOf(second.access_token).iat + 10);
    // No token was made for the replay, and the current one goes on.
    const tokens = await database.db
      .selectFrom('auth.refresh_tokens')
      .select('token')
      .where('session_id', '=', claimsOf(first.access_token).session_id)
      .execute();
    expect(tokens).toHaveLength(2);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('two refreshes racing with one token both get the same new token, and the session goes on', async () => {
    const email = await auth.confirmedUser();
    const session = await auth.signIn(email);
    const outcomes = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200]);
    expect(outcomes[0].body.refresh_token).toBe(outcomes[1].body.refresh_token);
    expect((await refresh(outcomes[0].body.refresh_token)).status).toBe(200);
  });

  it('is a setting: with 0 s, a replay a millisecond later ends the session', async () => {
    const strict = directAuth(database, { refreshTokenReuseIntervalSeconds: 0 });
    const session = await strict.signIn(await strict.confirmedUser());
    expect(
      (await strict.json('POST', '/token?grant_type=refresh_token', { body: { refresh_token: session.refresh_token } }))
        .status,
    ).toBe(200);
    strict.advance(0.001);
    const replay = await strict.json('POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(replay.body.code).toBe('refresh_token_already_used');
  });
});

describe('reuse detection', () => {
  it('a rotated token presented again after the reuse interval ends the whole session: every token of it, its access token, and on the site', async () => {
    const email = await auth.confirmedUser();
    const stolen = await auth.signIn(email);
    const sessionId = claimsOf(stolen.access_token).session_id;
    const second = (await refresh(stolen.refresh_token)).body;
    auth.advance(5);
    const third = (await refresh(second.refresh_token)).body;
    expect(await liveness.isLive(sessionId)).toBe(true);
    // 10 s after the stolen token's rotation (and 5 s after the last): no longer a replay of a moment ago.
    auth.advance(5.001);

    const replay = await refresh(stolen.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('refresh_token_already_used');

    expect((await refresh(third.refresh_token)).body.code).toBe('refresh_token_not_found');
    expect((await getUser(third.access_token)).body.code).toBe('session_not_found');
    expect(
      await database.db.selectFrom('auth.refresh_tokens').select('id').where('session_id', '=', sessionId).execute(),
    ).toEqual([]);
    // The site's liveness cache heard of it at once (it had remembered the session as live).
    expect(endedSessions).toContain(sessionId);
    expect(await liveness.isLive(sessionId)).toBe(false);
  });

  it('leaves the user’s other sessions alone', async () => {
    const email = await auth.confirmedUser();
    const phone = await auth.signIn(email);
    const laptop = await auth.signIn(email);
    await refresh(phone.refresh_token);
    auth.advance(11);
    expect((await refresh(phone.refresh_token)).body.code).toBe('refresh_token_already_used');
    expect((await getUser(laptop.access_token)).status).toBe(200);
    expect((await refresh(laptop.refresh_token)).status).toBe(200);
  });
});

describe('logout ends sessions on the site at once', () => {
  it('local ends this session, global every session of the user', async () => {
    const email = await auth.confirmedUser();
    const [a, b, c] = [await auth.signIn(email), await auth.signIn(email), await auth.signIn(email)];
    const id = (token: string) => claimsOf(token).session_id;
    for (const session of [a, b, c]) expect(await liveness.isLive(id(session.access_token))).toBe(true);

    const local = await auth.call('POST', '/logout?scope=local', {
      headers: { authorization: `Bearer ${a.access_token}` },
    });
    expect(local.status).toBe(204);
    expect(await liveness.isLive(id(a.access_token))).toBe(false);
    expect(await liveness.isLive(id(b.access_token))).toBe(true);

    await auth.call('POST', '/logout?scope=global', { headers: { authorization: `Bearer ${b.access_token}` } });
    expect(await liveness.isLive(id(b.access_token))).toBe(false);
    expect(await liveness.isLive(id(c.access_token))).toBe(false);
    expect((await getUser(c.access_token)).body.code).toBe('session_not_found');
  });
});

describe('a session ended by another server', () => {
  it('reads may see it live for at most a few seconds; writes look again at once', async () => {
    let clock = Date.now();
    const other = createSessionLiveness(
      () => Promise.resolve(database.db),
      () => clock,
    );
    const email = await auth.confirmedUser();
    const sessionId = claimsOf((await auth.signIn(email)).access_token).session_id;
    expect(await other.isLive(sessionId)).toBe(true);
    // Ended elsewhere: this process was not told.
    await database.db.deleteFrom('auth.sessions').where('id', '=', sessionId).execute();
    expect(await other.isLive(sessionId)).toBe(true);
    expect(await other.isLive(sessionId, { fresh: true })).toBe(false);
    expect(await other.isLive(sessionId)).toBe(false);

    const second = claimsOf((await auth.signIn(email)).access_token).session_id;
    expect(await other.isLive(second)).toBe(true);
    await database.db.deleteFrom('auth.sessions').where('id', '=', second).execute();
    clock += 5_001;
    expect(await other.isLive(second)).toBe(false);
  });
});

describe('access tokens the service refuses', () => {
  async function forged(claims: Record<string, unknown>, options: { audience?: string; notBefore?: number } = {}) {
    const email = await auth.confirmedUser();
    const real = claimsOf((await auth.signIn(email)).access_token);
    const key = await loadOrCreateStoredKey(database.db);
    const now = Math.floor(auth.now() / 1000);
    let jwt = new SignJWT({ ...real, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
      .setAudience(options.audience ?? 'authenticated')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600);
    if (options.notBefore !== undefined) jwt = jwt.setNotBefore(options.notBefore);
    return jwt.sign(key.privateKey);
  }

  it('a token for another audience', async () => {
    const { status, body } = await getUser(await forged({}, { audience: 'service' }));
    expect(status).toBe(403);
    expect(body.code).toBe('bad_jwt');
  });

  it('a token not valid yet (nbf in the future)', async () => {
    const { status, body } = await getUser(await forged({}, { notBefore: Math.floor(auth.now() / 1000) + 600 }));
    expect(status).toBe(403);
    expect(body.code).toBe('bad_jwt');
  });

  it('while the same claims with a past nbf are accepted', async () => {
    expect((await getUser(await forged({}, { notBefore: Math.floor(auth.now() / 1000) - 5 }))).status).toBe(200);
  });
});
