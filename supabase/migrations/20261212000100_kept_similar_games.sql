-- Kept similar games. The game page shows each game's 6 most similar games (a pool of 10
-- per platform), and ranking them with public.similar_games() was about 1 ms of the
-- database's 1.5 ms for the page on 100 000 games. The ranking only changes when the
-- catalogue's links or release dates change, so it is kept, like the scores:
--   * similar_game_rankings holds each dated game's ranking, made with that shape;
--   * a catalogue change deletes the rankings it may alter, at once, in the same
--     transaction, and queues those games in similar_game_refills;
--   * the keep-similar-games job (functions/jobs) ranks the queued games again;
--   * a page reads the kept ranking when there is one, else ranks the game as before.
-- So a page never shows a ranking made before a change it depends on; a game waiting in the
-- queue just costs what it did before.

-- Shape of the kept rankings: the game page's (OVERVIEW_SIMILAR). Any other shape is
-- ranked on the spot.
create or replace function public.similar_games_kept_shape(out size integer, out pool integer)
  language sql
  immutable
  set search_path = ''
as $$ select 6, 10 $$;
revoke execute on function public.similar_games_kept_shape() from public, anon, authenticated;

create table if not exists public.similar_game_rankings (
  game_id integer primary key references public.games (id) on delete cascade,
  pool smallint not null,
  size smallint not null,
  -- Parallel arrays in rank order: the similar game and why (see public.similar_games).
  similar_ids integer[] not null,
  scores integer[] not null,
  shared_genres integer[] not null,
  shared_developers integer[] not null,
  shared_publishers integer[] not null,
  shared_platforms integer[] not null,
  kept_at timestamptz not null default now(),
  constraint similar_game_rankings_same_lengths check (
    cardinality(similar_ids) <= size
    and cardinality(scores) = cardinality(similar_ids)
    and cardinality(shared_genres) = cardinality(similar_ids)
    and cardinality(shared_developers) = cardinality(similar_ids)
    and cardinality(shared_publishers) = cardinality(similar_ids)
    and cardinality(shared_platforms) = cardinality(similar_ids)
  )
);
comment on table public.similar_game_rankings is
  'Each dated game''s similar games as public.similar_games ranks them, kept until a catalogue change may alter them.';
-- Server only: no policy, so the API roles see nothing.
alter table public.similar_game_rankings enable row level security;

-- No foreign key: a game deleted with its links is queued by its links' triggers as it goes.
create table if not exists public.similar_game_refills (
  game_id integer primary key,
  queued_at timestamptz not null default now()
);
create index if not exists similar_game_refills_queued_idx on public.similar_game_refills (queued_at, game_id);
comment on table public.similar_game_refills is 'Games whose similar games are to be ranked again (public.refill_similar_games).';
alter table public.similar_game_refills enable row level security;

-- The kept ranking when it has the asked shape, else the ranking made now.
create or replace function public.kept_similar_games(p_game_id integer, p_limit integer default 6, p_pool integer default 10)
returns table (
  game_id integer,
  score integer,
  shared_genres integer,
  shared_developers integer,
  shared_publishers integer,
  shared_platforms integer
)
  language plpgsql
  stable
  rows 12
  set search_path = ''
as $$
declare
  kept public.similar_game_rankings;
begin
  select * into kept from public.similar_game_rankings r
    where r.game_id = p_game_id and r.pool = p_pool and r.size >= p_limit;
  if found then
    return query
    select u.game_id, u.score, u.genres, u.developers, u.publishers, u.platforms
    from unnest(kept.similar_ids, kept.scores, kept.shared_genres, kept.shared_developers, kept.shared_publishers, kept.shared_platforms)
      with ordinality as u (game_id, score, genres, developers, publishers, platforms, n)
    order by u.n
    limit p_limit;
    return;
  end if;
  return query select * from public.similar_games(p_game_id, p_limit, p_pool);
end
$$;
revoke execute on function public.kept_similar_games(integer, integer, integer) from public, anon, authenticated;

