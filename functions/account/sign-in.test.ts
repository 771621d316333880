import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { directAuth, uniqueClient, uniqueEmail, PASSWORD, type DirectAuth } from '../../tests/helpers/auth-service.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { handleSignIn, type PasswordSignIn } from './handlers.ts';

/**
 * POST /api/auth/sign-in by username against the real local auth service (bcrypt at its
 * production cost): an unknown username must cost what a wrong password costs, and meet
 * the same limits.
 */

let database: DatabaseConnection;
/** Production's bcrypt cost, for the timing; the cheap test cost for the rules. */
let real: DirectAuth;
let auth: DirectAuth;

beforeAll(async () => {
  database = await createTestDatabase();
  real = directAuth(database, { bcryptCost: 10 });
  auth = directAuth(database);
});
afterAll(() => database?.close());

/** The route's sign-in, as the server's supabase client does it, from one client address. */
function signInFrom(client: string, service: DirectAuth): PasswordSignIn {
  return async (email, password) => {
    const reply = await service.json('POST', '/token?grant_type=password', { body: { email, password }, client });
    const { status, headers } = reply;
    const body = reply.body as { user: { id: string }; code?: string; message: string };
    if (status === 200) return { error: null, user: body.user };
    return {
      error: {
        status,
        code: body.code,
        message: body.message,
        retryAfterSeconds: Number(headers.get('retry-after')) || undefined,
      },
      user: null,
    };
  };
}

async function userWithUsername(service = auth): Promise<string> {
  const username = `known_${Math.random().toString(36).slice(2, 10)}`;
  const email = uniqueEmail();
  await service.json('POST', '/signup', {
    body: { email, password: PASSWORD, data: { username, full_name: 'Known Player' } },
  });
  await service.call('GET', service.lastEmail(email)!.links[0]!);
  return username;
}

const attempt = (identifier: string, password: string, client: string, service = auth) =>
  handleSignIn(
    new Request('https://critical-hit.test/api/auth/sign-in', {
      method: 'POST',
      body: JSON.stringify({ identifier, password }),
    }),
    { db: () => Promise.resolve(database.db), signIn: signInFrom(client, service) },
  );

describe('sign-in by username tells nobody which usernames exist', () => {
  it('the right password signs in', async () => {
    const username = await userWithUsername();
    expect((await attempt(username, PASSWORD, uniqueClient())).status).toBe(200);
  });

  it('an unknown username answers exactly as a wrong password', async () => {
    const known = await attempt(await userWithUsername(), 'Wrong-password-1', uniqueClient());
    const unknown = await attempt('nobody_by_that_name', 'Wrong-password-1', uniqueClient());
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
  });

  it('and takes as long (medians of several tries; unknown at least half of known)', async () => {
    const usernames = [];
    for (let i = 0; i < 7; i += 1) usernames.push(await userWithUsername(real));
    const time = async (identifier: string) => {
      const start = performance.now();
      await attempt(identifier, 'Wrong-password-1', uniqueClient(), real);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(await time(usernames[i]!));
      unknown.push(await time(`ghost_${i}_${Math.random().toString(36).slice(2, 8)}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(median(unknown)).toBeGreaterThanOrEqual(median(known) / 2);
  });

  it('both hit the per-client limit: the 31st attempt from one address is refused with Retry-After', async () => {
    const client = uniqueClient();
    const known = await userWithUsername();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((await attempt(i % 2 ? known : `ghost_${i}`, `Wrong-${i}-password`, client)).status);
    // Five failures on the known account start its own delay; the rest are wrong passwords.
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    for (const identifier of [known, 'ghost_never_tried']) {
      const refused = await attempt(identifier, PASSWORD, client);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        'Too many login attempts. Please try again later.',
      );
    }
  });

  it('both hit the per-account delay after five failures', async () => {
    for (const identifier of [await userWithUsername(), 'ghost_account_delay']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await attempt(identifier, `Wrong-${i}-password`, uniqueClient())).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    }
  });
});
