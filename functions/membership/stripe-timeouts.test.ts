import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { silentServer, STRIPE_TEST_VARIABLES, type SilentServer } from '../../tests/helpers/stand-ins.ts';
import { parseEnv, resetEnvCache } from '../../src/lib/config/env.ts';
import { REMOTE_TIMEOUT_MS, STRIPE_NETWORK_RETRIES } from '../../src/lib/config/remote-timeouts.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { remoteServiceFailed, resetRemoteFailureLog } from '../../src/lib/http/remote.server.ts';
import { billingDeps, resetStripeClient } from '../../src/lib/membership/billing.server.ts';
import { handleCheckout, type MembershipContext } from './handlers.ts';

// Stripe that accepts connections and never answers: a checkout gives up after the configured
// time per attempt and retries, then fails as a remote service (the middleware answers it
// with "Server error. Please try again later."), logged once with the service and the time.

let database: DatabaseConnection;
let silent: SilentServer;
let context: MembershipContext;

beforeAll(async () => {
  database = await createTestDatabase();
  const userId = randomUUID();
  await sql`insert into auth.users (id, email, created_at) values (${userId}, 'late-payer@example.test', now())`.execute(
    database.db,
  );
  silent = await silentServer();
  const variables = { ...STRIPE_TEST_VARIABLES, STRIPE_API_URL: silent.url, SITE_URL: 'https://critical-hit.example' };
  for (const [key, value] of Object.entries(variables)) vi.stubEnv(key, value);
  resetEnvCache();
  resetStripeClient();
  const env = parseEnv(variables);
  context = {
    user: { id: userId, email: 'late-payer@example.test', sessionId: 's', provider: 'email', userMetadata: {} },
    db: () => Promise.resolve(database.db),
    mode: 'stripe',
    env,
    deps: billingDeps(env),
  };
});

afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvCache();
  resetStripeClient();
  resetRemoteFailureLog();
  await silent?.close();
  await database?.close();
});

describe('Stripe that never answers', () => {
  it('a checkout gives up after the timeout and its retry, as a remote failure, logged once with the time', async () => {
    const lines = vi.spyOn(console, 'error').mockImplementation(() => {});
    const started = performance.now();
    const failure = await handleCheckout(
      new Request('https://critical-hit.example/api', {
        method: 'POST',
        body: JSON.stringify({ plan: 'premium', period: 'month' }),
      }),
      context,
    ).then(
      (response) => response,
      (error: unknown) => error,
    );
    const ms = performance.now() - started;
    const attempts = STRIPE_NETWORK_RETRIES + 1;
    expect(ms).toBeGreaterThanOrEqual(REMOTE_TIMEOUT_MS.stripe * attempts - 100);
    // Stripe's back-off between attempts is at most a couple of seconds.
    expect(ms).toBeLessThan(REMOTE_TIMEOUT_MS.stripe * attempts + 4_000);
    expect(remoteServiceFailed(failure)).toBe(true);
    expect(remoteServiceFailed(failure)).toBe(true);
    const logged = lines.mock.calls.map((call) => call.map(String).join(' '));
    expect(logged).toEqual([
      expect.stringMatching(new RegExp(`^\\[remote\\] Stripe .*${REMOTE_TIMEOUT_MS.stripe} ms`)),
    ]);
    lines.mockRestore();
  }, 60_000);
});
