-- Local stand-in for what hosted Supabase provides before any project migration runs:
-- the API roles, the subset of the `auth` schema the site's auth service uses, and
-- auth.uid() / auth.role() / auth.jwt(). It runs only where Supabase is absent
-- (embedded PGlite and self-hosted Postgres) and is idempotent, so that every file in
-- supabase/migrations/ applies unchanged here and on a hosted Supabase project.
--
-- Column names and types mirror Supabase Auth's own tables so that users can be moved
-- to a hosted project with a plain data copy (bcrypt hashes included).

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

-- Hosted Supabase installs extensions into their own schema; mirror that so migrations
-- can say `create extension ... with schema extensions` everywhere.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

create schema if not exists auth;
revoke all on schema auth from public;
grant usage on schema auth to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'aal_level') then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'code_challenge_method') then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
end
$$;

create table if not exists auth.users (
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
  phone text default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0
    constraint users_email_change_confirm_status_check check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_phone_key unique (phone)
);
comment on table auth.users is 'Local mirror of Supabase Auth users; written only by the site''s auth service.';

-- Supabase enforces one account per email (case-insensitively through its service);
-- the local service normalises email to lower case and this index backs it up.
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token)
  where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new !~ '^[0-9 ]*$';

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
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
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

create sequence if not exists auth.refresh_tokens_id_seq;
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigint not null default nextval('auth.refresh_tokens_id_seq') primary key,
  token varchar(255) constraint refresh_tokens_token_unique unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
alter sequence auth.refresh_tokens_id_seq owned by auth.refresh_tokens.id;
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create table if not exists auth.flow_state (
  id uuid not null primary key,
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
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

-- Not part of Supabase's schema: the ES256 key pairs the local auth service signs access
-- tokens with (generated on first use when AUTH_JWT_PRIVATE_KEY is not set). The public
-- halves are served at /auth/v1/.well-known/jwks.json; the private halves never leave here.
create table if not exists auth.jwt_signing_keys (
  kid text not null primary key,
  private_jwk jsonb not null,
  created_at timestamptz not null default now()
);

-- The auth tables are the auth service's alone: the API roles get nothing here.
revoke all on all tables in schema auth from anon, authenticated;
grant all on all tables in schema auth to service_role;
revoke all on auth.jwt_signing_keys from service_role;

-- The same definitions Supabase ships: claims come from the request's JWT, which the site
-- sets per transaction with set_config('request.jwt.claims', ...) when it acts as a user.
create or replace function auth.uid() returns uuid
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;

-- Storage --------------------------------------------------------------------------------
-- The subset of Supabase Storage's `storage` schema the local storage service
-- (functions/storage, mounted at /storage/v1) keeps its object metadata in: the columns of
-- storage.buckets and storage.objects as Supabase defines them, and the path helpers
-- policies use. Policies on storage.objects written in supabase/migrations/ therefore mean
-- the same here as on a hosted project; the service runs every object read and write as
-- `anon` or `authenticated` with the request's verified JWT claims, as Supabase does.
-- The files themselves live on disk under STORAGE_DIR.

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
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
create unique index if not exists bname on storage.buckets (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
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
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
-- Not one of Supabase's indexes: folder listings are a prefix range within one bucket.
create index if not exists objects_bucket_id_name_pattern_idx on storage.objects (bucket_id, name text_pattern_ops);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
-- As on Supabase: the API roles hold every table privilege and the policies decide. With
-- no policy, nothing is visible and nothing can be written.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.update_updated_at_column() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at = now();
  return new;
end
$$;
create or replace trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- Supabase refuses direct deletes from its storage tables: only the Storage API (which sets
-- storage.allow_delete_query) removes rows, so no file is orphaned by a stray `delete`.
create or replace function storage.protect_delete() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
create or replace trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create or replace trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- The path helpers, defined as Supabase defines them ('a/b/c.png': foldername {a,b},
-- filename 'c.png', extension 'png'); search_path pinned, which changes nothing for them.
create or replace function storage.foldername(name text) returns text[]
  language plpgsql immutable
  set search_path = ''
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- The operation the current request performs (e.g. 'object.upload'), for policies that
-- tell them apart, as Supabase's storage.operation() does.
create or replace function storage.operation() returns text
  language plpgsql stable
  set search_path = ''
as $$
begin
  return current_setting('storage.operation', true);
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text), storage.operation()
  to anon, authenticated, service_role;

-- The site's server acts as `anon` or `authenticated` inside its storage transactions
-- (`set local role`), which needs membership of those roles when it is not a superuser.
do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user)
     and not (pg_has_role(current_user, 'anon', 'member') and pg_has_role(current_user, 'authenticated', 'member')) then
    execute format('grant anon, authenticated to %I', current_user);
  end if;
exception when insufficient_privilege then
  raise warning 'The database user % cannot act as anon and authenticated: grant them to it (grant anon, authenticated to %) so that the storage service can apply the storage policies.', current_user, current_user;
end
$$;
