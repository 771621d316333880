import type { AuthUser } from '../../src/lib/auth/types.ts';
import { getEnv } from '../../src/lib/config/env.ts';
import { getDb } from '../../src/lib/db/db.server.ts';
import { billingDeps, billingMode } from '../../src/lib/membership/billing.server.ts';
import type { MembershipContext } from './handlers.ts';

/** What every membership route and page hands its handler. */
export function membershipContext(user: AuthUser | null): MembershipContext {
  return { user, db: getDb, mode: billingMode(), env: getEnv(), deps: billingDeps() };
}
