-- Kept similar games are ranked again in turn, every game one after the other, by the
-- keep-similar-games job (a new game at its next run, every game again once a day), instead of
-- being deleted by triggers on every catalogue change that may alter them
-- (docs/decisions/kept-data.md). A kept ranking may therefore be up to a day and a round old; a
-- game with none (new, not reached yet) is ranked on the spot by kept_similar_games, as before.

-- The thirteen triggers, the reach they computed and the queue they filled.
drop trigger if exists game_developers_similar_delete on public.game_developers;
drop trigger if exists game_developers_similar_insert on public.game_developers;
drop trigger if exists game_developers_similar_update on public.game_developers;
drop trigger if exists game_genres_similar_delete on public.game_genres;
drop trigger if exists game_genres_similar_insert on public.game_genres;
drop trigger if exists game_genres_similar_update on public.game_genres;
drop trigger if exists game_platforms_similar_delete on public.game_platforms;
drop trigger if exists game_platforms_similar_insert on public.game_platforms;
drop trigger if exists game_platforms_similar_update on public.game_platforms;
drop trigger if exists game_publishers_similar_delete on public.game_publishers;
drop trigger if exists game_publishers_similar_insert on public.game_publishers;
drop trigger if exists game_publishers_similar_update on public.game_publishers;
drop trigger if exists games_similar_release_date on public.games;
drop function if exists public.similar_games_on_genres();
drop function if exists public.similar_games_on_developers();
drop function if exists public.similar_games_on_publishers();
drop function if exists public.similar_games_on_platforms();
drop function if exists public.similar_games_on_release_date();
drop function if exists public.mark_similar_games_stale(integer[], boolean, integer[], integer[], integer[], date[]);
drop function if exists public.refill_similar_games(integer);
drop table if exists public.similar_game_refills;

comment on table public.similar_game_rankings is
  'Each game''s similar games as public.similar_games ranks them, ranked again in turn by the keep-similar-games job (public.rank_similar_games_after): new games at its next run, every game again once a day.';
comment on column public.similar_game_rankings.kept_at is
  'When the batch that ranked this game started; the newest batch''s last game is where the next one starts.';
-- Where the round is: the newest batch's last game.
create index if not exists similar_game_rankings_kept_at_idx on public.similar_game_rankings (kept_at desc, game_id desc);

-- Ranks the next p_max games after game p_after (by id), dated or not, and keeps their
-- rankings in the game page's shape (similar_games_kept_shape). Returns how many it ranked
-- and the last of them; none (0, null) once no game comes after p_after: the round is done.
create or replace function public.rank_similar_games_after(p_after integer, p_max integer, out ranked integer, out last_game integer)
  language plpgsql
  set search_path = ''
as $$
declare
  kept_size integer;
  kept_pool integer;
  -- One time per batch, not per transaction: a job run ranks several batches in one.
  stamp timestamp with time zone := clock_timestamp();
begin
  select k.size, k.pool into kept_size, kept_pool from public.similar_games_kept_shape() k;
  with batch as (
    select g.id from public.games g where g.id > p_after order by g.id limit greatest(p_max, 0)
  ),
  rankings as (
    select b.id as game_id,
           coalesce(array_agg(s.game_id order by s.n) filter (where s.game_id is not null), '{}') as similar_ids,
           coalesce(array_agg(s.score order by s.n) filter (where s.game_id is not null), '{}') as scores,
           coalesce(array_agg(s.shared_genres order by s.n) filter (where s.game_id is not null), '{}') as shared_genres,
           coalesce(array_agg(s.shared_developers order by s.n) filter (where s.game_id is not null), '{}') as shared_developers,
           coalesce(array_agg(s.shared_publishers order by s.n) filter (where s.game_id is not null), '{}') as shared_publishers,
           coalesce(array_agg(s.shared_platforms order by s.n) filter (where s.game_id is not null), '{}') as shared_platforms
    from batch b
    left join lateral public.similar_games(b.id, kept_size, kept_pool) with ordinality as s (game_id, score, shared_genres, shared_developers, shared_publishers, shared_platforms, n) on true
    group by b.id
  ),
  kept as (
    insert into public.similar_game_rankings as r (game_id, pool, size, similar_ids, scores, shared_genres, shared_developers, shared_publishers, shared_platforms, kept_at)
    select game_id, kept_pool, kept_size, similar_ids, scores, shared_genres, shared_developers, shared_publishers, shared_platforms, stamp from rankings
    on conflict (game_id) do update set
      pool = excluded.pool, size = excluded.size, similar_ids = excluded.similar_ids, scores = excluded.scores,
      shared_genres = excluded.shared_genres, shared_developers = excluded.shared_developers,
      shared_publishers = excluded.shared_publishers, shared_platforms = excluded.shared_platforms, kept_at = excluded.kept_at
    returning 1
  )
  -- Every part runs whatever is read; the answer is about the batch.
  select count(*)::integer, max(b.id) into ranked, last_game from batch b;
end
$$;
revoke execute on function public.rank_similar_games_after(p_after integer, p_max integer, out ranked integer, out last_game integer) from public;
