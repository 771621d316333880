import { createHash } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { extractLinks, type Email, type Mailer } from '../../functions/auth/mailer.ts';
import { loadOrCreateStoredKey, type SigningKey } from '../../functions/auth/keys.ts';
import { createAuthService, type AuthServiceOptions } from '../../functions/auth/service.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { createTestDatabase } from './database.ts';

/**
 * The local auth service called directly (Request in, Response out) over a test database,
 * with a clock the test moves and an in-memory mailbox: for the rules that need time to
 * pass (rotation, flow-state expiry, rate limits) without waiting for it.
 */

export const SITE = 'https://critical-hit.test';
export const PASSWORD = 'Correct-Horse-9';

/** A JSON answer as the tests read it: field by field, as the service's clients do. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the auth service's own tests (functions/auth) read nested fields without narrowing
type JsonBody = Record<string, any>;

export interface DirectAuth {
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
  /** JSON body and status of a call. */
  json(
    method: string,
    path: string,
    options?: CallOptions,
  ): Promise<{ status: number; body: JsonBody; headers: Headers }>;
  /** A fetch that reaches this service (as the site's server client reaches the local one). */
  fetch: typeof fetch;
  mailbox: (Email & { links: string[] })[];
  lastEmail(to: string): (Email & { links: string[] }) | undefined;
  /** Moves the service's clock. */
  advance(seconds: number): void;
  now(): number;
  /** A confirmed user (signed up, link followed), its email. */
  confirmedUser(client?: string): Promise<string>;
  signIn(email: string, client?: string): Promise<{ access_token: string; refresh_token: string }>;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's address (for per-client limits); a fresh one per call by default. */
  client?: string;
}

let counter = 0;
export const uniqueClient = () => `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter++ & 255}`;
export const uniqueEmail = (prefix = 'player') =>
  `${prefix}-${createHash('sha256').update(`${Math.random()}`).digest('hex').slice(0, 10)}@example.com`;

export function directAuth(database: DatabaseConnection, overrides: Partial<AuthServiceOptions> = {}): DirectAuth {
  let clock = Date.now();
  const mailbox: (Email & { links: string[] })[] = [];
  const mailer: Mailer = { send: async (email) => void mailbox.push({ ...email, links: extractLinks(email.html) }) };
  let signing: Promise<SigningKey> | undefined;
  const service = createAuthService({
    db: async () => database.db,
    signingKey: () => (signing ??= loadOrCreateStoredKey(database.db)),
    mailer,
    siteOrigin: SITE,
    now: () => clock,
    // Rules, not password strength, are under test: cheap hashes keep the suite quick.
    bcryptCost: 4,
    ...overrides,
  });

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${SITE}/auth/v1${path}`;
    const headers = {
      'x-supabase-api-version': '2024-01-01',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    };
    const body =
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
    return service(new Request(url, { method, headers, body }), { clientAddress: options.client ?? uniqueClient() });
  }

  const direct: DirectAuth = {
    call,
    fetch: async (input, init) => service(new Request(input, init), { clientAddress: '127.0.0.1' }),
    async json(method, path, options) {
      const response = await call(method, path, options);
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as JsonBody) : {}, headers: response.headers };
    },
    mailbox,
    lastEmail: (to) => mailbox.filter((email) => email.to === to.toLowerCase()).at(-1),
    advance(seconds) {
      clock += seconds * 1000;
    },
    now: () => clock,
    async confirmedUser(client) {
      const email = uniqueEmail();
      const signup = await direct.json('POST', '/signup', { body: { email, password: PASSWORD }, client });
      if (signup.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
      const confirm = await call('GET', direct.lastEmail(email)!.links[0]!);
      if (confirm.status !== 303) throw new Error('confirmation failed');
      return email;
    },
    async signIn(email, client) {
      const { status, body } = await direct.json('POST', '/token?grant_type=password', {
        body: { email, password: PASSWORD },
        client,
      });
      if (status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
      return body as { access_token: string; refresh_token: string };
    },
  };
  return direct;
}

/**
 * A fresh test database and the service over it for one test file (opened before its
 * tests, closed after): `const t = useDirectAuth()`, then `t.auth` and `t.database`.
 */
export function useDirectAuth(overrides: Partial<AuthServiceOptions> = {}): {
  auth: DirectAuth;
  database: DatabaseConnection;
} {
  const context = {} as { auth: DirectAuth; database: DatabaseConnection };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.auth = directAuth(context.database, overrides);
  });
  afterAll(() => context.database?.close());
  return context;
}
