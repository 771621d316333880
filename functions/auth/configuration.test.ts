import { describe, expect, it } from 'vitest';
import { directAuth, PASSWORD, uniqueEmail, useDirectAuth } from '../../tests/helpers/auth-service.ts';

// The settings that make the service answer as a Supabase Auth project configured the same
// way: autoconfirm (GOTRUE_MAILER_AUTOCONFIRM) and the minimum password length.

const t = useDirectAuth();

describe('autoconfirm', () => {
  it('is off by default: a sign-up gets a user, no session, and a confirmation email', async () => {
    const email = uniqueEmail();
    const { status, body } = await t.auth.json('POST', '/signup', { body: { email, password: PASSWORD } });
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('access_token');
    expect(body.email_confirmed_at).toBeUndefined();
    expect(t.auth.lastEmail(email)?.subject).toBe('Confirm Your Signup');
    expect(
      (await t.auth.json('POST', '/token?grant_type=password', { body: { email, password: PASSWORD } })).body.code,
    ).toBe('email_not_confirmed');
    expect((await t.auth.json('GET', '/settings')).body.mailer_autoconfirm).toBe(false);
  });

  it('on: a sign-up is confirmed and signed in at once, with no email, as Supabase Auth answers', async () => {
    const auth = directAuth(t.database, { mailerAutoconfirm: true });
    const email = uniqueEmail();
    const signup = await auth.json('POST', '/signup', {
      body: { email, password: PASSWORD, data: { full_name: 'Auto Player' } },
    });
    const { status } = signup;
    const body = signup.body as {
      access_token: string;
      refresh_token: string;
      user: { id: string; email_confirmed_at: string | null; identities: { identity_data: unknown }[] };
    };
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(body.refresh_token).toBeTruthy();
    expect(body.user).toMatchObject({ email, user_metadata: { full_name: 'Auto Player' } });
    expect(body.user.email_confirmed_at).toBeTruthy();
    expect(body.user.identities[0]?.identity_data).toMatchObject({ email, email_verified: true });
    expect(auth.mailbox).toEqual([]);
    // The session is a real one, and the password signs in.
    expect(
      (await auth.json('GET', '/user', { headers: { authorization: `Bearer ${body.access_token}` } })).body.id,
    ).toBe(body.user.id);
    expect(
      (await auth.json('POST', '/token?grant_type=refresh_token', { body: { refresh_token: body.refresh_token } }))
        .status,
    ).toBe(200);
    expect(
      (await auth.json('POST', '/token?grant_type=password', { body: { email, password: PASSWORD } })).status,
    ).toBe(200);
    // A second sign-up with the address is refused, as Supabase Auth refuses it with autoconfirm on.
    const again = await auth.json('POST', '/signup', { body: { email, password: PASSWORD } });
    expect([again.status, again.body.code]).toEqual([422, 'user_already_exists']);
    expect((await auth.json('GET', '/settings')).body.mailer_autoconfirm).toBe(true);
  });
});

describe('the minimum password length', () => {
  it('is 8 by default, at sign-up and at a password change', async () => {
    const short = await t.auth.json('POST', '/signup', { body: { email: uniqueEmail(), password: 'seven77' } });
    expect([short.status, short.body.code, short.body.message]).toEqual([
      422,
      'weak_password',
      'Password should be at least 8 characters.',
    ]);
    const session = await t.auth.signIn(await t.auth.confirmedUser());
    const change = await t.auth.json('PUT', '/user', {
      body: { password: 'seven77' },
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(change.body.code).toBe('weak_password');
  });

  it('is a setting (6, as auth-js’s own test server has it)', async () => {
    const auth = directAuth(t.database, { passwordMinLength: 6 });
    expect((await auth.json('POST', '/signup', { body: { email: uniqueEmail(), password: 'six666' } })).status).toBe(
      200,
    );
    const short = await auth.json('POST', '/signup', { body: { email: uniqueEmail(), password: 'five5' } });
    expect(short.body.message).toBe('Password should be at least 6 characters.');
  });
});
