import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailableError } from '../../src/lib/db/errors.ts';
import { directAuth, useDirectAuth, uniqueEmail, PASSWORD, SITE } from '../../tests/helpers/auth-service.ts';
import type { Mailer } from './mailer.ts';
import { createAuthService } from './service.ts';

const t = useDirectAuth();
afterEach(() => vi.restoreAllMocks());

const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('the top-level answer for what no endpoint expected', () => {
  const call = (db: () => Promise<never>) =>
    createAuthService({
      db,
      signingKey: () => Promise.resolve({ kid: 'k', privateKey: undefined as never, publicJwk: {} }),
      mailer: { send: () => Promise.resolve() },
      siteOrigin: SITE,
    })(
      new Request(`${SITE}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'x-supabase-api-version': '2024-01-01' },
        body: '{"email":"a@b.cd","password":"p"}',
      }),
    );

  it('a database outage is 503 database_unavailable with Retry-After, in Supabase’s shape', async () => {
    const log = quiet();
    const response = await call(() => Promise.reject(new DatabaseUnavailableError('The database is unreachable.')));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(await response.json()).toEqual({
      code: 'database_unavailable',
      message: 'The database cannot be reached right now. Please try again in a few moments.',
    });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('anything else is the generic 500, logged as one redacted line', async () => {
    const log = quiet();
    const response = await call(() =>
      Promise.reject(new Error('boom for jane@example.com\n    at somewhere (file.ts:1:1)')),
    );
    expect(response.status).toBe(500);
    expect(((await response.json()) as { code: string }).code).toBe('unexpected_failure');
    expect(log.mock.calls).toEqual([
      ['[auth] POST /auth/v1/token: boom for j***@example.com at somewhere (file.ts:1:1)'],
    ]);
  });

  it('unknown paths are 404, known paths with another method 405', async () => {
    expect((await t.auth.json('GET', '/nothing-here')).body.code).toBe('not_found');
    expect((await t.auth.json('DELETE', '/user')).body.code).toBe('method_not_allowed');
    expect((await t.auth.json('POST', '/token?grant_type=magic')).body.code).toBe('unsupported_grant_type');
  });
});

describe('a mail server that refuses', () => {
  const refusing: Mailer = {
    send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:465')),
  };

  it('leaves no half-made user behind a sign-up, and the address can sign up again', async () => {
    quiet();
    const broken = directAuth(t.database, { mailer: refusing });
    const email = uniqueEmail('nomail');
    const failed = await broken.json('POST', '/signup', {
      body: { email, password: PASSWORD, data: { username: `nomail_${Date.now() % 1e6}` } },
    });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ code: 'unexpected_failure', message: 'Error sending confirmation email' });
    const users = await t.database.db.selectFrom('auth.users').select('id').where('email', '=', email).execute();
    expect(users).toEqual([]);
    t.auth.advance(120);
    expect((await t.auth.json('POST', '/signup', { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('withdraws a pending email change', async () => {
    const email = await t.auth.confirmedUser();
    const { access_token: token } = await t.auth.signIn(email);
    quiet();
    const broken = directAuth(t.database, { mailer: refusing });
    const failed = await broken.json('PUT', '/user', {
      body: { email: uniqueEmail('new') },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(failed.body).toEqual({ code: 'unexpected_failure', message: 'Error sending email change email' });
    const user = await t.database.db
      .selectFrom('auth.users')
      .select(['email', 'email_change', 'email_change_token_new'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ email, email_change: '', email_change_token_new: '' });
  });

  it('answers a recovery request as always (who has an account stays unknown)', async () => {
    const log = quiet();
    const broken = directAuth(t.database, { mailer: refusing });
    const known = await broken.json('POST', '/recover', { body: { email: await t.auth.confirmedUser() } });
    const unknown = await broken.json('POST', '/recover', { body: { email: uniqueEmail('ghost') } });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual(unknown.body);
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    expect(String(log.mock.calls[0])).toMatch(/could not send "Reset Your Password" to p\*\*\*@example\.com/);
  });
});

describe('features the service does not offer', () => {
  it('answer as Supabase Auth answers with them turned off, signed-in routes after the sign-in check', async () => {
    const { access_token: token } = await t.auth.signIn(await t.auth.confirmedUser());
    const bearer = { authorization: `Bearer ${token}` };
    const answer = async (
      method: string,
      path: string,
      options: { body?: unknown; headers?: Record<string, string> } = {},
    ) => {
      const { status, body } = await t.auth.json(method, path, options);
      return [status, body.code as string, body.message as string];
    };
    expect(await answer('POST', '/sso', { body: { domain: 'example.com' } })).toEqual([
      404,
      'saml_provider_disabled',
      'SAML 2.0 is disabled',
    ]);
    expect(await answer('POST', '/token?grant_type=web3', { body: { chain: 'solana' } })).toEqual([
      422,
      'web3_provider_disabled',
      'Web3 provider is disabled',
    ]);
    expect((await answer('GET', '/user/identities/authorize?provider=google'))[1]).toBe('no_authorization');
    expect(await answer('GET', '/user/identities/authorize?provider=google', { headers: bearer })).toEqual([
      404,
      'manual_linking_disabled',
      'Manual linking is disabled',
    ]);
    expect(
      await answer('DELETE', '/user/identities/00000000-0000-4000-8000-000000000000', { headers: bearer }),
    ).toEqual([404, 'manual_linking_disabled', 'Manual linking is disabled']);
    expect((await answer('POST', '/factors', { body: { factor_type: 'totp' } }))[1]).toBe('no_authorization');
    expect(await answer('POST', '/factors', { body: { factor_type: 'totp' }, headers: bearer })).toEqual([
      422,
      'mfa_totp_enroll_not_enabled',
      'MFA enroll is disabled for TOTP',
    ]);
    expect(await answer('POST', '/factors', { body: { factor_type: 'webauthn' }, headers: bearer })).toEqual([
      422,
      'mfa_webauthn_enroll_not_enabled',
      'MFA enroll is disabled for WebAuthn',
    ]);
    expect((await answer('POST', '/factors', { body: { factor_type: 'sms' }, headers: bearer }))[1]).toBe(
      'validation_failed',
    );
    expect(
      await answer('POST', '/factors/00000000-0000-4000-8000-000000000000/challenge', { headers: bearer }),
    ).toEqual([404, 'mfa_factor_not_found', 'Factor not found']);
    expect(await answer('DELETE', '/factors/anything', { headers: bearer })).toEqual([
      404,
      'mfa_factor_not_found',
      'Factor not found',
    ]);
    expect((await answer('PUT', '/factors', { headers: bearer }))[1]).toBe('method_not_allowed');
  });
});