-- Ranks up to p_max queued games (oldest first) and keeps the rankings of the dated ones
-- (an undated game is compared from today's date, so its ranking is made on each read).
-- Returns how many were taken from the queue. Two runs never take the same games.
create or replace function public.refill_similar_games(p_max integer) returns integer
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  kept_size integer;
  kept_pool integer;
  n_taken integer;
begin
  select k.size, k.pool into kept_size, kept_pool from public.similar_games_kept_shape() k;
  with taken as (
    delete from public.similar_game_refills q
    where q.game_id in (
      select x.game_id from public.similar_game_refills x
      order by x.queued_at, x.game_id limit greatest(p_max, 0)
      for update skip locked)
    returning q.game_id
  ),
  ranked as (
    select t.game_id,
           coalesce(array_agg(s.game_id order by s.n) filter (where s.game_id is not null), '{}') as similar_ids,
           coalesce(array_agg(s.score order by s.n) filter (where s.game_id is not null), '{}') as scores,
           coalesce(array_agg(s.shared_genres order by s.n) filter (where s.game_id is not null), '{}') as shared_genres,
           coalesce(array_agg(s.shared_developers order by s.n) filter (where s.game_id is not null), '{}') as shared_developers,
           coalesce(array_agg(s.shared_publishers order by s.n) filter (where s.game_id is not null), '{}') as shared_publishers,
           coalesce(array_agg(s.shared_platforms order by s.n) filter (where s.game_id is not null), '{}') as shared_platforms
    from taken t
    join public.games g on g.id = t.game_id and g.release_date is not null
    left join lateral public.similar_games(t.game_id, kept_size, kept_pool) with ordinality as s (game_id, score, shared_genres, shared_developers, shared_publishers, shared_platforms, n) on true
    group by t.game_id
  ),
  kept as (
    insert into public.similar_game_rankings as r (game_id, pool, size, similar_ids, scores, shared_genres, shared_developers, shared_publishers, shared_platforms, kept_at)
    select game_id, kept_pool, kept_size, similar_ids, scores, shared_genres, shared_developers, shared_publishers, shared_platforms, now() from ranked
    on conflict (game_id) do update set
      pool = excluded.pool, size = excluded.size, similar_ids = excluded.similar_ids, scores = excluded.scores,
      shared_genres = excluded.shared_genres, shared_developers = excluded.shared_developers,
      shared_publishers = excluded.shared_publishers, shared_platforms = excluded.shared_platforms, kept_at = excluded.kept_at
    returning 1
  )
  -- Every part runs whatever is read; the count is of the games taken from the queue.
  select count(*)::integer into n_taken from taken;
  return n_taken;
end
$$;
revoke execute on function public.refill_similar_games(integer) from public, anon, authenticated;

-- Which kept rankings a change may alter, deleted and queued. A ranking of game X depends
-- on X's links and date, and on each candidate's: the games sharing a developer or a
-- publisher with X, and the games within the pool on either side of X's date on each of
-- X's platforms. So a change to game Y reaches
--   * Y itself;
--   * the games with a developer or publisher in p_developers / p_publishers;
--   * for each (platform, date) in p_platforms / p_dates, the games on that platform whose
--     own date lies between the pool-th-and-one game before and after that date there:
--     outside that span, at least a pool of games on the platform lies between them;
--   * with p_with_links, the same for Y's current developers, publishers and platforms
--     (a change to Y's genres, platforms or date alters Y's score or place in the rankings
--     that count Y as a candidate).
create or replace function public.mark_similar_games_stale(
  p_games integer[],
  p_with_links boolean,
  p_developers integer[] default '{}',
  p_publishers integer[] default '{}',
  p_platforms integer[] default '{}',
  p_dates date[] default '{}'
) returns void
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  reach integer := (public.similar_games_kept_shape()).pool;
  bulk constant integer := 200;
begin
  insert into public.similar_game_refills (game_id)
    select distinct g from unnest(p_games) as g on conflict (game_id) do nothing;
  delete from public.similar_game_rankings r where r.game_id = any (p_games);
  -- While nothing is kept (a catalogue being loaded), there is nothing to reach.
  if not exists (select 1 from public.similar_game_rankings) then
    return;
  end if;
  -- One statement over many games (an import) may reach most of the catalogue, and finding
  -- which would take longer than ranking again: every kept ranking goes back to the queue.
  if cardinality(p_games) > bulk then
    with gone as (delete from public.similar_game_rankings r returning r.game_id)
    insert into public.similar_game_refills (game_id) select gone.game_id from gone on conflict (game_id) do nothing;
    return;
  end if;
  if p_with_links then
    p_developers := p_developers || array(select x.company_id from public.game_developers x where x.game_id = any (p_games));
    p_publishers := p_publishers || array(select x.company_id from public.game_publishers x where x.game_id = any (p_games));
    select p_platforms || coalesce(array_agg(x.platform_id), '{}'), p_dates || coalesce(array_agg(x.release_date), '{}')
      into p_platforms, p_dates
      from public.game_platforms x where x.game_id = any (p_games) and x.release_date is not null;
  end if;
  with points as (
    select distinct t.platform_id, t.day from unnest(p_platforms, p_dates) as t (platform_id, day) where t.day is not null
  ),
  spans as (
    select p.platform_id,
      coalesce((select gp.release_date from public.game_platforms gp
                where gp.platform_id = p.platform_id and gp.release_date < p.day
                order by gp.release_date desc offset reach limit 1), '-infinity'::date) as lo,
      coalesce((select gp.release_date from public.game_platforms gp
                where gp.platform_id = p.platform_id and gp.release_date > p.day
                order by gp.release_date asc offset reach limit 1), 'infinity'::date) as hi
    from points p
  ),
  reached as (
    select x.game_id from public.game_developers x where x.company_id = any (p_developers)
    union
    select x.game_id from public.game_publishers x where x.company_id = any (p_publishers)
    union
    -- Through the games' date index, one span at a time (a join over all spans at once
    -- was planned as a scan of every game per span).
    select w.id from spans s
      cross join lateral (
        select g.id from public.games g
        where g.release_date between s.lo and s.hi
          and exists (select 1 from public.game_platforms gp where gp.game_id = g.id and gp.platform_id = s.platform_id)
      ) w
  ),
  gone as (
    delete from public.similar_game_rankings r using reached where r.game_id = reached.game_id returning r.game_id
  )
  insert into public.similar_game_refills (game_id) select gone.game_id from gone on conflict (game_id) do nothing;
