import { afterAll } from 'vitest';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from '../../../functions/auth/limits.ts';
import type { AuthServiceOptions } from '../../../functions/auth/service.ts';
import { startTestAuthServer } from '../../helpers/auth-server.ts';
import { createTestDatabase } from '../../helpers/database.ts';
import { setUpstreamServers } from './server-urls.ts';

/**
 * Setup of each vendored auth-js test file: the local auth service on ephemeral ports, over
 * a fresh test database, configured as auth-js's own test servers are (supabase/config.toml
 * and docker-compose beside upstream's tests): autoconfirm on (or off, for the docker tests'
 * second server), a minimum password length of 6, their rate limits (100 sign-ins and
 * sign-ups, 300 refreshes, 100 verifications per 5 minutes; 100 emails an hour; an email
 * to one address every second) and the 10 s refresh-token reuse interval. bcrypt runs at a
 * low cost to keep the suite fast: the hashes are not what it tests.
 */

const FIVE_MINUTES = 300;
const HOUR = 3600;

const UPSTREAM_TEST_LIMITS: AuthLimits = {
  ...DEFAULT_AUTH_LIMITS,
  signInSignUps: { limit: 100, periodSeconds: FIVE_MINUTES },
  tokenRefresh: { limit: 300, periodSeconds: FIVE_MINUTES },
  verify: { limit: 100, periodSeconds: FIVE_MINUTES },
  emailsPerClient: { limit: 100, periodSeconds: HOUR },
  emailsPerRecipient: { limit: 1, periodSeconds: 1 },
  emailsTotal: { limit: 100, periodSeconds: HOUR },
};

const options = (mailerAutoconfirm: boolean): Partial<AuthServiceOptions> => ({
  mailerAutoconfirm,
  passwordMinLength: 6,
  refreshTokenReuseIntervalSeconds: 10,
  limits: UPSTREAM_TEST_LIMITS,
  bcryptCost: 4,
});

const database = await createTestDatabase();
const autoconfirm = await startTestAuthServer(database, options(true));
const confirmationsOn = await startTestAuthServer(database, options(false));

setUpstreamServers({
  autoconfirm: `${autoconfirm.url}/auth/v1`,
  confirmationsOn: `${confirmationsOn.url}/auth/v1`,
});

afterAll(async () => {
  await autoconfirm.close();
  await confirmationsOn.close();
  await database.close();
});
