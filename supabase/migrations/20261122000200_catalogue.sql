-- Catalogue core: games, platforms, genres, companies and the links between them.
-- Everything here is public reading; writes happen only through the site's server
-- (administrators, importers), so the API roles get select and nothing else.

create table public.platforms (
  id integer generated always as identity primary key,
  slug text not null unique,
  name text not null unique,
  abbreviation text not null,
  constraint platforms_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);

create table public.genres (
  id integer generated always as identity primary key,
  slug text not null unique,
  name text not null unique,
  constraint genres_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);

create table public.companies (
  id integer generated always as identity primary key,
  slug text not null unique,
  name text not null,
  constraint companies_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint companies_name_not_blank check (btrim(name) <> '')
);
create unique index companies_name_lower_key on public.companies (lower(name));

create table public.games (
  id integer generated always as identity primary key,
  slug text not null unique,
  title text not null,
  summary text,
  release_date date,
  cover_image_url text,
  sources text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint games_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120),
  constraint games_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint games_summary_length check (char_length(summary) <= 4000),
  constraint games_cover_image_url_http check (cover_image_url ~ '^https?://'),
  constraint games_sources_known check (sources <@ array['editorial', 'steam_store_2019', 'vgchartz_2024', 'synthetic']::text[])
);
comment on column public.games.release_date is 'First release on any platform; per-platform dates live in game_platforms.';
comment on column public.games.sources is
  'Where the record came from, shown on the game page: editorial, the two licensed demo datasets, or synthetic benchmark data.';

-- Listing orders used by the home page and /games: newest first and oldest first (both with
-- undated games last, so each needs its own index), and by title ignoring case (scanned
-- either way; lower() gives the same order under every collation, PGlite's C included).
create index games_release_date_desc_idx on public.games (release_date desc nulls last, id desc);
create index games_release_date_asc_idx on public.games (release_date asc nulls last, id asc);
create index games_title_idx on public.games (lower(title), id);

create trigger games_set_updated_at before update on public.games
  for each row execute function public.set_updated_at();

create table public.game_platforms (
  game_id integer not null references public.games (id) on delete cascade,
  platform_id integer not null references public.platforms (id) on delete restrict,
  release_date date,
  primary key (game_id, platform_id)
);
comment on column public.game_platforms.release_date is 'Release date on this platform; null when not announced.';
create index game_platforms_platform_idx on public.game_platforms (platform_id, game_id);

create table public.game_genres (
  game_id integer not null references public.games (id) on delete cascade,
  genre_id integer not null references public.genres (id) on delete restrict,
  primary key (game_id, genre_id)
);
create index game_genres_genre_idx on public.game_genres (genre_id, game_id);

create table public.game_developers (
  game_id integer not null references public.games (id) on delete cascade,
  company_id integer not null references public.companies (id) on delete restrict,
  primary key (game_id, company_id)
);
create index game_developers_company_idx on public.game_developers (company_id, game_id);

create table public.game_publishers (
  game_id integer not null references public.games (id) on delete cascade,
  company_id integer not null references public.companies (id) on delete restrict,
  primary key (game_id, company_id)
);
create index game_publishers_company_idx on public.game_publishers (company_id, game_id);

-- Row-level security: public read on every catalogue table, no writes through the API.
alter table public.platforms enable row level security;
alter table public.genres enable row level security;
alter table public.companies enable row level security;
alter table public.games enable row level security;
alter table public.game_platforms enable row level security;
alter table public.game_genres enable row level security;
alter table public.game_developers enable row level security;
alter table public.game_publishers enable row level security;

grant select on public.platforms, public.genres, public.companies, public.games,
  public.game_platforms, public.game_genres, public.game_developers, public.game_publishers
  to anon, authenticated;
grant all on public.platforms, public.genres, public.companies, public.games,
  public.game_platforms, public.game_genres, public.game_developers, public.game_publishers
  to service_role;

create policy platforms_select_public on public.platforms for select to anon, authenticated using (true);
comment on policy platforms_select_public on public.platforms is 'The platform list is public.';
create policy genres_select_public on public.genres for select to anon, authenticated using (true);
comment on policy genres_select_public on public.genres is 'The genre list is public.';
create policy companies_select_public on public.companies for select to anon, authenticated using (true);
comment on policy companies_select_public on public.companies is 'Developers and publishers are public.';
create policy games_select_public on public.games for select to anon, authenticated using (true);
comment on policy games_select_public on public.games is 'The game catalogue is public.';
create policy game_platforms_select_public on public.game_platforms for select to anon, authenticated using (true);
comment on policy game_platforms_select_public on public.game_platforms is 'Platforms and release dates of games are public.';
create policy game_genres_select_public on public.game_genres for select to anon, authenticated using (true);
comment on policy game_genres_select_public on public.game_genres is 'Genres of games are public.';
create policy game_developers_select_public on public.game_developers for select to anon, authenticated using (true);
comment on policy game_developers_select_public on public.game_developers is 'Developers of games are public.';
create policy game_publishers_select_public on public.game_publishers for select to anon, authenticated using (true);
comment on policy game_publishers_select_public on public.game_publishers is 'Publishers of games are public.';
