-- A PostgreSQL 15 shaped like a hosted Supabase project's database before any project
-- migration runs, for tests only. Written for this project (not copied from upstream): it
-- reproduces the roles, ownerships and grants that Supabase's own images and services set
-- up, as tests/supabase-shape/README.md lists them with the upstream files they come from.
--
-- Run as the cluster's superuser `supabase_admin` (initdb -U supabase_admin), in a fresh
-- database owned by `postgres`, inside one transaction. The roles are cluster-wide and
-- made idempotently; everything else is per database (the test helper builds it once into
-- a template database and copies that for each test).

-- Roles ------------------------------------------------------------------------------------
do $$
declare
  name text;
begin
  foreach name in array array['postgres', 'supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin',
    'authenticator', 'anon', 'authenticated', 'service_role', 'dashboard_user', 'supabase_read_only_user',
    'supabase_replication_admin', 'supabase_superuser'] loop
    if not exists (select from pg_roles where rolname = name) then
      execute format('create role %I', name);
    end if;
  end loop;
end
$$;

-- `postgres` is the project owner's role, and not a superuser: the migrations, the dashboard's
-- SQL editor and the site's own server connect as it.
alter role postgres with login nosuperuser createdb createrole replication bypassrls;
alter role postgres set search_path to "$user", public, extensions;
-- The services' roles: GoTrue (supabase_auth_admin), Storage (supabase_storage_admin),
-- Realtime (supabase_realtime_admin) and PostgREST (authenticator, switching to the API roles).
alter role supabase_auth_admin with login noinherit nocreaterole noreplication;
alter role supabase_auth_admin set search_path to auth;
alter role supabase_auth_admin set idle_in_transaction_session_timeout to 60000;
alter role supabase_storage_admin with login noinherit createrole noreplication;
alter role supabase_storage_admin set search_path to storage;
alter role supabase_realtime_admin with nologin noinherit noreplication;
alter role authenticator with login noinherit;
alter role authenticator set statement_timeout to '8s';
alter role authenticator set lock_timeout to '8s';
alter role anon with nologin inherit;
alter role anon set statement_timeout to '3s';
alter role authenticated with nologin inherit;
alter role authenticated set statement_timeout to '8s';
alter role service_role with nologin inherit bypassrls;
alter role dashboard_user with nosuperuser createdb createrole replication;
alter role supabase_read_only_user with login bypassrls;
alter role supabase_replication_admin with login replication;
alter role supabase_superuser with nologin;

grant anon, authenticated, service_role to authenticator;
grant authenticator to supabase_storage_admin;
grant anon, authenticated, service_role to postgres;
grant pg_monitor, pg_read_all_data, pg_signal_backend, supabase_superuser to postgres;
grant pg_read_all_data to supabase_read_only_user;
-- (Hosted Supabase revoked the services' roles from `postgres`: it is a member of none of them.)

-- The database and its schemas ---------------------------------------------------------------
do $$
begin
  execute format('grant all on database %I to postgres, dashboard_user', current_database());
  execute format('grant connect on database %I to supabase_auth_admin, supabase_storage_admin, authenticator', current_database());
end
$$;

-- Objects `postgres` makes in public are granted to the API roles by default: PostgREST
-- exposes a new table (to the extent its row policies allow) unless a migration revokes.
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

create schema extensions authorization postgres;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to dashboard_user;
grant all privileges on all tables in schema extensions to postgres with grant option;
grant all privileges on all routines in schema extensions to postgres with grant option;
grant all privileges on all sequences in schema extensions to postgres with grant option;

-- auth: GoTrue's schema, its tables owned by supabase_auth_admin --------------------------------
create schema auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role, postgres;
grant all on schema auth to supabase_auth_admin, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres, dashboard_user;

set local role supabase_auth_admin;

create table auth.schema_migrations (version varchar(255) not null primary key);
create table auth.instances (
  id uuid not null primary key,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz
);
create table auth.audit_log_entries (
  instance_id uuid,
  id uuid not null primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
create type auth.factor_status as enum ('unverified', 'verified');
create type auth.code_challenge_method as enum ('s256', 'plain');
create type auth.one_time_token_type as enum ('confirmation_token', 'reauthentication_token', 'recovery_token',
  'email_change_token_new', 'email_change_token_current', 'phone_change_token');

create table auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text default null unique,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index users_email_partial_key on auth.users (email) where is_sso_user = false;
create index users_instance_id_idx on auth.users (instance_id);
create index users_is_anonymous_idx on auth.users (is_anonymous);

create table auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  unique (provider_id, provider)
);
create index identities_user_id_idx on auth.identities (user_id);

create table auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid
);
create table auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);

