-- Kept library counts. Every page of a player's games dashboard shows how many games they
-- have in each status, on the wishlist and as favourites (its tabs), and the platforms they
-- have set on any game (its filter); their profile shows the same counts. Read live, each
-- figure went through every row the player has in user_games: for a player with 2000 games,
-- 2000 rows for the counts and 2000 again for the platforms on every dashboard page (0.8 and
-- 0.6 ms of PostgreSQL's time), and a shelf's page count read its rows a third time. They
-- change only when the player's rows do, so they are kept, like the follower counts:
--   * user_library_counts: one row per player who has ever had a row in user_games;
--   * user_library_platforms: per player, each platform set on at least one of their games,
--     with how many (a row that falls to none is removed);
--   * statement triggers on user_games apply what each statement changed to both tables in
--     the same transaction (an import writes many rows in one statement).

create table if not exists public.user_library_counts (
  user_id uuid primary key references auth.users (id) on delete cascade,
  playing integer not null default 0,
  played integer not null default 0,
  completed integer not null default 0,
  backlog integer not null default 0,
  shelved integer not null default 0,
  abandoned integer not null default 0,
  wishlist integer not null default 0,
  favourite integer not null default 0
);
comment on table public.user_library_counts is
  'How many of each player''s user_games rows have each status, the wishlist flag and the favourite flag; kept by triggers on user_games.';
-- Server only: no policy, so the API roles see nothing (statuses are served by the site).
alter table public.user_library_counts enable row level security;
grant all on public.user_library_counts to service_role;

create table if not exists public.user_library_platforms (
  user_id uuid not null references auth.users (id) on delete cascade,
  platform_id integer not null references public.platforms (id) on delete cascade,
  games integer not null,
  primary key (user_id, platform_id)
);
comment on table public.user_library_platforms is
  'The platforms each player has set on their games, with how many; kept by triggers on user_games.';
-- Server only, as user_library_counts.
alter table public.user_library_platforms enable row level security;
grant all on public.user_library_platforms to service_role;

-- Rows a statement removed (-1) and added (+1), as the counts see them.
create or replace function public.library_changes(p_new public.user_games[], p_old public.user_games[])
  returns table (user_id uuid, status text, wishlist boolean, favourite boolean, platform_id integer, sign integer)
  language sql
  stable
  set search_path = ''
as $$
  select n.user_id, n.status, n.wishlist, n.favourite, n.platform_id, 1 from unnest(p_new) n
  union all
  select o.user_id, o.status, o.wishlist, o.favourite, o.platform_id, -1 from unnest(p_old) o
$$;
revoke execute on function public.library_changes(public.user_games[], public.user_games[]) from public, anon, authenticated;

-- Applies a statement's changes to the kept figures. Players are locked in the order of
-- their ids, so two statements touching the same players cannot deadlock here. A player
-- whose account is being deleted (their rows go with it) is skipped: their kept rows go too.
create or replace function public.keep_library_counts(p_new public.user_games[], p_old public.user_games[]) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  insert into public.user_library_counts as k (user_id, playing, played, completed, backlog, shelved, abandoned, wishlist, favourite)
  select c.user_id,
    coalesce(sum(c.sign) filter (where c.status = 'playing'), 0),
    coalesce(sum(c.sign) filter (where c.status = 'played'), 0),
    coalesce(sum(c.sign) filter (where c.status = 'completed'), 0),
    coalesce(sum(c.sign) filter (where c.status = 'backlog'), 0),
    coalesce(sum(c.sign) filter (where c.status = 'shelved'), 0),
    coalesce(sum(c.sign) filter (where c.status = 'abandoned'), 0),
    coalesce(sum(c.sign) filter (where c.wishlist), 0),
    coalesce(sum(c.sign) filter (where c.favourite), 0)
  from public.library_changes(p_new, p_old) c
  where exists (select 1 from auth.users u where u.id = c.user_id)
  group by c.user_id
  order by c.user_id
  on conflict (user_id) do update set
    playing = k.playing + excluded.playing,
    played = k.played + excluded.played,
    completed = k.completed + excluded.completed,
    backlog = k.backlog + excluded.backlog,
    shelved = k.shelved + excluded.shelved,
    abandoned = k.abandoned + excluded.abandoned,
    wishlist = k.wishlist + excluded.wishlist,
    favourite = k.favourite + excluded.favourite;

  insert into public.user_library_platforms as k (user_id, platform_id, games)
  select c.user_id, c.platform_id, sum(c.sign)::integer
  from public.library_changes(p_new, p_old) c
  where c.platform_id is not null
    and exists (select 1 from auth.users u where u.id = c.user_id)
    and exists (select 1 from public.platforms p where p.id = c.platform_id)
  group by c.user_id, c.platform_id
  having sum(c.sign) <> 0
  order by c.user_id, c.platform_id
  on conflict (user_id, platform_id) do update set games = k.games + excluded.games;

  -- Only a removed row can bring a platform's count to none.
  if cardinality(p_old) > 0 then
    delete from public.user_library_platforms k
    where k.games <= 0 and k.user_id in (select o.user_id from unnest(p_old) o);
  end if;
end
$$;
revoke execute on function public.keep_library_counts(public.user_games[], public.user_games[]) from public, anon, authenticated;

create or replace function public.library_counts_on_games() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.keep_library_counts(array(select n::public.user_games from new_rows n), '{}'::public.user_games[]);
  elsif tg_op = 'DELETE' then
    perform public.keep_library_counts('{}'::public.user_games[], array(select o::public.user_games from old_rows o));
  else
    perform public.keep_library_counts(array(select n::public.user_games from new_rows n), array(select o::public.user_games from old_rows o));
  end if;
  return null;
end
$$;
revoke execute on function public.library_counts_on_games() from public, anon, authenticated;

drop trigger if exists user_games_library_counts_insert on public.user_games;
create trigger user_games_library_counts_insert after insert on public.user_games
  referencing new table as new_rows for each statement execute function public.library_counts_on_games();
drop trigger if exists user_games_library_counts_update on public.user_games;
-- Every update: a trigger with transition tables cannot name columns. A row whose status,
-- flags and platform stay the same adds and removes itself, which sums to nothing.
create trigger user_games_library_counts_update after update on public.user_games
  referencing old table as old_rows new table as new_rows for each statement execute function public.library_counts_on_games();
drop trigger if exists user_games_library_counts_delete on public.user_games;
create trigger user_games_library_counts_delete after delete on public.user_games
  referencing old table as old_rows for each statement execute function public.library_counts_on_games();

-- Every kept figure from user_games itself: for this migration, and for a bulk load that
-- wrote user_games with the triggers above disabled.
create or replace function public.rebuild_library_counts() returns void
  language plpgsql
  set search_path = ''
as $$
begin
  delete from public.user_library_counts;
  delete from public.user_library_platforms;
  insert into public.user_library_counts (user_id, playing, played, completed, backlog, shelved, abandoned, wishlist, favourite)
  select g.user_id,
    count(*) filter (where g.status = 'playing'),
    count(*) filter (where g.status = 'played'),
    count(*) filter (where g.status = 'completed'),
    count(*) filter (where g.status = 'backlog'),
    count(*) filter (where g.status = 'shelved'),
    count(*) filter (where g.status = 'abandoned'),
    count(*) filter (where g.wishlist),
    count(*) filter (where g.favourite)
  from public.user_games g
  group by g.user_id;
  insert into public.user_library_platforms (user_id, platform_id, games)
  select g.user_id, g.platform_id, count(*)
  from public.user_games g
  where g.platform_id is not null
  group by g.user_id, g.platform_id;
end
$$;
revoke execute on function public.rebuild_library_counts() from public, anon, authenticated;

select public.rebuild_library_counts();
