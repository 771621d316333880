-- Rate limits of the local auth service (sign-ins, sign-ups, token refreshes, email links,
-- emails sent), counted here rather than in a server's memory so that every node server
-- sharing this database enforces one limit. Private operational data: the app_meta schema
-- is never exposed to the API roles (the server connects as the owner).

create schema if not exists app_meta;
revoke all on schema app_meta from public, anon, authenticated;

create table app_meta.auth_rate_limits (
  bucket text not null,
  -- SHA-256 of the bucket and the limited key (a client address or an email): the table
  -- holds no addresses.
  key text not null,
  -- Tokens left (token buckets) or attempts counted (progressive delay).
  tokens double precision not null,
  -- Whether the latest take was allowed (read back by the same statement).
  allowed boolean not null,
  updated_at timestamptz not null,
  -- When the row no longer matters (the bucket is full again, the attempts are forgotten).
  expires_at timestamptz not null,
  primary key (bucket, key),
  constraint auth_rate_limits_key_is_hash check (key ~ '^[0-9a-f]{64}$')
);
comment on table app_meta.auth_rate_limits is
  'Auth rate-limit counters shared by every server; expired rows are deleted by a scheduled job.';

-- The cleanup job deletes by expiry.
create index auth_rate_limits_expires_at on app_meta.auth_rate_limits (expires_at);

revoke all on app_meta.auth_rate_limits from public, anon, authenticated;
