import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useDirectAuth, uniqueEmail, PASSWORD, SITE } from '../../tests/helpers/auth-service.ts';
import { EMAIL_LINK_TTL_SECONDS, FLOW_STATE_TTL_SECONDS, flowStateExpired } from './flow-state.ts';
import { deleteExpiredAuthRows } from './index.ts';

const t = useDirectAuth();

const verifier = () => randomBytes(32).toString('base64url');
const challengeOf = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A PKCE sign-up whose confirmation link was followed: the code and its verifier. */
async function pkceSignup(): Promise<{ code: string; verifier: string; email: string }> {
  const email = uniqueEmail('pkce');
  const secret = verifier();
  const signup = await t.auth.json('POST', `/signup?redirect_to=${encodeURIComponent(`${SITE}/auth/callback`)}`, {
    body: { email, password: PASSWORD, code_challenge: challengeOf(secret), code_challenge_method: 's256' },
  });
  expect(signup.status).toBe(200);
  const location = new URL((await t.auth.call('GET', t.auth.lastEmail(email)!.links[0]!)).headers.get('location')!);
  return { code: location.searchParams.get('code')!, verifier: secret, email };
}

const exchange = (code: string, codeVerifier: string) =>
  t.auth.json('POST', '/token?grant_type=pkce', { body: { auth_code: code, code_verifier: codeVerifier } });

describe('flowStateExpired', () => {
  const at = new Date('2026-11-25T12:00:00Z');
  const ago = (seconds: number) => new Date(at.getTime() - seconds * 1000);
  it('a followed link gives five minutes to exchange the code', () => {
    expect(flowStateExpired({ created_at: ago(3000), auth_code_issued_at: ago(FLOW_STATE_TTL_SECONDS - 1) }, at)).toBe(
      false,
    );
    expect(flowStateExpired({ created_at: ago(3000), auth_code_issued_at: ago(FLOW_STATE_TTL_SECONDS + 1) }, at)).toBe(
      true,
    );
  });
  it('a link never followed is dead when the link is (one hour)', () => {
    expect(flowStateExpired({ created_at: ago(EMAIL_LINK_TTL_SECONDS - 1), auth_code_issued_at: null }, at)).toBe(
      false,
    );
    expect(flowStateExpired({ created_at: ago(EMAIL_LINK_TTL_SECONDS + 1), auth_code_issued_at: null }, at)).toBe(true);
  });
});

describe('PKCE code exchange', () => {
  it('works once, for the holder of the verifier, within five minutes', async () => {
    const { code, verifier: secret } = await pkceSignup();
    expect((await exchange(code, verifier())).body.code).toBe('bad_code_verifier');
    t.auth.advance(FLOW_STATE_TTL_SECONDS - 10);
    const ok = await exchange(code, secret);
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
    expect((await exchange(code, secret)).body.code).toBe('flow_state_not_found');
  });

  it('after five minutes the code is flow_state_expired, and gone for good', async () => {
    const { code, verifier: secret } = await pkceSignup();
    t.auth.advance(FLOW_STATE_TTL_SECONDS + 1);
    const late = await exchange(code, secret);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('flow_state_expired');
    expect((await exchange(code, secret)).body.code).toBe('flow_state_not_found');
  });

  it('refuses what is missing or too long', async () => {
    expect((await exchange('', '')).body.code).toBe('validation_failed');
    expect((await exchange('x'.repeat(100_000), 'y')).status).toBe(400);
  });
});

describe('deleteExpiredAuthRows', () => {
  it('deletes flow states whose code or link expired, and expired rate-limit rows, and nothing else', async () => {
    const fresh = await pkceSignup();
    const stale = await pkceSignup();
    // A link never followed, sent an hour and more ago.
    const unfollowed = uniqueEmail('late');
    await t.auth.json('POST', '/signup', {
      body: {
        email: unfollowed,
        password: PASSWORD,
        code_challenge: challengeOf(verifier()),
        code_challenge_method: 's256',
      },
    });
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('auth.flow_state')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await t.database.db
      .updateTable('auth.flow_state')
      .set({ auth_code_issued_at: new Date(t.auth.now() - (FLOW_STATE_TTL_SECONDS + 5) * 1000) })
      .where('auth_code', '=', stale.code)
      .execute();
    const unfollowedUser = await t.database.db
      .selectFrom('auth.users')
      .select('id')
      .where('email', '=', unfollowed)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('auth.flow_state')
      .set({ created_at: new Date(t.auth.now() - (EMAIL_LINK_TTL_SECONDS + 5) * 1000) })
      .where('user_id', '=', unfollowedUser.id)
      .execute();
    const expiredRateLimit = await t.database.db
      .insertInto('app_meta.auth_rate_limits')
      .values({
        bucket: 'test',
        key: 'a'.repeat(64),
        tokens: 0,
        allowed: false,
        updated_at: new Date(0),
        expires_at: new Date(t.auth.now() - 1000),
      })
      .returning('key')
      .executeTakeFirstOrThrow();

    const deleted = await deleteExpiredAuthRows(t.database.db, new Date(t.auth.now()));
    expect(deleted.flowStates).toBe(2);
    expect(deleted.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(before - 2);
    expect(
      await t.database.db
        .selectFrom('app_meta.auth_rate_limits')
        .select('key')
        .where('key', '=', expiredRateLimit.key)
        .execute(),
    ).toEqual([]);
    // Live rows stay: the fresh code still works, and the per-client limits are still counted.
    expect((await exchange(fresh.code, fresh.verifier)).status).toBe(200);
    expect(
      await t.database.db
        .selectFrom('app_meta.auth_rate_limits')
        .select('key')
        .where('expires_at', '>', new Date(t.auth.now()))
        .execute(),
    ).not.toEqual([]);
    // Idempotent.
    expect((await deleteExpiredAuthRows(t.database.db, new Date(t.auth.now()))).flowStates).toBe(0);
  });
});
