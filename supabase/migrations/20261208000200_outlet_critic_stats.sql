-- The per-outlet aggregate: what an outlet's published (counted) critic reviews add up to,
-- kept by a trigger in the same transaction as every review write, as game_critic_stats is
-- per game. The outlet page read these numbers by recounting the outlet's reviews on every
-- request (tens of thousands of rows for a large outlet: hundreds of milliseconds).
--
-- Embargoes work as for the games: a row counts once its `counted` flag is set (by the
-- prepare trigger, or by release_due_critic_reviews() when the embargo lifts), and that
-- flag change goes through the same trigger.

create table public.outlet_critic_stats (
  outlet_id integer primary key references public.outlets (id) on delete cascade,
  review_count integer not null default 0,
  scored_count integer not null default 0,
  score_sum bigint not null default 0,
  recommended_count integer not null default 0,
  preview_count integer not null default 0,
  acclaimed_count integer not null default 0,
  favourable_count integer not null default 0,
  mixed_count integer not null default 0,
  unfavourable_count integer not null default 0,
  panned_count integer not null default 0,
  constraint outlet_critic_stats_counts_non_negative check (
    review_count >= 0 and scored_count >= 0 and score_sum >= 0 and recommended_count >= 0 and preview_count >= 0
    and acclaimed_count >= 0 and favourable_count >= 0 and mixed_count >= 0 and unfavourable_count >= 0 and panned_count >= 0
  )
);
comment on table public.outlet_critic_stats is
  'Per-outlet sums over its published (counted) critic reviews and previews, kept current by a trigger on critic_reviews; rebuild_outlet_critic_stats() recomputes it from scratch.';
comment on column public.outlet_critic_stats.review_count is 'Published reviews (not previews), scored or not.';
comment on column public.outlet_critic_stats.scored_count is 'Published reviews with a score.';
comment on column public.outlet_critic_stats.score_sum is 'Sum of the normalised scores of the scored reviews.';
comment on column public.outlet_critic_stats.preview_count is 'Published previews.';

-- Adds (delta = 1) or removes (delta = -1) one counted review's share of its outlet's row.
create function public.apply_critic_review_to_outlet_stats(
  p_outlet_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer
) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  is_review integer := case when p_kind = 'review' then delta else 0 end;
  is_scored integer := case when p_kind = 'review' and p_score is not null then delta else 0 end;
  band text := public.critic_score_band(p_score);
begin
  -- The row exists whenever a share is removed (it was added when the review was counted);
  -- an upsert's proposed row must itself pass the non-negative check, hence two statements.
  if delta < 0 then
    update public.outlet_critic_stats s set
      review_count = s.review_count + is_review,
      scored_count = s.scored_count + is_scored,
      score_sum = s.score_sum + is_scored * coalesce(p_score, 0),
      recommended_count = s.recommended_count + case when p_kind = 'review' and p_recommended then delta else 0 end,
      preview_count = s.preview_count + case when p_kind = 'preview' then delta else 0 end,
      acclaimed_count = s.acclaimed_count + case when band = 'acclaimed' then is_scored else 0 end,
      favourable_count = s.favourable_count + case when band = 'favourable' then is_scored else 0 end,
      mixed_count = s.mixed_count + case when band = 'mixed' then is_scored else 0 end,
      unfavourable_count = s.unfavourable_count + case when band = 'unfavourable' then is_scored else 0 end,
      panned_count = s.panned_count + case when band = 'panned' then is_scored else 0 end
    where s.outlet_id = p_outlet_id;
    return;
  end if;
  insert into public.outlet_critic_stats as s (
    outlet_id, review_count, scored_count, score_sum, recommended_count, preview_count,
    acclaimed_count, favourable_count, mixed_count, unfavourable_count, panned_count
  ) values (
    p_outlet_id,
    is_review,
    is_scored,
    is_scored * coalesce(p_score, 0),
    case when p_kind = 'review' and p_recommended then delta else 0 end,
    case when p_kind = 'preview' then delta else 0 end,
    case when band = 'acclaimed' then is_scored else 0 end,
    case when band = 'favourable' then is_scored else 0 end,
    case when band = 'mixed' then is_scored else 0 end,
    case when band = 'unfavourable' then is_scored else 0 end,
    case when band = 'panned' then is_scored else 0 end
  )
  on conflict (outlet_id) do update set
    review_count = s.review_count + excluded.review_count,
    scored_count = s.scored_count + excluded.scored_count,
    score_sum = s.score_sum + excluded.score_sum,
    recommended_count = s.recommended_count + excluded.recommended_count,
    preview_count = s.preview_count + excluded.preview_count,
    acclaimed_count = s.acclaimed_count + excluded.acclaimed_count,
    favourable_count = s.favourable_count + excluded.favourable_count,
    mixed_count = s.mixed_count + excluded.mixed_count,
    unfavourable_count = s.unfavourable_count + excluded.unfavourable_count,
    panned_count = s.panned_count + excluded.panned_count;
end
$$;
revoke execute on function public.apply_critic_review_to_outlet_stats(integer, text, smallint, boolean, integer) from public, anon, authenticated;

create function public.critic_reviews_outlet_aggregate() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
    and old.counted = new.counted and old.outlet_id = new.outlet_id and old.kind = new.kind
    and old.score is not distinct from new.score and old.recommended is not distinct from new.recommended then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.counted then
    perform public.apply_critic_review_to_outlet_stats(old.outlet_id, old.kind, old.score, old.recommended, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.counted then
    perform public.apply_critic_review_to_outlet_stats(new.outlet_id, new.kind, new.score, new.recommended, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.critic_reviews_outlet_aggregate() from public, anon, authenticated;

create trigger critic_reviews_outlet_aggregate after insert or update or delete on public.critic_reviews
  for each row execute function public.critic_reviews_outlet_aggregate();

-- Recomputes every outlet's row from the counted reviews (after a bulk load with the review
-- triggers off, or to repair). Call it after rebuild_game_critic_stats(), which settles
-- the `counted` flags first. Not for the request path.
create function public.rebuild_outlet_critic_stats() returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  delete from public.outlet_critic_stats;
  insert into public.outlet_critic_stats (
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
  where counted
  group by outlet_id;
end
$$;
revoke execute on function public.rebuild_outlet_critic_stats() from public, anon, authenticated;

-- The backfill: every outlet's reviews as they stand.
select public.rebuild_outlet_critic_stats();

alter table public.outlet_critic_stats enable row level security;
grant select on public.outlet_critic_stats to anon, authenticated;
grant all on public.outlet_critic_stats to service_role;
create policy outlet_critic_stats_select_public on public.outlet_critic_stats for select to anon, authenticated using (true);
comment on policy outlet_critic_stats_select_public on public.outlet_critic_stats is 'Aggregates cover published reviews only, so they are public.';
