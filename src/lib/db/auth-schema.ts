import type { Selectable } from 'kysely';
import type { AuthFlowStateTable, AuthSessionsTable, AuthTables } from './schema.generated.ts';

/**
 * The `auth` schema the local auth service owns (embedded and self-hosted modes;
 * supabase/bootstrap/local-supabase.sql creates it, with columns as Supabase Auth's own
 * tables so users can move to a hosted project with a plain data copy). Hosted Supabase
 * owns these tables itself: the site reads `auth.users` there only for the email behind a
 * profile. The table types are generated with the others (schema.generated.ts).
 */

export type {
  AuthFlowStateTable,
  AuthIdentitiesTable,
  AuthJwtSigningKeysTable,
  AuthRefreshTokensTable,
  AuthSessionsTable,
  AuthUsersTable,
} from './schema.generated.ts';

/** The auth tables, as `Database` includes them ('auth.users', 'auth.sessions', …). */
export type AuthSchema = AuthTables;

export type AalLevel = NonNullable<Selectable<AuthSessionsTable>['aal']>;
export type CodeChallengeMethod = Selectable<AuthFlowStateTable>['code_challenge_method'];
