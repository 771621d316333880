-- Play statuses: what each user does with each game (the "default lists": playing,
-- played, completed, backlog, shelved, abandoned, plus the wishlist and favourite flags).
-- A user has every default list from sign-up without any row: a row exists only once
-- they set something on a game. One row per user and game, enforced by the key.
--
-- Statuses are public (profiles show counts and recent changes, unless the profile is
-- private); the note is the user's alone and never leaves their own pages.

create table if not exists public.user_games (
  user_id uuid not null references auth.users (id) on delete cascade,
  -- A game deleted by an administrator takes its rows with it; a merge moves them first.
  game_id integer not null references public.games (id) on delete cascade,
  status text,
  wishlist boolean not null default false,
  favourite boolean not null default false,
  platform_id integer references public.platforms (id) on delete set null,
  hours_played numeric(7, 1),
  started_on date,
  finished_on date,
  note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, game_id),
  constraint user_games_status_known
    check (status in ('playing', 'played', 'completed', 'backlog', 'shelved', 'abandoned')),
  constraint user_games_hours_range check (hours_played >= 0 and hours_played <= 100000),
  constraint user_games_dates_order check (finished_on is null or started_on is null or finished_on >= started_on),
  constraint user_games_note_length check (char_length(note) <= 1000),
  -- A row that says nothing is no row: clearing everything deletes it instead.
  constraint user_games_not_empty
    check (status is not null or wishlist or favourite or platform_id is not null or hours_played is not null
           or started_on is not null or finished_on is not null or note is not null)
);
comment on table public.user_games is
  'A user''s play status, flags and private note per game; the default lists are views of it.';
comment on column public.user_games.note is 'Private to the user: never shown to anyone else, never in a feed or the API roles.';

create trigger user_games_set_updated_at before update on public.user_games
  for each row execute function public.set_updated_at();

-- A user's games by status, newest change first (dashboard pages, profile counts).
create index if not exists user_games_user_status_idx on public.user_games (user_id, status, updated_at desc);
-- Wishlists and favourites of one user.
create index if not exists user_games_user_wishlist_idx on public.user_games (user_id, updated_at desc) where wishlist;
create index if not exists user_games_user_favourite_idx on public.user_games (user_id, updated_at desc) where favourite;
-- Who has a game (release-day notifications to wishlists, "how many players" figures).
create index if not exists user_games_game_idx on public.user_games (game_id, status);

alter table public.user_games enable row level security;
-- No grant and no policy for anon or authenticated: the site serves statuses and keeps
-- notes private itself; the REST API exposes none of it.
grant all on public.user_games to service_role;
