import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importJWK, SignJWT, type JWK } from 'jose';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL, E2E_GOOGLE_CLIENT_ID } from '../../playwright.config.ts';

export interface TestUser {
  email: string;
  username: string;
  password: string;
  fullName: string;
}

export function newUser(): TestUser {
  const id = randomBytes(4).toString('hex');
  return {
    email: `player-${id}@example.com`,
    username: `player_${id}`,
    password: 'Str0ng-Pass!',
    fullName: `Player ${id}`,
  };
}

interface MailboxMessage {
  to: string;
  subject: string;
  links: string[];
}

/** The newest email to `to` with `subject`, once it has arrived. */
export async function waitForEmail(request: APIRequestContext, to: string, subject: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get('/dev/mailbox.json')).json()) as { messages: MailboxMessage[] };
      found = messages.find((message) => message.to === to.toLowerCase() && message.subject === subject);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** A confirmed account made through the auth service's own API (quicker than the journey). */
export async function createConfirmedUser(request: APIRequestContext, user: TestUser = newUser()): Promise<TestUser> {
  const signup = await request.post('/auth/v1/signup', {
    headers: { 'x-supabase-api-version': '2024-01-01' },
    data: {
      email: user.email,
      password: user.password,
      data: { username: user.username, full_name: user.fullName, bio: '' },
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const mail = await waitForEmail(request, user.email, 'Confirm Your Signup');
  const confirm = await request.get(mail.links[0]!, { maxRedirects: 0 });
  expect(confirm.status()).toBe(303);
  return user;
}

/** Opens the auth modal from the header. */
export async function openModal(page: Page) {
  await page.locator('header').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function fillLogin(target: Page | ReturnType<Page['getByRole']>, identifier: string, password: string) {
  const scope = 'goto' in target ? target.locator('main') : target;
  await scope.getByLabel('Email or username', { exact: true }).fill(identifier);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export const errorToast = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: 'Error' }).filter({ hasText: text });
export const toastWith = (page: Page, text: string) =>
  page.locator('[data-toast-region]').getByText(text, { exact: true });

const googleKey = JSON.parse(readFileSync('tests/e2e/google/test-key.private.json', 'utf8')) as JWK;

/** An ID token as Google would sign it, with the test key set the e2e server trusts. */
export async function googleIdToken(claims: {
  sub: string;
  email: string;
  name: string;
  nonce: string;
}): Promise<string> {
  const key = await importJWK(googleKey, 'ES256');
  return new SignJWT({ email: claims.email, email_verified: true, name: claims.name, nonce: claims.nonce })
    .setProtectedHeader({ alg: 'ES256', kid: googleKey.kid!, typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(E2E_GOOGLE_CLIENT_ID)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

/**
 * Stands in for Google Identity Services: a fake google.accounts.id whose button hands the
 * page an ID token signed by the test key, carrying the hashed nonce the page gave Google.
 */
export async function fakeGoogle(page: Page, account: { sub: string; email: string; name: string }) {
  await page.exposeFunction('__e2eGoogleToken', (nonce: string) => googleIdToken({ ...account, nonce }));
  await page.addInitScript(() => {
    type Options = { callback: (response: { credential: string }) => void; nonce: string };
    let options: Options | undefined;
    const w = window as unknown as { google: unknown; __e2eGoogleToken: (nonce: string) => Promise<string> };
    w.google = {
      accounts: {
        id: {
          initialize(given: Options) {
            options = given;
          },
          renderButton(parent: HTMLElement) {
            const button = document.createElement('button');
            button.type = 'button';
            button.className = 'btn btn-secondary';
            button.textContent = 'Continue with Google';
            button.addEventListener(
              'click',
              () => void w.__e2eGoogleToken(options!.nonce).then((credential) => options!.callback({ credential })),
            );
            parent.append(button);
          },
        },
      },
    };
  });
}

/**
 * A request context signed in as `identifier` (username or email), for journeys that drive the
 * API. It sends the site's Origin, as a browser does (Astro refuses form-like posts without it).
 */
export async function signedInRequest(
  playwright: {
    request: {
      newContext: (options: {
        baseURL: string;
        extraHTTPHeaders: Record<string, string>;
      }) => Promise<APIRequestContext>;
    };
  },
  identifier: string,
  password: string,
): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const response = await context.post('/api/auth/sign-in', { data: { identifier, password } });
  expect(response.status(), `sign-in of ${identifier}: ${await response.text()}`).toBe(200);
  return context;
}
