-- Collections: editor-curated, ordered sets of games (/collections, /collections/{slug}).
-- Public reading; written only by the site's server.

create table public.collections (
  id integer generated always as identity primary key,
  slug text not null unique,
  title text not null,
  description text not null default '',
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint collections_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
  constraint collections_title_length check (char_length(btrim(title)) between 1 and 120),
  constraint collections_description_length check (char_length(description) <= 2000)
);
comment on table public.collections is 'Curated, ordered sets of games.';
comment on column public.collections.is_demo is 'Written for the demo data.';

create trigger collections_set_updated_at before update on public.collections
  for each row execute function public.set_updated_at();

create table public.collection_games (
  collection_id integer not null references public.collections (id) on delete cascade,
  game_id integer not null references public.games (id) on delete cascade,
  position integer not null,
  note text,
  primary key (collection_id, game_id),
  constraint collection_games_position_positive check (position >= 1),
  constraint collection_games_note_length check (char_length(note) <= 500)
);
comment on column public.collection_games.position is 'Order within the collection, from 1; unique per collection.';
create unique index collection_games_position_key on public.collection_games (collection_id, position);
create index collection_games_game_idx on public.collection_games (game_id);

alter table public.collections enable row level security;
alter table public.collection_games enable row level security;
grant select on public.collections, public.collection_games to anon, authenticated;
grant all on public.collections, public.collection_games to service_role;

create policy collections_select_public on public.collections for select to anon, authenticated using (true);
comment on policy collections_select_public on public.collections is 'Collections are public pages.';
create policy collection_games_select_public on public.collection_games for select to anon, authenticated using (true);
comment on policy collection_games_select_public on public.collection_games is 'The games in a collection are public.';