create table auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index sessions_user_id_idx on auth.sessions (user_id);
create table auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  unique (session_id, authentication_method)
);
create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create table auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
create table auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);

-- The claim helpers as GoTrue defines them (policies call them as `(select auth.uid())`).
create function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
$$;
create function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
$$;
create function auth.email() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text
$$;
create function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;

-- Every auth table has row security and no policy: only its owner and BYPASSRLS roles see rows.
do $$
declare
  t regclass;
begin
  for t in select c.oid from pg_class c where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r' loop
    execute format('alter table %s enable row level security', t);
  end loop;
end
$$;

reset role;
-- `postgres` may read the auth tables and hand that on, but not GoTrue's migration record.
revoke all on auth.schema_migrations from postgres, dashboard_user;
revoke create on schema auth from postgres;

-- storage: Supabase Storage's schema, its tables owned by supabase_storage_admin -----------------
create schema storage authorization supabase_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin, dashboard_user;

set local role supabase_storage_admin;

create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
create table storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index bname on storage.buckets (name);
create table storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index bucketid_objname on storage.objects (bucket_id, name);
create table storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.migrations enable row level security;

create function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[1 : array_length(parts, 1) - 1];
end
$$;
create function storage.filename(name text) returns text language plpgsql immutable as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[array_length(parts, 1)];
end
$$;
create function storage.extension(name text) returns text language plpgsql immutable as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return reverse(split_part(reverse(parts[array_length(parts, 1)]), '.', 1));
end
$$;
create function storage.operation() returns text language plpgsql stable as $$
begin
  return current_setting('storage.operation', true);
end
$$;
create function storage.update_updated_at_column() returns trigger language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();
-- Only the Storage API (which sets storage.allow_delete_query) deletes rows.
create function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- The API roles hold every privilege on buckets and objects; the policies decide.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
reset role;
revoke all on storage.migrations from anon, authenticated, service_role, postgres;
revoke create on schema storage from postgres;

-- realtime: the Broadcast messages table, owned by supabase_realtime_admin ----------------------
create schema realtime authorization supabase_admin;
grant usage on schema realtime to postgres with grant option;
grant usage on schema realtime to anon, authenticated, service_role;
grant all on schema realtime to supabase_realtime_admin;
create table realtime.schema_migrations (version bigint primary key, inserted_at timestamp(0));

create table realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  primary key (id, inserted_at),
  constraint messages_payload_exclusive check (payload is null or binary_payload is null)
) partition by range (inserted_at);
create index messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;

-- The channel a Realtime join checks its policies against.
create function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
-- Broadcast from the database: a row in today's partition, which Realtime delivers to the
-- topic's subscribers whose select policy on realtime.messages lets them join. Runs as the
-- caller (not security definer); a failure is a warning, never the caller's error.
create function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
  language plpgsql as $$
declare
  generated_id uuid := gen_random_uuid();
begin
  begin
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(generated_id)) end,
      event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;
grant execute on function realtime.topic(), realtime.send(jsonb, text, text, boolean)
  to postgres, anon, authenticated, service_role;

-- Realtime's server keeps a partition a day, a few days ahead.
do $$
declare
  day date;
begin
  for day in select generate_series(current_date - 1, current_date + 3, interval '1 day')::date loop
    execute format('create table realtime.%I partition of realtime.messages for values from (%L) to (%L)',
      'messages_' || to_char(day, 'YYYY_MM_DD'), day::timestamp, (day + 1)::timestamp);
  end loop;
end
$$;
alter table realtime.messages owner to supabase_realtime_admin;
alter function realtime.topic() owner to supabase_realtime_admin;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
do $$
declare
  t regclass;
begin
  for t in select inhrelid from pg_inherits where inhparent = 'realtime.messages'::regclass loop
    execute format('alter table %s owner to supabase_realtime_admin', t);
  end loop;
end
$$;
alter table realtime.schema_migrations owner to supabase_realtime_admin;
revoke all on realtime.schema_migrations from postgres, anon, authenticated, service_role;
