-- Kept "recent likes" for /lists?sort=popular: public lists by likes of the last 30 days,
-- then by all likes, then newest. Counting each list's recent likes on every request and
-- paging by OFFSET over the count cost 10-30 ms for pages 30-100 on 100 000 lists; now the
-- count is a column and the order is one index.
--   * user_list_likes.in_window says whether a like is within the window; a trigger sets it
--     from created_at when a like is made or its date is changed;
--   * user_lists.recent_likes_count is the number of its likes with in_window, kept by the
--     likes trigger in the same transaction as the like;
--   * the age-list-likes job (functions/jobs) touches the likes that have left the window
--     since, which takes them out of the count; between runs a like may count for up to
--     a run's period (10 minutes) past its 30 days.

-- The window, once, for the trigger and the job (the pages' wording reads
-- POPULAR_WINDOW_DAYS; a test keeps the two equal).
create or replace function public.popular_list_window() returns interval
  language sql
  immutable
  set search_path = ''
as $$ select interval '30 days' $$;
revoke execute on function public.popular_list_window() from public, anon, authenticated;

alter table public.user_list_likes add column if not exists in_window boolean not null default false;
comment on column public.user_list_likes.in_window is 'Counted in its list''s recent_likes_count: liked within public.popular_list_window().';
alter table public.user_lists add column if not exists recent_likes_count integer not null default 0;
comment on column public.user_lists.recent_likes_count is 'Likes with in_window (the last 30 days, to the age-list-likes job''s period).';
alter table public.user_lists drop constraint if exists user_lists_recent_likes_positive;
alter table public.user_lists add constraint user_lists_recent_likes_positive check (recent_likes_count >= 0 and recent_likes_count <= likes_count);

-- Whether a new or redated like is in the window follows its date.
create or replace function public.user_list_likes_window() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.in_window := new.created_at > now() - public.popular_list_window();
  return new;
end
$$;
revoke execute on function public.user_list_likes_window() from public, anon, authenticated;
drop trigger if exists user_list_likes_window on public.user_list_likes;
create trigger user_list_likes_window before insert or update of created_at on public.user_list_likes
  for each row execute function public.user_list_likes_window();

-- Keeps user_lists.likes_count and recent_likes_count (replaces the likes-only version).
create or replace function public.user_list_likes_count() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.user_lists
      set likes_count = likes_count + 1, recent_likes_count = recent_likes_count + new.in_window::integer
      where id = new.list_id;
  elsif tg_op = 'DELETE' then
    update public.user_lists
      set likes_count = likes_count - 1, recent_likes_count = recent_likes_count - old.in_window::integer
      where id = old.list_id;
  elsif tg_op = 'UPDATE' then
    -- A like never moves to another list (the primary key holds it); only its window changes.
    if new.list_id is distinct from old.list_id then
      raise exception 'a like cannot move to another list';
    end if;
    if new.in_window is distinct from old.in_window then
      update public.user_lists
        set recent_likes_count = recent_likes_count + new.in_window::integer - old.in_window::integer
        where id = new.list_id;
    end if;
  end if;
  return null;
end
$$;
revoke execute on function public.user_list_likes_count() from public, anon, authenticated;
drop trigger if exists user_list_likes_count on public.user_list_likes;
create trigger user_list_likes_count after insert or delete or update on public.user_list_likes
  for each row execute function public.user_list_likes_count();

-- A list is "updated" when its owner changes it, not when someone likes it or a like leaves
-- the window (the owner's lists are shown most recently updated first).
drop trigger if exists user_lists_set_updated_at on public.user_lists;
create trigger user_lists_set_updated_at before update on public.user_lists
  for each row
  when (old.likes_count = new.likes_count and old.recent_likes_count = new.recent_likes_count)
  execute function public.set_updated_at();

-- Existing likes: the window trigger sets in_window from each date, and the count trigger
-- adds every like that turns true to its list.
update public.user_list_likes set created_at = created_at;

-- The popular order, read from the index as far as the page needs.
create index if not exists user_lists_public_popular_idx on public.user_lists (recent_likes_count desc, likes_count desc, id desc)
  where visibility = 'public' and hidden = false;
-- The job's work: likes still counted, oldest first.
create index if not exists user_list_likes_in_window_idx on public.user_list_likes (created_at) where in_window;
-- Recent likes are no longer counted per request.
drop index if exists public.user_list_likes_recent_idx;
