import { randomUUID } from 'node:crypto';
import {
  AuthApiError,
  AuthPKCECodeVerifierMissingError,
  AuthRetryableFetchError,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { closeDatabase, setConnector } from '../db/db.server.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { isRemoteServiceFailure } from '../http/remote.server.ts';
import { callbackDestination, exchangeCode } from './code-exchange.server.ts';

const SITE = 'https://critical-hit.example';

type Exchange = Awaited<ReturnType<SupabaseClient['auth']['exchangeCodeForSession']>>;

/** A server client whose code exchange answers `result`. */
function clientAnswering(
  result: Exchange | (() => Exchange),
): SupabaseClient & { calls: string[]; flows: (string | undefined)[] } {
  const calls: string[] = [];
  const flows: (string | undefined)[] = [];
  const exchangeCodeForSession = vi.fn(async (code: string, options?: { flowId?: string }) => {
    calls.push(code);
    flows.push(options?.flowId);
    return typeof result === 'function' ? result() : result;
  });
  return { auth: { exchangeCodeForSession }, calls, flows } as unknown as SupabaseClient & {
    calls: string[];
    flows: (string | undefined)[];
  };
}

const signedInAs = (id: string) => ({ data: { user: { id }, session: {} }, error: null }) as unknown as Exchange;
const failing = (error: Error) => ({ data: { user: null, session: null }, error }) as unknown as Exchange;
const url = (query: string) => new URL(`${SITE}/auth/callback${query}`);

describe('exchangeCode', () => {
  it('does not call the auth service without a code, or with an absurd one', async () => {
    const client = clientAnswering(signedInAs('u'));
    expect(await exchangeCode(client, url(''))).toEqual({ kind: 'no-code' });
    expect(await exchangeCode(client, url(`?code=${'x'.repeat(600)}`))).toEqual({ kind: 'invalid' });
    expect(client.calls).toEqual([]);
  });

  it('reads each answer of the auth service once', async () => {
    expect(await exchangeCode(clientAnswering(signedInAs('u-1')), url('?code=abc'))).toEqual({
      kind: 'signed-in',
      userId: 'u-1',
    });
    expect(
      await exchangeCode(clientAnswering(failing(new AuthPKCECodeVerifierMissingError())), url('?code=abc')),
    ).toEqual({
      kind: 'other-browser',
    });
    const expired = new AuthApiError('invalid flow state, flow state has expired', 400, 'flow_state_expired');
    expect(await exchangeCode(clientAnswering(failing(expired)), url('?code=abc'))).toEqual({ kind: 'invalid' });
    const unknown = new AuthApiError('invalid flow state, no valid flow state found', 404, 'flow_state_not_found');
    expect(await exchangeCode(clientAnswering(failing(unknown)), url('?code=abc'))).toEqual({ kind: 'invalid' });
  });

  it("names the link's PKCE flow, so that flow's verifier cookie is the one used and removed", async () => {
    const client = clientAnswering(signedInAs('u'));
    await exchangeCode(client, url('?next=%2Fsettings&sb_flow_id=0123456789abcdef0123456789abcdef&code=abc'));
    await exchangeCode(client, url('?code=def'));
    expect(client.flows).toEqual(['0123456789abcdef0123456789abcdef', undefined]);
  });

  it('turns an auth service that cannot answer into an outage, not an invalid link', async () => {
    const down = new AuthRetryableFetchError('The database cannot be reached right now.', 503);
    expect(
      isDatabaseUnavailable(
        await exchangeCode(clientAnswering(failing(down)), url('?code=abc')).catch((thrown: unknown) => thrown),
      ),
    ).toBe(true);
    // Hosted Supabase Auth gave no answer (a timeout, an unknown host) or a gateway did: a remote failure.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const error of [
      new AuthRetryableFetchError('Supabase Auth gave no answer within 5000 ms', 0),
      new AuthRetryableFetchError('Gateway Timeout', 504),
    ]) {
      const failure = await exchangeCode(clientAnswering(failing(error)), url('?code=abc')).catch(
        (thrown: unknown) => thrown,
      );
      expect(isRemoteServiceFailure(failure), error.message).toBe(true);
    }
    log.mockRestore();
  });
});

describe('callbackDestination', () => {
  let connection: DatabaseConnection;
  const named = randomUUID();
  const unnamed = randomUUID();

  beforeAll(async () => {
    connection = await createTestDatabase();
    setConnector(async () => connection);
    await sql`insert into auth.users (id, email, raw_user_meta_data) values (${named}, 'named@example.test', '{"username":"named_player"}'::jsonb)`.execute(
      connection.db,
    );
    await sql`insert into auth.users (id, email) values (${unnamed}, 'unnamed@example.test')`.execute(connection.db);
  });
  afterAll(async () => {
    await closeDatabase();
    setConnector(() => Promise.reject(new Error('closed')));
  });

  it('goes on to a same-site next, or /dashboard', async () => {
    const client = clientAnswering(signedInAs(named));
    expect(await callbackDestination(client, url('?code=abc&next=/settings'), SITE)).toBe('/settings');
    expect(await callbackDestination(client, url('?code=abc'), SITE)).toBe('/dashboard');
  });

  it('never follows next off the site', async () => {
    const client = clientAnswering(signedInAs(named));
    for (const next of [
      '/.//evil.example/',
      '//evil.example',
      'https://evil.example/',
      '/\\evil.example',
      '/dashboard/../..//evil.example',
    ]) {
      expect(await callbackDestination(client, url(`?code=abc&next=${encodeURIComponent(next)}`), SITE), next).toBe(
        '/dashboard',
      );
    }
  });

  it('asks for a username first, keeping next', async () => {
    const client = clientAnswering(signedInAs(unnamed));
    expect(await callbackDestination(client, url('?code=abc&next=/settings'), SITE)).toBe('/confirm?next=%2Fsettings');
    expect(await callbackDestination(client, url('?code=abc'), SITE)).toBe('/confirm');
  });

  it('sends links without a code to /login, links from another browser to sign in, and keeps failures on the page', async () => {
    expect(await callbackDestination(clientAnswering(signedInAs(named)), url(''), SITE)).toBe('/login');
    expect(
      await callbackDestination(
        clientAnswering(failing(new AuthPKCECodeVerifierMissingError())),
        url('?code=abc'),
        SITE,
      ),
    ).toBe('/login?confirmed=1');
    const used = new AuthApiError('invalid flow state, no valid flow state found', 404, 'flow_state_not_found');
    expect(await callbackDestination(clientAnswering(failing(used)), url('?code=abc'), SITE)).toBeNull();
  });
});