end
$$;
revoke execute on function public.mark_similar_games_stale(integer[], boolean, integer[], integer[], integer[], date[]) from public, anon, authenticated;

-- One trigger function per link table, fired once per statement with the rows it changed
-- (a catalogue import writes thousands of links at once).
create or replace function public.similar_games_on_genres() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.mark_similar_games_stale(array(select distinct n.game_id from new_rows n), true);
  elsif tg_op = 'DELETE' then
    perform public.mark_similar_games_stale(array(select distinct o.game_id from old_rows o), true);
  else
    perform public.mark_similar_games_stale(array(select n.game_id from new_rows n union select o.game_id from old_rows o), true);
  end if;
  return null;
end
$$;
revoke execute on function public.similar_games_on_genres() from public, anon, authenticated;

create or replace function public.similar_games_on_developers() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.mark_similar_games_stale(array(select distinct n.game_id from new_rows n), false, array(select distinct n.company_id from new_rows n));
  elsif tg_op = 'DELETE' then
    perform public.mark_similar_games_stale(array(select distinct o.game_id from old_rows o), false, array(select distinct o.company_id from old_rows o));
  else
    perform public.mark_similar_games_stale(
      array(select n.game_id from new_rows n union select o.game_id from old_rows o), false,
      array(select n.company_id from new_rows n union select o.company_id from old_rows o));
  end if;
  return null;
end
$$;
revoke execute on function public.similar_games_on_developers() from public, anon, authenticated;

create or replace function public.similar_games_on_publishers() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.mark_similar_games_stale(array(select distinct n.game_id from new_rows n), false, '{}', array(select distinct n.company_id from new_rows n));
  elsif tg_op = 'DELETE' then
    perform public.mark_similar_games_stale(array(select distinct o.game_id from old_rows o), false, '{}', array(select distinct o.company_id from old_rows o));
  else
    perform public.mark_similar_games_stale(
      array(select n.game_id from new_rows n union select o.game_id from old_rows o), false, '{}',
      array(select n.company_id from new_rows n union select o.company_id from old_rows o));
  end if;
  return null;
end
$$;
revoke execute on function public.similar_games_on_publishers() from public, anon, authenticated;

