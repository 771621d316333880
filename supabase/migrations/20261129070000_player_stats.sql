-- A player's stats and year in review (docs/decisions/profile-stats.md), kept per player
-- and year by row triggers in the transaction of each write: the library (user_games), the
-- reviews (user_reviews), the lists (user_lists), and the catalogue links that say a game's
-- genres (game_genres, and a game's deletion). rebuild_player_stats() writes the same
-- figures from the rows themselves: for a bulk load that wrote with these triggers off, and
-- for consistency checks.
--
-- The year of a library row is the year of its finish date, else of its start date; an
-- undated row is kept under year 0, so all-time figures are the sum over every year. A row
-- counts as played when it has a status other than backlog, a date, or hours. Reviews
-- count when visible (not hidden by a moderator), lists when public and visible, both in
-- the UTC year they were made.

-- =========================================================================================
-- Tables
-- =========================================================================================

create table if not exists public.user_year_stats (
  user_id uuid not null references auth.users (id) on delete cascade,
  year smallint not null,
  games_played integer not null default 0,
  games_finished integer not null default 0,
  hours numeric(12, 1) not null default 0,
  reviews integer not null default 0,
  lists integer not null default 0,
  constraint user_year_stats_pkey primary key (user_id, year),
  constraint user_year_stats_year_range check (year between 0 and 9999)
);
comment on table public.user_year_stats is 'Per player and year (0: undated): games played and finished, hours, visible reviews and public lists made; kept by triggers.';
-- Server only: row-level security and no policy, so the API roles see nothing.
alter table public.user_year_stats enable row level security;
grant all on public.user_year_stats to service_role;

create table if not exists public.user_year_genres (
  user_id uuid not null references auth.users (id) on delete cascade,
  year smallint not null,
  genre_id integer not null references public.genres (id) on delete cascade,
  games integer not null,
  hours numeric(12, 1) not null default 0,
  constraint user_year_genres_pkey primary key (user_id, year, genre_id)
);
comment on table public.user_year_genres is 'Per player, year (0: undated) and genre: the played games of that genre and their hours; kept by triggers.';
create index if not exists user_year_genres_genre_idx on public.user_year_genres (genre_id);
-- Server only: row-level security and no policy, so the API roles see nothing.
alter table public.user_year_genres enable row level security;
grant all on public.user_year_genres to service_role;

create table if not exists public.user_year_platforms (
  user_id uuid not null references auth.users (id) on delete cascade,
  year smallint not null,
  platform_id integer not null references public.platforms (id) on delete cascade,
  games integer not null,
  hours numeric(12, 1) not null default 0,
  constraint user_year_platforms_pkey primary key (user_id, year, platform_id)
);
comment on table public.user_year_platforms is 'Per player, year (0: undated) and the platform they set: played games and their hours; kept by triggers.';
create index if not exists user_year_platforms_platform_idx on public.user_year_platforms (platform_id);
-- Server only: row-level security and no policy, so the API roles see nothing.
alter table public.user_year_platforms enable row level security;
grant all on public.user_year_platforms to service_role;

create table if not exists public.user_rating_counts (
  user_id uuid not null references auth.users (id) on delete cascade,
  rating smallint not null,
  reviews integer not null,
  constraint user_rating_counts_pkey primary key (user_id, rating),
  constraint user_rating_counts_rating_range check (rating between 1 and 10)
);
comment on table public.user_rating_counts is 'How many visible reviews each player has given each rating (1-10); kept by triggers on user_reviews.';
-- Server only: row-level security and no policy, so the API roles see nothing.
alter table public.user_rating_counts enable row level security;
grant all on public.user_rating_counts to service_role;

-- The games a player finished in a year (the year page's covers), without reading their whole library.
create index if not exists user_games_user_finished_idx on public.user_games (user_id, finished_on desc)
  where finished_on is not null;

-- =========================================================================================
-- Functions
-- =========================================================================================

-- The year a library row counts in: its finish date's, else its start date's, else 0.
create or replace function public.player_stats_year(p_started date, p_finished date) returns smallint
  language sql immutable parallel safe
  set search_path = ''
as $$
  select coalesce(extract(year from coalesce(p_finished, p_started)), 0)::smallint
$$;
revoke execute on function public.player_stats_year(date, date) from public, anon, authenticated;

-- A library row counts as played: a status other than backlog, a date, or hours.
create or replace function public.player_stats_played(p_status text, p_hours numeric, p_started date, p_finished date)
  returns boolean
  language sql immutable parallel safe
  set search_path = ''
as $$
  select coalesce(p_status <> 'backlog', false) or p_started is not null or p_finished is not null
    or coalesce(p_hours > 0, false)
$$;
revoke execute on function public.player_stats_played(text, numeric, date, date) from public, anon, authenticated;

-- Drops a player's kept rows that fell to nothing.
create or replace function public.prune_player_stats(p_user_id uuid) returns void
  language sql
  set search_path = ''
as $$
  delete from public.user_year_stats k
   where k.user_id = p_user_id and k.games_played <= 0 and k.reviews <= 0 and k.lists <= 0;
  delete from public.user_year_genres k where k.user_id = p_user_id and k.games <= 0;
  delete from public.user_year_platforms k where k.user_id = p_user_id and k.games <= 0;
  delete from public.user_rating_counts k where k.user_id = p_user_id and k.reviews <= 0;
$$;
revoke execute on function public.prune_player_stats(uuid) from public, anon, authenticated;

-- Adds (p_sign 1) or takes off (-1) one library row. A player whose account is being
-- deleted is skipped (their kept rows go with it); so are the genres of a game being
-- deleted (games_player_stats_before_delete took them off first).
create or replace function public.count_player_game(p_row public.user_games, p_sign integer) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_year smallint := public.player_stats_year(p_row.started_on, p_row.finished_on);
  v_hours numeric := p_sign * coalesce(p_row.hours_played, 0);
begin
  if not public.player_stats_played(p_row.status, p_row.hours_played, p_row.started_on, p_row.finished_on)
     or not exists (select 1 from auth.users u where u.id = p_row.user_id) then
    return;
  end if;
  insert into public.user_year_stats as k (user_id, year, games_played, games_finished, hours)
  values (p_row.user_id, v_year, p_sign, case when p_row.finished_on is not null then p_sign else 0 end, v_hours)
  on conflict (user_id, year) do update set
    games_played = k.games_played + excluded.games_played,
    games_finished = k.games_finished + excluded.games_finished,
    hours = k.hours + excluded.hours;
  insert into public.user_year_platforms as k (user_id, year, platform_id, games, hours)
  select p_row.user_id, v_year, p.id, p_sign, v_hours from public.platforms p where p.id = p_row.platform_id
  on conflict (user_id, year, platform_id) do update set games = k.games + excluded.games, hours = k.hours + excluded.hours;
  insert into public.user_year_genres as k (user_id, year, genre_id, games, hours)
  select p_row.user_id, v_year, gg.genre_id, p_sign, v_hours
    from public.game_genres gg
    join public.genres ge on ge.id = gg.genre_id
    join public.games g on g.id = gg.game_id
   where gg.game_id = p_row.game_id
  on conflict (user_id, year, genre_id) do update set games = k.games + excluded.games, hours = k.hours + excluded.hours;
  if p_sign < 0 then
    perform public.prune_player_stats(p_row.user_id);
  end if;
end
$$;
revoke execute on function public.count_player_game(public.user_games, integer) from public, anon, authenticated;

create or replace function public.player_stats_on_game_row() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' then
    perform public.count_player_game(old, -1);
  end if;
  if tg_op <> 'DELETE' then
    perform public.count_player_game(new, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.player_stats_on_game_row() from public, anon, authenticated;

-- Adds or takes off one review: its year's count and its rating, when visible.
create or replace function public.count_player_review(p_row public.user_reviews, p_sign integer) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if p_row.hidden or not exists (select 1 from auth.users u where u.id = p_row.user_id) then
    return;
  end if;
  insert into public.user_year_stats as k (user_id, year, reviews)
  values (p_row.user_id, extract(year from p_row.created_at at time zone 'UTC')::smallint, p_sign)
  on conflict (user_id, year) do update set reviews = k.reviews + excluded.reviews;
  insert into public.user_rating_counts as k (user_id, rating, reviews)
  values (p_row.user_id, p_row.rating, p_sign)
  on conflict (user_id, rating) do update set reviews = k.reviews + excluded.reviews;
  if p_sign < 0 then
    perform public.prune_player_stats(p_row.user_id);
  end if;
end
$$;
revoke execute on function public.count_player_review(public.user_reviews, integer) from public, anon, authenticated;

create or replace function public.player_stats_on_review_row() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' then
    perform public.count_player_review(old, -1);
  end if;
  if tg_op <> 'DELETE' then
    perform public.count_player_review(new, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.player_stats_on_review_row() from public, anon, authenticated;

-- Adds or takes off one list: its year's count, when public and visible.
create or replace function public.count_player_list(p_row public.user_lists, p_sign integer) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if p_row.visibility <> 'public' or p_row.hidden
     or not exists (select 1 from auth.users u where u.id = p_row.user_id) then
    return;
  end if;
  insert into public.user_year_stats as k (user_id, year, lists)
  values (p_row.user_id, extract(year from p_row.created_at at time zone 'UTC')::smallint, p_sign)
  on conflict (user_id, year) do update set lists = k.lists + excluded.lists;
  if p_sign < 0 then
    perform public.prune_player_stats(p_row.user_id);
  end if;
end
$$;
revoke execute on function public.count_player_list(public.user_lists, integer) from public, anon, authenticated;

create or replace function public.player_stats_on_list_row() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' then
    perform public.count_player_list(old, -1);
  end if;
  if tg_op <> 'DELETE' then
    perform public.count_player_list(new, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.player_stats_on_list_row() from public, anon, authenticated;

-- A genre linked to or unlinked from a game moves the genre tallies of every player who
-- played it. Skipped while the game itself is being deleted (see below).
create or replace function public.count_player_genre_link(p_game_id integer, p_genre_id integer, p_sign integer)
  returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if not exists (select 1 from public.games g where g.id = p_game_id) then
    return;
  end if;
  insert into public.user_year_genres as k (user_id, year, genre_id, games, hours)
  select ug.user_id, public.player_stats_year(ug.started_on, ug.finished_on), ge.id,
         p_sign * count(*), p_sign * coalesce(sum(ug.hours_played), 0)
    from public.user_games ug
    join public.genres ge on ge.id = p_genre_id
   where ug.game_id = p_game_id
     and public.player_stats_played(ug.status, ug.hours_played, ug.started_on, ug.finished_on)
   group by ug.user_id, public.player_stats_year(ug.started_on, ug.finished_on), ge.id
  on conflict (user_id, year, genre_id) do update set games = k.games + excluded.games, hours = k.hours + excluded.hours;
  if p_sign < 0 then
    delete from public.user_year_genres k where k.genre_id = p_genre_id and k.games <= 0;
  end if;
end
$$;
revoke execute on function public.count_player_genre_link(integer, integer, integer) from public, anon, authenticated;

create or replace function public.player_stats_on_genre_link() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' then
    perform public.count_player_genre_link(old.game_id, old.genre_id, -1);
  end if;
  if tg_op <> 'DELETE' then
    perform public.count_player_genre_link(new.game_id, new.genre_id, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.player_stats_on_genre_link() from public, anon, authenticated;

-- A game about to be deleted: its genres are taken off its players' tallies while its
-- links still exist (the cascades that follow delete them in no promised order).
create or replace function public.player_stats_before_game_delete() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into public.user_year_genres as k (user_id, year, genre_id, games, hours)
  select ug.user_id, public.player_stats_year(ug.started_on, ug.finished_on), gg.genre_id,
         -count(*), -coalesce(sum(ug.hours_played), 0)
    from public.user_games ug
    join public.game_genres gg on gg.game_id = ug.game_id
   where ug.game_id = old.id
     and public.player_stats_played(ug.status, ug.hours_played, ug.started_on, ug.finished_on)
   group by ug.user_id, public.player_stats_year(ug.started_on, ug.finished_on), gg.genre_id
  on conflict (user_id, year, genre_id) do update set games = k.games + excluded.games, hours = k.hours + excluded.hours;
  delete from public.user_year_genres k
   where k.games <= 0 and k.genre_id in (select gg.genre_id from public.game_genres gg where gg.game_id = old.id);
  return old;
end
$$;
revoke execute on function public.player_stats_before_game_delete() from public, anon, authenticated;

-- Every kept stat recomputed from the rows: of one player, or of everyone when p_user_id
-- is null (a bulk load that wrote with the triggers off; the migration's backfill).
create or replace function public.rebuild_player_stats(p_user_id uuid default null) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  delete from public.user_year_stats k where p_user_id is null or k.user_id = p_user_id;
  delete from public.user_year_genres k where p_user_id is null or k.user_id = p_user_id;
  delete from public.user_year_platforms k where p_user_id is null or k.user_id = p_user_id;
  delete from public.user_rating_counts k where p_user_id is null or k.user_id = p_user_id;

  insert into public.user_year_stats (user_id, year, games_played, games_finished, hours, reviews, lists)
  select x.user_id, x.year, sum(x.played), sum(x.finished), sum(x.hours), sum(x.reviews), sum(x.lists)
    from (
      select ug.user_id, public.player_stats_year(ug.started_on, ug.finished_on) as year, 1 as played,
             (ug.finished_on is not null)::int as finished, coalesce(ug.hours_played, 0) as hours, 0 as reviews, 0 as lists
        from public.user_games ug
       where (p_user_id is null or ug.user_id = p_user_id)
         and public.player_stats_played(ug.status, ug.hours_played, ug.started_on, ug.finished_on)
      union all
      select r.user_id, extract(year from r.created_at at time zone 'UTC')::smallint, 0, 0, 0, 1, 0
        from public.user_reviews r
       where (p_user_id is null or r.user_id = p_user_id) and not r.hidden
      union all
      select l.user_id, extract(year from l.created_at at time zone 'UTC')::smallint, 0, 0, 0, 0, 1
        from public.user_lists l
       where (p_user_id is null or l.user_id = p_user_id) and l.visibility = 'public' and not l.hidden
    ) x
   group by x.user_id, x.year;

  insert into public.user_year_genres (user_id, year, genre_id, games, hours)
  select ug.user_id, public.player_stats_year(ug.started_on, ug.finished_on), gg.genre_id,
         count(*), coalesce(sum(ug.hours_played), 0)
    from public.user_games ug
    join public.game_genres gg on gg.game_id = ug.game_id
   where (p_user_id is null or ug.user_id = p_user_id)
     and public.player_stats_played(ug.status, ug.hours_played, ug.started_on, ug.finished_on)
   group by 1, 2, 3;

  insert into public.user_year_platforms (user_id, year, platform_id, games, hours)
  select ug.user_id, public.player_stats_year(ug.started_on, ug.finished_on), ug.platform_id,
         count(*), coalesce(sum(ug.hours_played), 0)
    from public.user_games ug
   where (p_user_id is null or ug.user_id = p_user_id) and ug.platform_id is not null
     and public.player_stats_played(ug.status, ug.hours_played, ug.started_on, ug.finished_on)
   group by 1, 2, 3;

  insert into public.user_rating_counts (user_id, rating, reviews)
  select r.user_id, r.rating, count(*)
    from public.user_reviews r
   where (p_user_id is null or r.user_id = p_user_id) and not r.hidden
   group by 1, 2;
end
$$;
revoke execute on function public.rebuild_player_stats(uuid) from public, anon, authenticated;

-- =========================================================================================
-- Triggers
-- =========================================================================================

drop trigger if exists user_games_player_stats on public.user_games;
create trigger user_games_player_stats after insert or delete on public.user_games
  for each row execute function public.player_stats_on_game_row();
drop trigger if exists user_games_player_stats_update on public.user_games;
create trigger user_games_player_stats_update
  after update of user_id, game_id, status, platform_id, hours_played, started_on, finished_on on public.user_games
  for each row when (old.user_id is distinct from new.user_id or old.game_id is distinct from new.game_id
    or old.status is distinct from new.status or old.platform_id is distinct from new.platform_id
    or old.hours_played is distinct from new.hours_played or old.started_on is distinct from new.started_on
    or old.finished_on is distinct from new.finished_on)
  execute function public.player_stats_on_game_row();

drop trigger if exists user_reviews_player_stats on public.user_reviews;
create trigger user_reviews_player_stats after insert or delete on public.user_reviews
  for each row execute function public.player_stats_on_review_row();
drop trigger if exists user_reviews_player_stats_update on public.user_reviews;
create trigger user_reviews_player_stats_update after update of user_id, rating, hidden, created_at on public.user_reviews
  for each row when (old.user_id is distinct from new.user_id or old.rating is distinct from new.rating
    or old.hidden is distinct from new.hidden or old.created_at is distinct from new.created_at)
  execute function public.player_stats_on_review_row();

drop trigger if exists user_lists_player_stats on public.user_lists;
create trigger user_lists_player_stats after insert or delete on public.user_lists
  for each row execute function public.player_stats_on_list_row();
drop trigger if exists user_lists_player_stats_update on public.user_lists;
create trigger user_lists_player_stats_update after update of user_id, visibility, hidden, created_at on public.user_lists
  for each row when (old.user_id is distinct from new.user_id or old.visibility is distinct from new.visibility
    or old.hidden is distinct from new.hidden or old.created_at is distinct from new.created_at)
  execute function public.player_stats_on_list_row();

drop trigger if exists game_genres_player_stats on public.game_genres;
create trigger game_genres_player_stats after insert or delete or update of game_id, genre_id on public.game_genres
  for each row execute function public.player_stats_on_genre_link();

drop trigger if exists games_player_stats_before_delete on public.games;
create trigger games_player_stats_before_delete before delete on public.games
  for each row execute function public.player_stats_before_game_delete();

-- =========================================================================================
-- Backfill
-- =========================================================================================

select public.rebuild_player_stats();
