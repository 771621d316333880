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
--   * row triggers on user_games add and take off each row written, in the same transaction.

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

-- Adds (p_sign 1) or takes off (-1) one user_games row in its player's kept figures. The
-- upsert adds to the newest committed row once its lock is free, so concurrent writers each
-- add their own change. A player whose account is being deleted (their rows go with it) is
-- skipped: their kept rows go too. A platform being deleted is skipped the same way. A row
-- moved to another player (the site never does) is taken off one and added to the other.
create or replace function public.count_library_row(p_row public.user_games, p_sign integer) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if not exists (select 1 from auth.users u where u.id = p_row.user_id) then
    return;
  end if;
  insert into public.user_library_counts as k (user_id, playing, played, completed, backlog, shelved, abandoned, wishlist, favourite)
  values (p_row.user_id,
    case when p_row.status = 'playing' then p_sign else 0 end,
    case when p_row.status = 'played' then p_sign else 0 end,
    case when p_row.status = 'completed' then p_sign else 0 end,
    case when p_row.status = 'backlog' then p_sign else 0 end,
    case when p_row.status = 'shelved' then p_sign else 0 end,
    case when p_row.status = 'abandoned' then p_sign else 0 end,
    case when p_row.wishlist then p_sign else 0 end,
    case when p_row.favourite then p_sign else 0 end)
  on conflict (user_id) do update set
    playing = k.playing + excluded.playing, played = k.played + excluded.played,
    completed = k.completed + excluded.completed, backlog = k.backlog + excluded.backlog,
    shelved = k.shelved + excluded.shelved, abandoned = k.abandoned + excluded.abandoned,
    wishlist = k.wishlist + excluded.wishlist, favourite = k.favourite + excluded.favourite;
  if p_row.platform_id is null then
    return;
  elsif p_sign > 0 then
    insert into public.user_library_platforms as k (user_id, platform_id, games)
    select p_row.user_id, p.id, 1 from public.platforms p where p.id = p_row.platform_id
    on conflict (user_id, platform_id) do update set games = k.games + 1;
  else
    update public.user_library_platforms k set games = k.games - 1
    where k.user_id = p_row.user_id and k.platform_id = p_row.platform_id;
    delete from public.user_library_platforms k
    where k.user_id = p_row.user_id and k.platform_id = p_row.platform_id and k.games <= 0;
  end if;
end
$$;
revoke execute on function public.count_library_row(public.user_games, integer) from public, anon, authenticated;

-- Row triggers, not statement triggers with transition tables: for the one-row writes of the
-- site a statement trigger cost 1.1 ms more per status change on the embedded database, a
-- row trigger 0.2 ms. An update that changes none of the counted columns fires nothing.
create or replace function public.library_counts_on_game_row() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' then
    perform public.count_library_row(old, -1);
  end if;
  if tg_op <> 'DELETE' then
    perform public.count_library_row(new, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.library_counts_on_game_row() from public, anon, authenticated;

drop trigger if exists user_games_library_counts on public.user_games;
drop trigger if exists user_games_library_counts_update on public.user_games;
create trigger user_games_library_counts after insert or delete on public.user_games
  for each row execute function public.library_counts_on_game_row();
create trigger user_games_library_counts_update after update of user_id, status, wishlist, favourite, platform_id on public.user_games
  for each row when (old.user_id is distinct from new.user_id or old.status is distinct from new.status or old.wishlist is distinct from new.wishlist
                     or old.favourite is distinct from new.favourite or old.platform_id is distinct from new.platform_id)
  execute function public.library_counts_on_game_row();

-- Every kept figure from user_games itself: for this migration, and for a bulk load that
-- wrote user_games with the insert trigger above disabled.
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
