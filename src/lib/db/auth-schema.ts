import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the `auth` schema the local auth service owns (embedded and self-hosted
 * modes; supabase/bootstrap/local-supabase.sql creates it). Columns mirror Supabase
 * Auth's own tables so users can move to a hosted project with a plain data copy.
 * Hosted Supabase owns these tables itself: the site reads `auth.users` there only for
 * the email behind a profile.
 */

type Timestamptz = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamptz = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<Record<string, unknown>, string | Record<string, unknown>, string | Record<string, unknown>>;
type NullableJson = ColumnType<Record<string, unknown> | null, string | Record<string, unknown> | null | undefined, string | Record<string, unknown> | null>;
/** Generated columns: read-only. */
type Computed<T> = ColumnType<T, never, never>;

export interface AuthUsersTable {
  instance_id: string | null;
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: NullableTimestamptz;
  invited_at: NullableTimestamptz;
  confirmation_token: string | null;
  confirmation_sent_at: NullableTimestamptz;
  recovery_token: string | null;
  recovery_sent_at: NullableTimestamptz;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: NullableTimestamptz;
  last_sign_in_at: NullableTimestamptz;
  raw_app_meta_data: NullableJson;
  raw_user_meta_data: NullableJson;
  is_super_admin: boolean | null;
  created_at: NullableTimestamptz;
  updated_at: NullableTimestamptz;
  phone: string | null;
  phone_confirmed_at: NullableTimestamptz;
  phone_change: ColumnType<string | null, string | null | undefined, string | null>;
  phone_change_token: ColumnType<string | null, string | null | undefined, string | null>;
  phone_change_sent_at: NullableTimestamptz;
  confirmed_at: Computed<Date | null>;
  email_change_token_current: ColumnType<string | null, string | null | undefined, string | null>;
  email_change_confirm_status: ColumnType<number | null, number | null | undefined, number | null>;
  banned_until: NullableTimestamptz;
  reauthentication_token: ColumnType<string | null, string | null | undefined, string | null>;
  reauthentication_sent_at: NullableTimestamptz;
  is_sso_user: Generated<boolean>;
  deleted_at: NullableTimestamptz;
  is_anonymous: Generated<boolean>;
}

export interface AuthIdentitiesTable {
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: NullableTimestamptz;
  created_at: NullableTimestamptz;
  updated_at: NullableTimestamptz;
  /** lower(identity_data ->> 'email'), generated. */
  email: Computed<string | null>;
  id: Generated<string>;
}

export type AalLevel = 'aal1' | 'aal2' | 'aal3';

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  created_at: NullableTimestamptz;
  updated_at: NullableTimestamptz;
  factor_id: string | null;
  aal: AalLevel | null;
  not_after: NullableTimestamptz;
  /** `timestamp` without time zone, as in Supabase's schema. */
  refreshed_at: NullableTimestamptz;
  user_agent: string | null;
  ip: string | null;
  tag: string | null;
}

export interface AuthRefreshTokensTable {
  instance_id: string | null;
  /** bigint: node-postgres returns it as a string. */
  id: ColumnType<string, never, never>;
  token: string | null;
  user_id: string | null;
  revoked: boolean | null;
  created_at: NullableTimestamptz;
  updated_at: NullableTimestamptz;
  parent: string | null;
  session_id: string | null;
}

export type CodeChallengeMethod = 's256' | 'plain';

export interface AuthFlowStateTable {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: CodeChallengeMethod;
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  created_at: NullableTimestamptz;
  updated_at: NullableTimestamptz;
  authentication_method: string;
  auth_code_issued_at: NullableTimestamptz;
}

/** Not part of Supabase's schema: the local service's ES256 signing keys. */
export interface AuthJwtSigningKeysTable {
  kid: string;
  private_jwk: Json;
  created_at: Timestamptz;
}

/**
 * Not part of Supabase's schema: the local auth service's rate-limit counters, kept in the
 * private `app_meta` schema so every server sharing the database counts together.
 */
export interface AuthRateLimitsTable {
  bucket: string;
  /** SHA-256 (hex) of the bucket and the limited key. */
  key: string;
  tokens: number;
  allowed: boolean;
  updated_at: Timestamptz;
  expires_at: Timestamptz;
}

export interface AuthSchema {
  'auth.users': AuthUsersTable;
  'auth.identities': AuthIdentitiesTable;
  'auth.sessions': AuthSessionsTable;
  'auth.refresh_tokens': AuthRefreshTokensTable;
  'auth.flow_state': AuthFlowStateTable;
  'auth.jwt_signing_keys': AuthJwtSigningKeysTable;
  'app_meta.auth_rate_limits': AuthRateLimitsTable;
}