-- A platform link moves the windows around its old and new dates, and the game's platform
-- count in the rankings that count it.
create or replace function public.similar_games_on_platforms() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.mark_similar_games_stale(array(select distinct n.game_id from new_rows n), true, '{}', '{}',
      array(select n.platform_id from new_rows n), array(select n.release_date from new_rows n));
  elsif tg_op = 'DELETE' then
    perform public.mark_similar_games_stale(array(select distinct o.game_id from old_rows o), true, '{}', '{}',
      array(select o.platform_id from old_rows o), array(select o.release_date from old_rows o));
  else
    perform public.mark_similar_games_stale(
      array(select n.game_id from new_rows n union select o.game_id from old_rows o), true, '{}', '{}',
      array(select n.platform_id from new_rows n union all select o.platform_id from old_rows o),
      array(select n.release_date from new_rows n union all select o.release_date from old_rows o));
  end if;
  return null;
end
$$;
revoke execute on function public.similar_games_on_platforms() from public, anon, authenticated;

-- A game's date is where its windows sit and the tie-break in the rankings that count it.
create or replace function public.similar_games_on_release_date() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  perform public.mark_similar_games_stale(array[new.id], true);
  return null;
end
$$;
revoke execute on function public.similar_games_on_release_date() from public, anon, authenticated;

drop trigger if exists game_genres_similar_insert on public.game_genres;
create trigger game_genres_similar_insert after insert on public.game_genres
  referencing new table as new_rows for each statement execute function public.similar_games_on_genres();
drop trigger if exists game_genres_similar_update on public.game_genres;
create trigger game_genres_similar_update after update on public.game_genres
  referencing old table as old_rows new table as new_rows for each statement execute function public.similar_games_on_genres();
drop trigger if exists game_genres_similar_delete on public.game_genres;
create trigger game_genres_similar_delete after delete on public.game_genres
  referencing old table as old_rows for each statement execute function public.similar_games_on_genres();

drop trigger if exists game_developers_similar_insert on public.game_developers;
create trigger game_developers_similar_insert after insert on public.game_developers
  referencing new table as new_rows for each statement execute function public.similar_games_on_developers();
drop trigger if exists game_developers_similar_update on public.game_developers;
create trigger game_developers_similar_update after update on public.game_developers
  referencing old table as old_rows new table as new_rows for each statement execute function public.similar_games_on_developers();
drop trigger if exists game_developers_similar_delete on public.game_developers;
create trigger game_developers_similar_delete after delete on public.game_developers
  referencing old table as old_rows for each statement execute function public.similar_games_on_developers();

drop trigger if exists game_publishers_similar_insert on public.game_publishers;
create trigger game_publishers_similar_insert after insert on public.game_publishers
  referencing new table as new_rows for each statement execute function public.similar_games_on_publishers();
drop trigger if exists game_publishers_similar_update on public.game_publishers;
create trigger game_publishers_similar_update after update on public.game_publishers
  referencing old table as old_rows new table as new_rows for each statement execute function public.similar_games_on_publishers();
drop trigger if exists game_publishers_similar_delete on public.game_publishers;
create trigger game_publishers_similar_delete after delete on public.game_publishers
  referencing old table as old_rows for each statement execute function public.similar_games_on_publishers();

drop trigger if exists game_platforms_similar_insert on public.game_platforms;
create trigger game_platforms_similar_insert after insert on public.game_platforms
  referencing new table as new_rows for each statement execute function public.similar_games_on_platforms();
drop trigger if exists game_platforms_similar_update on public.game_platforms;
create trigger game_platforms_similar_update after update on public.game_platforms
  referencing old table as old_rows new table as new_rows for each statement execute function public.similar_games_on_platforms();
drop trigger if exists game_platforms_similar_delete on public.game_platforms;
create trigger game_platforms_similar_delete after delete on public.game_platforms
  referencing old table as old_rows for each statement execute function public.similar_games_on_platforms();

drop trigger if exists games_similar_release_date on public.games;
create trigger games_similar_release_date after update of release_date on public.games
  for each row when (old.release_date is distinct from new.release_date)
  execute function public.similar_games_on_release_date();

-- Every dated game is ranked once by the job (or by the bench before it measures).
insert into public.similar_game_refills (game_id)
  select g.id from public.games g where g.release_date is not null
  on conflict (game_id) do nothing;
