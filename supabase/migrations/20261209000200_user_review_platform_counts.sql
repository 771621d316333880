-- The user reviews page offers as platform filter every platform its game's reviews name,
-- and shows how many reviews a filter keeps. Both were read from the reviews themselves:
-- one heap page per visible review (3000 on the most reviewed game, 12 ms warm and far
-- more cold; the embedded database never vacuums, so an index-only scan still reads the
-- heap). The per-game count of visible reviews per platform is kept instead, by row
-- triggers in the same transaction as each review write, like game_user_scores.
create table if not exists public.game_user_review_platforms (
  game_id integer not null references public.games (id) on delete cascade,
  platform_id integer not null references public.platforms (id) on delete cascade,
  -- Visible (not hidden) reviews of the game naming the platform; 0 once the last goes.
  review_count integer not null default 0,
  primary key (game_id, platform_id),
  constraint game_user_review_platforms_non_negative check (review_count >= 0)
);
comment on table public.game_user_review_platforms is
  'Per game and platform, the visible user reviews naming it; kept by triggers on user_reviews, recounted by rebuild_game_user_scores().';

-- Adds (sign 1) or removes (sign -1) one visible review naming a platform.
create or replace function public.apply_user_review_to_platforms(p_game_id integer, p_platform_id integer, p_sign integer) returns void
  language sql
  set search_path = ''
as $$
  insert into public.game_user_review_platforms as c (game_id, platform_id, review_count)
  values (p_game_id, p_platform_id, greatest(p_sign, 0))
  on conflict (game_id, platform_id) do update set review_count = c.review_count + p_sign;
$$;
revoke execute on function public.apply_user_review_to_platforms(integer, integer, integer) from public, anon, authenticated;

create or replace function public.user_reviews_platform_counts() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.platform_id is not null and not old.hidden then
    perform public.apply_user_review_to_platforms(old.game_id, old.platform_id, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.platform_id is not null and not new.hidden then
    perform public.apply_user_review_to_platforms(new.game_id, new.platform_id, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.user_reviews_platform_counts() from public, anon, authenticated;

-- The WHEN clauses keep reviews naming no platform (and edits that move nothing) free of
-- any function call: most writes, and every row of a bulk load.
drop trigger if exists user_reviews_platform_counts_insert on public.user_reviews;
create trigger user_reviews_platform_counts_insert after insert on public.user_reviews
  for each row when (new.platform_id is not null and not new.hidden)
  execute function public.user_reviews_platform_counts();
drop trigger if exists user_reviews_platform_counts_delete on public.user_reviews;
create trigger user_reviews_platform_counts_delete after delete on public.user_reviews
  for each row when (old.platform_id is not null and not old.hidden)
  execute function public.user_reviews_platform_counts();
drop trigger if exists user_reviews_platform_counts_update on public.user_reviews;
create trigger user_reviews_platform_counts_update after update of game_id, platform_id, hidden on public.user_reviews
  for each row when (old.game_id is distinct from new.game_id or old.platform_id is distinct from new.platform_id or old.hidden is distinct from new.hidden)
  execute function public.user_reviews_platform_counts();

-- The recount after a bulk load (or to check) covers the platform counts too.
create or replace function public.rebuild_game_user_scores() returns void
  language sql
  set search_path = ''
as $$
  delete from public.game_user_scores;
  insert into public.game_user_scores (game_id, review_count, rating_count, rating_sum, rating_steps)
  select r.game_id,
         count(*)::integer,
         (count(*) filter (where r.counted))::integer,
         coalesce(sum(r.rating) filter (where r.counted), 0)::integer,
         array[(count(*) filter (where r.counted and r.rating = 1))::integer,
               (count(*) filter (where r.counted and r.rating = 2))::integer,
               (count(*) filter (where r.counted and r.rating = 3))::integer,
               (count(*) filter (where r.counted and r.rating = 4))::integer,
               (count(*) filter (where r.counted and r.rating = 5))::integer,
               (count(*) filter (where r.counted and r.rating = 6))::integer,
               (count(*) filter (where r.counted and r.rating = 7))::integer,
               (count(*) filter (where r.counted and r.rating = 8))::integer,
               (count(*) filter (where r.counted and r.rating = 9))::integer,
               (count(*) filter (where r.counted and r.rating = 10))::integer]
    from public.user_reviews r
   where not r.hidden
   group by r.game_id;
  delete from public.game_user_review_platforms;
  insert into public.game_user_review_platforms (game_id, platform_id, review_count)
  select r.game_id, r.platform_id, count(*)::integer
    from public.user_reviews r
   where not r.hidden and r.platform_id is not null
   group by r.game_id, r.platform_id;
$$;
revoke execute on function public.rebuild_game_user_scores() from public, anon, authenticated;

insert into public.game_user_review_platforms (game_id, platform_id, review_count)
select r.game_id, r.platform_id, count(*)::integer
  from public.user_reviews r
 where not r.hidden and r.platform_id is not null
 group by r.game_id, r.platform_id
on conflict (game_id, platform_id) do update set review_count = excluded.review_count;

alter table public.game_user_review_platforms enable row level security;
grant select on public.game_user_review_platforms to anon, authenticated;
drop policy if exists game_user_review_platforms_select_public on public.game_user_review_platforms;
create policy game_user_review_platforms_select_public on public.game_user_review_platforms
  for select to anon, authenticated using (true);
comment on policy game_user_review_platforms_select_public on public.game_user_review_platforms is
  'Derived from visible reviews only, which are public.';
grant all on public.game_user_review_platforms to service_role;
