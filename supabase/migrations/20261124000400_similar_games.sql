-- Similar games, computed in SQL on the request path, and a prefix index for search.
--
-- Similarity is what two games share: 4 points per shared developer, 3 per shared genre,
-- 2 per shared publisher and 1 per shared platform; at least one genre must be shared;
-- ties go to the game released closest in time. Scoring every game in the catalogue
-- would read tens of thousands of link rows per page, so the candidates are bounded and
-- read through indexes: every game from the same developers and publishers, plus on each
-- of the game's platforms the `pool` games released just before and just after it.
-- (Explained on /faq and on each similar-games page.)

create index game_platforms_platform_date_idx on public.game_platforms (platform_id, release_date, game_id);

create function public.similar_games(p_game_id integer, p_limit integer default 6, p_pool integer default 15)
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
  set search_path = ''
as $$
declare
  my_date date;
  my_genres integer[];
  my_developers integer[];
  my_publishers integer[];
  my_platforms integer[];
begin
  -- A PL/pgSQL function keeps its plans for the connection's lifetime: no per-call planning.
  select coalesce(g.release_date, current_date) into my_date from public.games g where g.id = p_game_id;
  if not found then
    return;
  end if;
  select coalesce(array_agg(x.genre_id), '{}') into my_genres from public.game_genres x where x.game_id = p_game_id;
  select coalesce(array_agg(x.company_id), '{}') into my_developers from public.game_developers x where x.game_id = p_game_id;
  select coalesce(array_agg(x.company_id), '{}') into my_publishers from public.game_publishers x where x.game_id = p_game_id;
  select coalesce(array_agg(x.platform_id), '{}') into my_platforms from public.game_platforms x where x.game_id = p_game_id;

  return query
  with pool as (
    select c.game_id
    from unnest(my_platforms) as mp (platform_id)
    cross join lateral (
      (select gp.game_id from public.game_platforms gp
        where gp.platform_id = mp.platform_id and gp.release_date <= my_date
        order by gp.release_date desc limit p_pool)
      union all
      (select gp.game_id from public.game_platforms gp
        where gp.platform_id = mp.platform_id and gp.release_date > my_date
        order by gp.release_date asc limit p_pool)
    ) c
    union
    select x.game_id from public.game_developers x where x.company_id = any (my_developers)
    union
    select x.game_id from public.game_publishers x where x.company_id = any (my_publishers)
  ),
  shared as (
    select
      p.game_id,
      (select count(*) from public.game_genres b where b.game_id = p.game_id and b.genre_id = any (my_genres))::integer as genres,
      (select count(*) from public.game_developers b where b.game_id = p.game_id and b.company_id = any (my_developers))::integer as developers,
      (select count(*) from public.game_publishers b where b.game_id = p.game_id and b.company_id = any (my_publishers))::integer as publishers,
      (select count(*) from public.game_platforms b where b.game_id = p.game_id and b.platform_id = any (my_platforms))::integer as platforms
    from pool p
    where p.game_id <> p_game_id
  )
  select s.game_id, 4 * s.developers + 3 * s.genres + 2 * s.publishers + s.platforms, s.genres, s.developers, s.publishers, s.platforms
  from shared s
  join public.games g on g.id = s.game_id
  where s.genres > 0
  order by 2 desc, abs(coalesce(g.release_date, my_date) - my_date), s.game_id
  limit p_limit;
end
$$;
comment on function public.similar_games(integer, integer, integer) is
  'The games most similar to a game, by shared developers (4), genres (3), publishers (2) and platforms (1); candidates bounded by p_pool per platform.';
grant execute on function public.similar_games(integer, integer, integer) to anon, authenticated;

-- Typeahead tries "title starts with" first: a plain btree range on the lower-cased title.
-- text_pattern_ops makes LIKE 'abc%' use it under any collation (hosted Supabase's too).
create index games_title_prefix_idx on public.games (lower(title) text_pattern_ops);

-- The release calendar reads every platform release of a month.
create index game_platforms_release_date_idx on public.game_platforms (release_date, game_id);
