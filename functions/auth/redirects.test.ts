import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { directAuth, uniqueEmail, PASSWORD, SITE, type DirectAuth } from '../../tests/helpers/auth-service.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { allowedRedirect } from './redirects.ts';

const ALLOW = [
  'https://preview.critical-hit.test/*',
  'http://localhost:3000/auth/callback',
  'https://app.example.test/account*',
];

describe('allowedRedirect', () => {
  const cases: [input: string | null, expected: string][] = [
    [null, `${SITE}/`],
    ['', `${SITE}/`],
    ['/reset-password', `${SITE}/reset-password`],
    [`${SITE}/auth/callback?next=%2Fdashboard`, `${SITE}/auth/callback?next=%2Fdashboard`],
    ['https://preview.critical-hit.test/any/path?x=1', 'https://preview.critical-hit.test/any/path?x=1'],
    ['http://localhost:3000/auth/callback', 'http://localhost:3000/auth/callback'],
    ['http://localhost:3000/auth/callback?code=1', 'http://localhost:3000/auth/callback?code=1'],
    ['https://app.example.test/account/settings', 'https://app.example.test/account/settings'],
    // Not on the list: the site's root.
    ['https://evil.example/', `${SITE}/`],
    ['//evil.example/path', `${SITE}/`],
    ['/\\evil.example', `${SITE}/`],
    ['http://localhost:3000/other', `${SITE}/`],
    ['http://localhost:3001/auth/callback', `${SITE}/`],
    ['https://preview.critical-hit.test.evil.example/', `${SITE}/`],
    ['https://app.example.test/other', `${SITE}/`],
    ['https://app.example.test/account/../admin', `${SITE}/`],
    ['http://preview.critical-hit.test/', `${SITE}/`],
    [`https://user:pass@preview.critical-hit.test/`, `${SITE}/`],
    [`${SITE.replace('https://', 'https://attacker@')}/`, `${SITE}/`],
    ['javascript:alert(1)', `${SITE}/`],
    ['data:text/html,hi', `${SITE}/`],
    ['http://[::1', `${SITE}/`],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} -> ${expected}`, () => expect(allowedRedirect(SITE, ALLOW, input)).toBe(expected));
  }
});

describe('links in emails point at the configured site, whatever the request says', () => {
  let database: DatabaseConnection;
  let auth: DirectAuth;
  beforeAll(async () => {
    database = await createTestDatabase();
    auth = directAuth(database, { redirectUrls: ALLOW });
  });
  afterAll(() => database?.close());

  const forgeries: [name: string, url: string, headers: Record<string, string>][] = [
    ['Host', 'http://evil.example/auth/v1', { host: 'evil.example' }],
    ['X-Forwarded-Host', `${SITE}/auth/v1`, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }],
    ['Forwarded', `${SITE}/auth/v1`, { forwarded: 'host=evil.example;proto=http' }],
  ];

  for (const [name, base, headers] of forgeries) {
    it(`a forged ${name} on /recover and /signup changes no link, and redirect_to to it is dropped`, async () => {
      const evil = encodeURIComponent('http://evil.example/reset-password');
      const known = await auth.confirmedUser();
      expect(
        (await auth.json('POST', `${base}/recover?redirect_to=${evil}`, { body: { email: known }, headers })).status,
      ).toBe(200);
      const fresh = uniqueEmail();
      expect(
        (
          await auth.json('POST', `${base}/signup?redirect_to=${evil}`, {
            body: { email: fresh, password: PASSWORD },
            headers,
          })
        ).status,
      ).toBe(200);
      for (const email of [known, fresh]) {
        const mail = auth.lastEmail(email)!;
        const link = new URL(mail.links[0]!);
        expect(link.origin).toBe(SITE);
        expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/`);
        expect(mail.text).not.toContain('evil.example');
        expect(mail.html).not.toContain('evil.example');
      }
    });
  }

  it('/verify redirects only to allowed targets, even when the link was edited', async () => {
    const email = uniqueEmail();
    await auth.json(
      'POST',
      `/signup?redirect_to=${encodeURIComponent('https://preview.critical-hit.test/auth/callback')}`,
      { body: { email, password: PASSWORD } },
    );
    const link = new URL(auth.lastEmail(email)!.links[0]!);
    expect(link.searchParams.get('redirect_to')).toBe('https://preview.critical-hit.test/auth/callback');
    link.searchParams.set('redirect_to', 'https://evil.example/steal');
    const response = await auth.call('GET', link.href, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(SITE);
    expect(location.hash).toContain('access_token=');

    // A failed link lands on the allowed target too.
    const failed = await auth.call(
      'GET',
      `${SITE}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent('//evil.example')}`,
    );
    expect(new URL(failed.headers.get('location')!).origin).toBe(SITE);
  });

  it('the access token names the configured site as its issuer', async () => {
    const email = await auth.confirmedUser();
    const { access_token: token } = await auth
      .json('POST', 'http://evil.example/auth/v1/token?grant_type=password', {
        body: { email, password: PASSWORD },
        headers: { host: 'evil.example' },
      })
      .then((answer) => answer.body as { access_token: string });
    expect((JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iss: string }).iss).toBe(
      `${SITE}/auth/v1`,
    );
  });
});
