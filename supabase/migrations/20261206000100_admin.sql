-- Administration: the admin role, its audit log, old game slugs after a merge, and game
-- requests with their votes.
--
-- Privilege model as in the first migration: the site's server connects as the owner and
-- enforces permissions itself. The admin role and the audit log live in `app_meta`, a
-- schema the API roles cannot even see, so no API answer can say who is an administrator.

create schema if not exists app_meta;
revoke all on schema app_meta from public, anon, authenticated;

-- Administrators: granted and revoked from the command line only (npm run admin), read by
-- the server on every admin request, so a revoked admin is refused on the next request.
create table if not exists app_meta.admins (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now()
);
comment on table app_meta.admins is 'Users with the admin role; written only by npm run admin, never exposed as data.';

-- Every admin action: who, what, when, before and after.
create table if not exists app_meta.admin_audit_log (
  id bigint generated always as identity primary key,
  admin_id uuid references auth.users (id) on delete set null,
  action text not null,
  subject_type text not null,
  subject_id text not null,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now(),
  constraint admin_audit_log_action_format check (action ~ '^[a-z][a-z_.]{1,63}$'),
  constraint admin_audit_log_subject_type_format check (subject_type ~ '^[a-z][a-z_]{1,31}$'),
  constraint admin_audit_log_subject_id_length check (char_length(subject_id) between 1 and 200)
);
comment on table app_meta.admin_audit_log is 'One row per admin action, shown on /admin/database-admin.';
create index if not exists admin_audit_log_newest_idx on app_meta.admin_audit_log (created_at desc, id desc);

-- Old slugs of merged (or renamed) games: /games/{old} answers 301 to the survivor forever.
create table if not exists public.game_slug_redirects (
  old_slug text primary key,
  game_id integer not null references public.games (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint game_slug_redirects_slug_format check (old_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(old_slug) <= 120)
);
comment on table public.game_slug_redirects is 'Slugs that no longer name a game and the game they lead to (301).';
create index if not exists game_slug_redirects_game_idx on public.game_slug_redirects (game_id);
alter table public.game_slug_redirects enable row level security;
grant select on public.game_slug_redirects to anon, authenticated;
grant all on public.game_slug_redirects to service_role;
create policy game_slug_redirects_select_public on public.game_slug_redirects
  for select to anon, authenticated using (true);
comment on policy game_slug_redirects_select_public on public.game_slug_redirects is 'Old game URLs are public like the catalogue.';

-- Game requests ------------------------------------------------------------------------

create table if not exists public.game_requests (
  id integer generated always as identity primary key,
  requester_id uuid not null references auth.users (id) on delete cascade,
  title text not null,
  platforms text[] not null default '{}',
  release_date date,
  developer text,
  publisher text,
  official_url text,
  reason text,
  status text not null default 'pending',
  -- Why it was rejected (shown to the requester).
  resolution_reason text,
  duplicate_of_game_id integer references public.games (id) on delete set null,
  duplicate_of_request_id integer references public.game_requests (id) on delete set null,
  -- The game made when it was approved.
  game_id integer references public.games (id) on delete set null,
  resolved_by uuid references auth.users (id) on delete set null,
  resolved_at timestamptz,
  votes_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint game_requests_status_known check (status in ('pending', 'approved', 'rejected', 'duplicate')),
  constraint game_requests_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint game_requests_platforms_count check (cardinality(platforms) <= 20),
  constraint game_requests_developer_length check (char_length(developer) <= 200),
  constraint game_requests_publisher_length check (char_length(publisher) <= 200),
  constraint game_requests_official_url_http check (official_url ~ '^https?://' and char_length(official_url) <= 500),
  constraint game_requests_reason_length check (char_length(reason) <= 1000),
  constraint game_requests_resolution_reason_length check (char_length(resolution_reason) <= 1000),
  constraint game_requests_votes_count_positive check (votes_count >= 0),
  constraint game_requests_resolved check ((status = 'pending') = (resolved_at is null))
);
comment on table public.game_requests is 'Games users asked the site to add; administrators approve, reject or mark them duplicate.';

-- One request per title per user.
create unique index if not exists game_requests_one_per_title on public.game_requests (requester_id, lower(btrim(title)));
create index if not exists game_requests_status_idx on public.game_requests (status, votes_count desc, id desc);
create index if not exists game_requests_title_trgm_idx on public.game_requests using gin (lower(title) extensions.gin_trgm_ops);
create index if not exists game_requests_requester_idx on public.game_requests (requester_id, created_at desc);
create index if not exists game_requests_duplicate_game_idx on public.game_requests (duplicate_of_game_id) where duplicate_of_game_id is not null;
create index if not exists game_requests_game_idx on public.game_requests (game_id) where game_id is not null;

create trigger game_requests_set_updated_at before update on public.game_requests
  for each row execute function public.set_updated_at();

alter table public.game_requests enable row level security;
grant all on public.game_requests to service_role;

create table if not exists public.game_request_votes (
  request_id integer not null references public.game_requests (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (request_id, user_id)
);
comment on table public.game_request_votes is 'One "I want this too" per user and request; game_requests.votes_count keeps the total.';
create index if not exists game_request_votes_user_idx on public.game_request_votes (user_id);
alter table public.game_request_votes enable row level security;
grant all on public.game_request_votes to service_role;

-- Keeps votes_count equal to the number of votes.
create or replace function public.game_request_votes_count() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.game_requests set votes_count = votes_count + 1 where id = new.request_id;
  elsif tg_op = 'DELETE' then
    update public.game_requests set votes_count = greatest(votes_count - 1, 0) where id = old.request_id;
  end if;
  return null;
end
$$;
revoke execute on function public.game_request_votes_count() from public, anon, authenticated;
create trigger game_request_votes_count after insert or delete on public.game_request_votes
  for each row execute function public.game_request_votes_count();
