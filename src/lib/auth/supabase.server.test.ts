import { AuthApiError, AuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { userFromSession } from './supabase.server.ts';

const answering = (result: unknown) => ({ auth: { getClaims: async () => result } }) as unknown as SupabaseClient;

describe('userFromSession', () => {
  it('reads the user from verified claims', async () => {
    const claims = { sub: 'u-1', email: 'a@b.cd', session_id: 's-1', app_metadata: { provider: 'email' }, user_metadata: { username: 'ada' } };
    expect(await userFromSession(answering({ data: { claims }, error: null }))).toEqual({
      id: 'u-1',
      email: 'a@b.cd',
      sessionId: 's-1',
      provider: 'email',
      userMetadata: { username: 'ada' },
    });
  });

  it('is null for a session the auth service refuses', async () => {
    const refused = new AuthApiError('Invalid Refresh Token: Already Used', 400, 'refresh_token_already_used');
    expect(await userFromSession(answering({ data: null, error: refused }))).toBeNull();
    expect(await userFromSession(answering({ data: null, error: null }))).toBeNull();
  });

  it('treats an auth service without its database as an outage, not as a signed-out visitor', async () => {
    const down = new AuthRetryableFetchError('The database cannot be reached right now.', 503);
    const failure = await userFromSession(answering({ data: null, error: down })).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});
