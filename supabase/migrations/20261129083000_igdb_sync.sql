-- The IGDB catalogue sync (docs/decisions/igdb-sync.md): each game's ids on other services,
-- its alternative names, which source set each of its fields (a field an administrator set is
-- never overwritten by a sync), the sync runs with the cursor they resume from, the matches
-- too uncertain to make without an administrator, and the change log of what each run did.

-- Tables ------------------------------------------------------------------------------------

alter table public.games drop constraint if exists games_sources_known;
alter table public.games add constraint games_sources_known check (
  sources <@ array['editorial'::text, 'steam_store_2019'::text, 'vgchartz_2024'::text, 'synthetic'::text, 'demo'::text, 'igdb'::text]
);

create table if not exists public.game_external_ids (
  game_id integer not null references public.games (id) on delete cascade,
  source text not null,
  external_id text not null,
  constraint game_external_ids_pkey primary key (source, external_id),
  constraint game_external_ids_source_known check (source in ('igdb', 'steam', 'gog', 'epic')),
  constraint game_external_ids_id_length check (char_length(external_id) between 1 and 200),
  constraint game_external_ids_steam_numeric check (source not in ('igdb', 'steam') or external_id ~ '^[1-9][0-9]{0,18}$')
);
comment on table public.game_external_ids is
  'A game''s ids on other services: its IGDB id, Steam app ids, GOG and Epic ids. One game per id.';
create index if not exists game_external_ids_game_idx on public.game_external_ids (game_id, source);
create unique index if not exists game_external_ids_one_igdb_idx on public.game_external_ids (game_id) where source = 'igdb';
alter table public.game_external_ids enable row level security;
grant select on public.game_external_ids to anon, authenticated;
grant all on public.game_external_ids to service_role;

create table if not exists public.game_alternative_names (
  game_id integer not null references public.games (id) on delete cascade,
  name text not null,
  comment text,
  constraint game_alternative_names_pkey primary key (game_id, name),
  constraint game_alternative_names_name_length check (char_length(btrim(name)) between 1 and 200),
  constraint game_alternative_names_comment_length check (char_length(comment) <= 200)
);
comment on table public.game_alternative_names is 'Other names of a game (translations, abbreviations), from IGDB; for search.';
alter table public.game_alternative_names enable row level security;
grant select on public.game_alternative_names to anon, authenticated;
grant all on public.game_alternative_names to service_role;

create table if not exists public.game_field_sources (
  game_id integer not null references public.games (id) on delete cascade,
  field text not null,
  source text not null,
  updated_at timestamptz not null default now(),
  constraint game_field_sources_pkey primary key (game_id, field),
  constraint game_field_sources_field_known check (
    field in ('title', 'summary', 'release_date', 'cover_image_url', 'platforms', 'genres', 'developers', 'publishers')
  ),
  constraint game_field_sources_source_known check (source in ('igdb', 'admin'))
);
comment on table public.game_field_sources is
  'Which source last set each field of a game. A sync writes a field only when it is empty or IGDB set it; ''admin'' fields are never overwritten.';
-- Server only: no policy, so the API roles see nothing.
alter table public.game_field_sources enable row level security;
grant all on public.game_field_sources to service_role;

create table if not exists public.igdb_sync_runs (
  id integer generated always as identity primary key,
  kind text not null default 'full',
  status text not null default 'running',
  -- The last IGDB game id done: the run resumes after it.
  cursor integer not null default 0,
  pages integer not null default 0,
  created integer not null default 0,
  updated integer not null default 0,
  skipped integer not null default 0,
  queued integer not null default 0,
  error text,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint igdb_sync_runs_kind_known check (kind in ('full')),
  constraint igdb_sync_runs_status_known check (status in ('running', 'finished', 'failed')),
  constraint igdb_sync_runs_error_length check (char_length(error) <= 1000),
  constraint igdb_sync_runs_cursor_positive check (cursor >= 0)
);
comment on table public.igdb_sync_runs is 'IGDB sync runs; a run that stopped resumes from its cursor. At most one runs at a time.';
create unique index if not exists igdb_sync_runs_one_running_idx on public.igdb_sync_runs ((true)) where status = 'running';
-- Server only: no policy, so the API roles see nothing.
alter table public.igdb_sync_runs enable row level security;
grant all on public.igdb_sync_runs to service_role;

create table if not exists public.igdb_match_reviews (
  id integer generated always as identity primary key,
  igdb_id integer not null,
  igdb_title text not null,
  candidate_game_id integer references public.games (id) on delete cascade,
  reason text not null,
  -- The mapped IGDB game, to create or merge it once an administrator decides.
  payload jsonb not null,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid references auth.users (id) on delete set null,
  constraint igdb_match_reviews_igdb_id_key unique (igdb_id),
  constraint igdb_match_reviews_status_known check (status in ('pending', 'merged', 'created', 'dismissed')),
  constraint igdb_match_reviews_title_length check (char_length(igdb_title) <= 200),
  constraint igdb_match_reviews_reason_length check (char_length(reason) <= 300),
  constraint igdb_match_reviews_payload_size check (pg_column_size(payload) <= 65536)
);
comment on table public.igdb_match_reviews is 'IGDB games the sync could not match for certain: an administrator merges, creates or dismisses each.';
create index if not exists igdb_match_reviews_pending_idx on public.igdb_match_reviews (created_at, id) where status = 'pending';
-- Server only: no policy, so the API roles see nothing.
alter table public.igdb_match_reviews enable row level security;
grant all on public.igdb_match_reviews to service_role;

create table if not exists public.igdb_changes (
  id bigint generated always as identity primary key,
  run_id integer references public.igdb_sync_runs (id) on delete set null,
  game_id integer references public.games (id) on delete set null,
  igdb_id integer not null,
  action text not null,
  fields text[] not null default '{}',
  at timestamptz not null default now(),
  constraint igdb_changes_action_known check (action in ('created', 'updated', 'matched', 'queued')),
  constraint igdb_changes_fields_count check (cardinality(fields) <= 20)
);
comment on table public.igdb_changes is 'What each IGDB sync run did to the catalogue, game by game: the administrators'' audit view.';
create index if not exists igdb_changes_at_idx on public.igdb_changes (at desc, id desc);
create index if not exists igdb_changes_game_idx on public.igdb_changes (game_id, at desc);
-- Server only: no policy, so the API roles see nothing.
alter table public.igdb_changes enable row level security;
grant all on public.igdb_changes to service_role;

-- Policies ----------------------------------------------------------------------------------

drop policy if exists game_external_ids_select_public on public.game_external_ids;
create policy game_external_ids_select_public on public.game_external_ids
  for select to anon, authenticated
  using (true);
comment on policy game_external_ids_select_public on public.game_external_ids is 'Store ids are catalogue facts, public like the game itself.';

drop policy if exists game_alternative_names_select_public on public.game_alternative_names;
create policy game_alternative_names_select_public on public.game_alternative_names
  for select to anon, authenticated
  using (true);
comment on policy game_alternative_names_select_public on public.game_alternative_names is 'Other names of a game are catalogue facts, public like its title.';
