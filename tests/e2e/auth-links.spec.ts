import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { createConfirmedUser, newUser, waitForEmail } from './accounts-helpers.ts';

/**
 * Links in emails point at the site's configured origin, whatever Host, X-Forwarded-Host or
 * Forwarded header a request carries (the built server, end to end: Astro builds the
 * request URL from the Host header, so this is where a forged one would bite).
 */

/** A raw HTTP request: fetch will not send a forged Host header, node:http will. */
function rawPost(path: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const target = new URL(path, baseURL);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-supabase-api-version': '2024-01-01',
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const FORGERIES: [string, Record<string, string>][] = [
  ['Host', { host: 'evil.example' }],
  ['X-Forwarded-Host', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }],
  ['Forwarded', { forwarded: 'for=203.0.113.7;host=evil.example;proto=https' }],
];
const EVIL_REDIRECT = encodeURIComponent('https://evil.example/reset-password');

for (const [name, headers] of FORGERIES) {
  test(`a forged ${name} header changes no link in the recovery and sign-up emails`, async ({ request }) => {
    const user = await createConfirmedUser(request, newUser());
    expect(await rawPost(`/auth/v1/recover?redirect_to=${EVIL_REDIRECT}`, headers, { email: user.email })).toBe(200);
    const recovery = await waitForEmail(request, user.email, 'Reset Your Password');

    const fresh = newUser();
    const signup = {
      email: fresh.email,
      password: fresh.password,
      data: { username: fresh.username, full_name: fresh.fullName },
    };
    expect(await rawPost(`/auth/v1/signup?redirect_to=${EVIL_REDIRECT}`, headers, signup)).toBe(200);
    const confirmation = await waitForEmail(request, fresh.email, 'Confirm Your Signup');

    for (const mail of [recovery, confirmation]) {
      const link = new URL(mail.links[0]!);
      expect(link.origin).toBe(new URL(baseURL).origin);
      expect(link.searchParams.get('redirect_to')).toBe(`${new URL(baseURL).origin}/`);
      expect(JSON.stringify(mail)).not.toContain('evil.example');
    }

    // Following the link lands on the site, not on the forged host.
    const followed = await request.get(confirmation.links[0]!, { maxRedirects: 0 });
    expect(followed.status()).toBe(303);
    expect(new URL(followed.headers().location!).origin).toBe(new URL(baseURL).origin);
  });
}
