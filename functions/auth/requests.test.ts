import { describe, expect, it } from 'vitest';
import { useDirectAuth, uniqueEmail, PASSWORD } from '../../tests/helpers/auth-service.ts';
import { signAccessToken } from './tokens.ts';
import { loadOrCreateStoredKey } from './keys.ts';

const t = useDirectAuth();

const MEGABYTE = 1024 * 1024;
const signUp = (body: Record<string, unknown>) => t.auth.json('POST', '/signup', { body });
const countUsers = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('auth.users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('no input of any size answers 500', () => {
  const endpoints: [method: string, path: string][] = [
    ['POST', '/signup'],
    ['POST', '/token?grant_type=password'],
    ['POST', '/token?grant_type=refresh_token'],
    ['POST', '/token?grant_type=pkce'],
    ['POST', '/token?grant_type=id_token'],
    ['POST', '/recover'],
    ['POST', '/verify'],
  ];
  // Each is refused (4xx) or, where the fields that matter are fine, answered (recover
  // ignores a password); never a 500.
  const bodies = [
    'not json',
    '[1,2]',
    'null',
    '"text"',
    JSON.stringify({ email: 'x'.repeat(MEGABYTE) }),
    JSON.stringify({ email: `${'a'.repeat(MEGABYTE)}@example.com`, password: PASSWORD }),
    JSON.stringify({
      email: 12,
      password: { nested: true },
      data: [1],
      refresh_token: 5,
      auth_code: [],
      id_token: {},
      type: 7,
    }),
    JSON.stringify({
      email: uniqueEmail(),
      password: 'p'.repeat(MEGABYTE),
      refresh_token: 'r'.repeat(MEGABYTE),
      id_token: 'i'.repeat(MEGABYTE),
    }),
    JSON.stringify({
      code_challenge: 'c'.repeat(MEGABYTE),
      code_challenge_method: 'm'.repeat(MEGABYTE),
      email: uniqueEmail(),
      password: PASSWORD,
    }),
  ];
  for (const [method, path] of endpoints) {
    it(`${method} ${path}`, async () => {
      for (const body of bodies) {
        const { status, body: answer } = await t.auth.json(method, path, { body });
        expect(status, `${path} with ${body.slice(0, 60)}: ${JSON.stringify(answer)}`).toBeLessThan(500);
      }
    });
  }
});

describe('bad bytes are a 400 with validation_failed, on every endpoint that reads a body', () => {
  const endpoints: [method: string, path: string, fields: Record<string, unknown>][] = [
    ['POST', '/signup', { email: uniqueEmail(), password: PASSWORD, data: { full_name: 'A' } }],
    ['POST', '/token?grant_type=password', { email: uniqueEmail(), password: PASSWORD }],
    ['POST', '/token?grant_type=refresh_token', { refresh_token: 'abcdefghijkl' }],
    ['POST', '/token?grant_type=pkce', { auth_code: 'code', code_verifier: 'v'.repeat(43) }],
    ['POST', '/token?grant_type=id_token', { provider: 'google', id_token: 'x.y.z', nonce: 'n' }],
    ['POST', '/recover', { email: uniqueEmail() }],
    ['POST', '/verify', { type: 'signup', token_hash: 'hash' }],
    ['PUT', '/user', { data: { full_name: 'A' } }],
    ['POST', '/factors', { factor_type: 'totp' }],
  ];
  /** The body with a NUL (as JSON writes it, \u0000) in each field in turn, and in a key. */
  const withNul = (fields: Record<string, unknown>) => [
    ...Object.keys(fields).map((key) =>
      JSON.stringify({ ...fields, [key]: typeof fields[key] === 'string' ? `a\u0000${fields[key]}` : { x: '\u0000' } }),
    ),
    JSON.stringify({ ...fields, 'k\u0000': 1 }),
  ];

  for (const [method, path, fields] of endpoints) {
    it(`${method} ${path}`, async () => {
      const { access_token: token } = await t.auth.signIn(await t.auth.confirmedUser());
      const headers = {
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        authorization: `Bearer ${token}`,
      };
      const json = JSON.stringify(fields);
      const bodies: (string | Uint8Array<ArrayBuffer>)[] = [
        ...withNul(fields),
        // A NUL byte as it is, not escaped.
        json.replace('{', '{"raw":"a\0b",'),
        // Not UTF-8: a lone continuation byte, a truncated sequence, an overlong encoding.
        ...[[0x80], [0xe2, 0x82], [0xc0, 0xaf]].map((bad) =>
          Uint8Array.from([...Buffer.from('{"email":"a'), ...bad, ...Buffer.from('@example.com"}')]),
        ),
      ];
      for (const body of bodies) {
        const response = await t.auth.fetch(`https://critical-hit.test/auth/v1${path}`, { method, headers, body });
        const answer = (await response.json()) as { code: string };
        expect([response.status, answer.code], `${path} with ${Buffer.from(body).toString().slice(0, 80)}`).toEqual([
          400,
          'validation_failed',
        ]);
      }
    });
  }

  it('while an escaped backslash before u0000 is only text', async () => {
    // The JSON text "\\u0000" is a backslash, then "u0000".
    const { status, body } = await t.auth.json('POST', '/signup', {
      body: `{"email":"${uniqueEmail()}","password":"${PASSWORD}\\\\u0000"}`,
    });
    expect([status, body.code]).not.toEqual([400, 'validation_failed']);
  });
});

