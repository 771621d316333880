-- The kept critic sums rebuilt for a range of games or outlets: an administrator's recompute
-- runs range by range in short transactions, so the embedded database serves pages between
-- the steps (rebuilding every game at once held it for seconds on a large catalogue). The
-- whole-table rebuilds (bulk loads) now run the ranged ones over every id.

-- Recomputes game_critic_stats for games p_first..p_last from their counted reviews (after
-- bringing `counted` up to date for them): rows are upserted, and a game with no counted
-- review left loses its row.
create or replace function public.rebuild_game_critic_stats(p_first integer, p_last integer) returns void
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public.critic_reviews set counted = (published_at <= now())
  where game_id between p_first and p_last and counted is distinct from (published_at <= now());
  delete from public.game_critic_stats s
  where s.game_id between p_first and p_last
    and not exists (select 1 from public.critic_reviews c where c.game_id = s.game_id and c.counted);
  insert into public.game_critic_stats as s (
    game_id, review_count, scored_count, score_sum, recommended_count, preview_count,
    acclaimed_count, favourable_count, mixed_count, unfavourable_count, panned_count
  )
  select
    game_id,
    count(*) filter (where kind = 'review'),
    count(score) filter (where kind = 'review'),
    coalesce(sum(score) filter (where kind = 'review'), 0),
    count(*) filter (where kind = 'review' and recommended),
    count(*) filter (where kind = 'preview'),
    count(*) filter (where kind = 'review' and score >= 90),
    count(*) filter (where kind = 'review' and score >= 75 and score < 90),
    count(*) filter (where kind = 'review' and score >= 50 and score < 75),
    count(*) filter (where kind = 'review' and score >= 20 and score < 50),
    count(*) filter (where kind = 'review' and score < 20)
  from public.critic_reviews
  where counted and game_id between p_first and p_last
  group by game_id
  on conflict (game_id) do update set
    review_count = excluded.review_count, scored_count = excluded.scored_count,
    score_sum = excluded.score_sum, recommended_count = excluded.recommended_count,
    preview_count = excluded.preview_count, acclaimed_count = excluded.acclaimed_count,
    favourable_count = excluded.favourable_count, mixed_count = excluded.mixed_count,
    unfavourable_count = excluded.unfavourable_count, panned_count = excluded.panned_count;
end
$$;
revoke execute on function public.rebuild_game_critic_stats(integer, integer) from public;

-- Recomputes outlet_critic_stats for outlets p_first..p_last from their counted reviews and
-- previews (run after the games' rebuild has brought `counted` up to date).
create or replace function public.rebuild_outlet_critic_stats(p_first integer, p_last integer) returns void
  language plpgsql security definer
  set search_path = ''
as $$
begin
  delete from public.outlet_critic_stats s
  where s.outlet_id between p_first and p_last
    and not exists (select 1 from public.critic_reviews c where c.outlet_id = s.outlet_id and c.counted);
  insert into public.outlet_critic_stats as s (
    outlet_id, review_count, scored_count, score_sum, recommended_count, preview_count,
    acclaimed_count, favourable_count, mixed_count, unfavourable_count, panned_count
  )
  select
    outlet_id,
    count(*) filter (where kind = 'review'),
    count(score) filter (where kind = 'review'),
    coalesce(sum(score) filter (where kind = 'review'), 0),
    count(*) filter (where kind = 'review' and recommended),
    count(*) filter (where kind = 'preview'),
    count(*) filter (where kind = 'review' and score >= 90),
    count(*) filter (where kind = 'review' and score >= 75 and score < 90),
    count(*) filter (where kind = 'review' and score >= 50 and score < 75),
    count(*) filter (where kind = 'review' and score >= 20 and score < 50),
    count(*) filter (where kind = 'review' and score < 20)
  from public.critic_reviews
  where counted and outlet_id between p_first and p_last
  group by outlet_id
  on conflict (outlet_id) do update set
    review_count = excluded.review_count, scored_count = excluded.scored_count,
    score_sum = excluded.score_sum, recommended_count = excluded.recommended_count,
    preview_count = excluded.preview_count, acclaimed_count = excluded.acclaimed_count,
    favourable_count = excluded.favourable_count, mixed_count = excluded.mixed_count,
    unfavourable_count = excluded.unfavourable_count, panned_count = excluded.panned_count;
end
$$;
revoke execute on function public.rebuild_outlet_critic_stats(integer, integer) from public;

-- The whole-table rebuilds (bulk loads) are the ranged ones over every id, so the sums are
-- defined once.
create or replace function public.rebuild_game_critic_stats() returns void
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform public.rebuild_game_critic_stats(-2147483648, 2147483647);
end
$$;
revoke execute on function public.rebuild_game_critic_stats() from public;

create or replace function public.rebuild_outlet_critic_stats() returns void
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform public.rebuild_outlet_critic_stats(-2147483648, 2147483647);
end
$$;
revoke execute on function public.rebuild_outlet_critic_stats() from public;