describe('sign-up bounds', () => {
  it('a megabyte email is email_address_invalid (400)', async () => {
    const { status, body } = await signUp({ email: `${'a'.repeat(MEGABYTE)}@example.com`, password: PASSWORD });
    expect(status).toBe(400);
    expect(body.code).toBe('email_address_invalid');
  });

  it('the spec’s limits on metadata, before the database sees it', async () => {
    const before = await countUsers();
    const cases: [Record<string, unknown>, string][] = [
      [{ bio: 'b'.repeat(MEGABYTE) }, 'Bio must be no more than 500 characters long'],
      [{ bio: 'b'.repeat(501) }, 'Bio must be no more than 500 characters long'],
      [{ full_name: 'f'.repeat(101) }, 'Full name must be no more than 100 characters long'],
      [{ username: 'u'.repeat(21) }, 'Username must be no more than 20 characters long'],
      [{ username: 'no spaces' }, 'Username can only contain letters, numbers, underscores, and hyphens'],
      [{ username: 'root' }, 'This username is reserved and cannot be used'],
      [{ full_name: { first: 'A' } }, 'full_name must be text'],
      [{ avatar: 'x'.repeat(3000) }, 'User metadata must be at most 2048 bytes'],
    ];
    for (const [data, message] of cases) {
      const { status, body } = await signUp({ email: uniqueEmail(), password: PASSWORD, data });
      expect({ status, body }).toEqual({ status: 400, body: { code: 'validation_failed', message } });
    }
    expect(await countUsers()).toBe(before);
  });

  it('metadata at the limits is kept, and its access token fits easily in a response header', async () => {
    const email = uniqueEmail();
    const data = { username: `u${'x'.repeat(19)}`, full_name: 'F'.repeat(100), bio: 'B'.repeat(500), theme: 'dark' };
    expect((await signUp({ email, password: PASSWORD, data })).status).toBe(200);
    await t.auth.call('GET', t.auth.lastEmail(email)!.links[0]!);
    const { access_token: token } = await t.auth.signIn(email);
    expect(token.length).toBeLessThan(4096);
  });

  it('a new password is at most 72 bytes (bcrypt would cut the rest)', async () => {
    const { status, body } = await signUp({ email: uniqueEmail(), password: `Aa1-${'x'.repeat(69)}` });
    expect(status).toBe(422);
    expect(body).toEqual({ code: 'validation_failed', message: 'Password cannot be longer than 72 characters' });
    expect((await signUp({ email: uniqueEmail(), password: `Aa1-${'x'.repeat(68)}` })).status).toBe(200);
  });

  it('no account can use the reserved .invalid domain', async () => {
    expect((await signUp({ email: 'someone@username.invalid', password: PASSWORD })).body.code).toBe(
      'email_address_invalid',
    );
  });
});

describe('user updates are bounded too', () => {
  it('metadata merged into the user stays within the limits', async () => {
    const email = await t.auth.confirmedUser();
    const { access_token: token } = await t.auth.signIn(email);
    const put = (body: unknown) => t.auth.json('PUT', '/user', { body, headers: { authorization: `Bearer ${token}` } });
    expect((await put({ data: { bio: 'b'.repeat(MEGABYTE) } })).body).toEqual({
      code: 'validation_failed',
      message: 'Bio must be no more than 500 characters long',
    });
    expect((await put({ data: { a: 'x'.repeat(1500) } })).status).toBe(200);
    expect((await put({ data: { b: 'y'.repeat(1000) } })).body.message).toBe(
      'User metadata must be at most 2048 bytes',
    );
    expect((await put({ data: { a: null, b: 'y'.repeat(1000) } })).status).toBe(200);
    expect((await put({ email: `${'e'.repeat(MEGABYTE)}@example.com` })).body.code).toBe('email_address_invalid');
  });

  it('a forged huge bearer token is refused, not parsed', async () => {
    const { status, body } = await t.auth.json('GET', '/user', {
      headers: { authorization: `Bearer ${'x'.repeat(100_000)}` },
    });
    expect(status).toBe(401);
    expect(body.code).toBe('no_authorization');
  });

  it('a token naming a session id that is not a uuid is session_not_found, not a database error', async () => {
    const key = await loadOrCreateStoredKey(t.database.db);
    const user = {
      id: '00000000-0000-4000-8000-000000000009',
      email: 'x@example.com',
      phone: null,
      raw_app_meta_data: {},
      raw_user_meta_data: {},
      is_anonymous: false,
    };
    const now = Math.floor(t.auth.now() / 1000);
    const { token } = await signAccessToken(
      key,
      'https://critical-hit.test/auth/v1',
      user,
      { id: 'not-a-uuid', method: 'password', authenticatedAt: now },
      now,
    );
    const { status, body } = await t.auth.json('GET', '/user', { headers: { authorization: `Bearer ${token}` } });
    expect(status).toBe(403);
    expect(body.code).toBe('session_not_found');
  });
});
