-- User reviews, the kept user score, helpful votes, reports, review-bomb windows and
-- private profiles.
--
-- Privilege model as in the first migration: the server reads and writes as the owner and
-- enforces who may write (Premium for reviews); the API roles may read only what every
-- visitor sees on the site (visible reviews and the score), never votes, reports or windows.
--
-- The user score of a game is kept in game_user_scores by row triggers, in the same
-- transaction as every review write: a review counts when it is not hidden and was not
-- written inside a flagged window (a game's first 36 hours after release, or a detected
-- burst of reviews). rebuild_game_user_scores() recounts from scratch (bulk loads, tests).

-- Profile privacy lives beside the profile (a row only once someone changes it).
create table if not exists public.profile_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- A private profile shows others only its name and avatar; its reviews stay on game pages.
  is_private boolean not null default false,
  updated_at timestamptz not null default now()
);
comment on table public.profile_settings is 'Per-user profile settings (privacy); no row means the defaults.';
create trigger profile_settings_set_updated_at before update on public.profile_settings
  for each row execute function public.set_updated_at();

create table if not exists public.user_reviews (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  game_id integer not null references public.games (id) on delete cascade,
  -- Half stars 0.5..5 stored as 1..10: the score is their mean, a 0-10 figure.
  rating smallint not null,
  title text,
  body text,
  spoiler boolean not null default false,
  platform_id integer references public.platforms (id) on delete set null,
  hours_played numeric(7, 1),
  finished boolean not null default false,
  helpful_count integer not null default 0,
  -- Hidden by a moderator: gone from every page and from the score.
  hidden boolean not null default false,
  -- Included in game_user_scores; set by the prepare trigger from hidden and the windows.
  counted boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Set when the author changes the review after publishing it (the "edited" mark).
  edited_at timestamptz,
  constraint user_reviews_one_per_game unique (user_id, game_id),
  constraint user_reviews_rating_range check (rating between 1 and 10),
  constraint user_reviews_title_length check (char_length(title) between 1 and 120),
  constraint user_reviews_body_length check (char_length(body) between 1 and 10000),
  constraint user_reviews_hours_range check (hours_played >= 0 and hours_played <= 100000),
  constraint user_reviews_helpful_non_negative check (helpful_count >= 0)
);
comment on table public.user_reviews is 'One review per user and game by Premium members; plain text, never rendered as HTML.';

create trigger user_reviews_set_updated_at before update on public.user_reviews
  for each row execute function public.set_updated_at();

-- The reviews page: most helpful, newest, highest and lowest, per game.
create index if not exists user_reviews_game_helpful_idx on public.user_reviews (game_id, helpful_count desc, id desc) where not hidden;
create index if not exists user_reviews_game_newest_idx on public.user_reviews (game_id, created_at desc, id desc) where not hidden;
create index if not exists user_reviews_game_rating_idx on public.user_reviews (game_id, rating, id) where not hidden;
-- A user's own reviews (dashboard, profile), newest first.
create index if not exists user_reviews_user_idx on public.user_reviews (user_id, created_at desc, id desc);

-- Windows in which reviews are shown but not counted: the first 36 hours after a game's
-- release ('launch'), and a day with a burst of reviews ('anomaly'). A flagged or
-- confirmed window excludes its reviews; a cleared one counts them again.
create table if not exists public.user_review_windows (
  id bigint generated always as identity primary key,
  game_id integer not null references public.games (id) on delete cascade,
  kind text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null default 'flagged',
  -- The figures that opened an anomaly window (reviews that day, the median before it).
  day_count integer,
  median_count numeric,
  resolved_by uuid references auth.users (id) on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  constraint user_review_windows_kind_known check (kind in ('launch', 'anomaly')),
  constraint user_review_windows_status_known check (status in ('flagged', 'confirmed', 'cleared')),
  constraint user_review_windows_order check (ends_at > starts_at),
  constraint user_review_windows_once unique (game_id, kind, starts_at)
);
comment on table public.user_review_windows is
  'Review-bomb guard: reviews written inside a flagged or confirmed window are shown, marked, and not counted.';
create index if not exists user_review_windows_game_idx on public.user_review_windows (game_id, starts_at);

create table if not exists public.game_user_scores (
  game_id integer primary key references public.games (id) on delete cascade,
  -- Visible reviews (counted or not) and the counted ones with their sum and steps.
  review_count integer not null default 0,
  rating_count integer not null default 0,
  rating_sum integer not null default 0,
  -- rating_steps[n] = counted reviews rated n (1..10).
  rating_steps integer[] not null default array[0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  updated_at timestamptz not null default now(),
  constraint game_user_scores_non_negative check (review_count >= 0 and rating_count >= 0 and rating_sum >= 0),
  constraint game_user_scores_ten_steps check (cardinality(rating_steps) = 10)
);
comment on table public.game_user_scores is
  'Per-game sums over counted user reviews, kept by triggers on user_reviews; rebuild_game_user_scores() recounts.';

create table if not exists public.user_review_votes (
  review_id bigint not null references public.user_reviews (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (review_id, user_id)
);
comment on table public.user_review_votes is 'Helpful votes: one per user per review, never on one''s own (the server refuses it).';
create index if not exists user_review_votes_user_idx on public.user_review_votes (user_id);

create table if not exists public.user_review_reports (
  id bigint generated always as identity primary key,
  review_id bigint not null references public.user_reviews (id) on delete cascade,
  reporter_id uuid not null references auth.users (id) on delete cascade,
  reason text not null,
  details text,
  status text not null default 'open',
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  constraint user_review_reports_once unique (review_id, reporter_id),
  constraint user_review_reports_reason_known check (reason in ('spam', 'offensive', 'spoiler', 'off_topic', 'other')),
  constraint user_review_reports_details_length check (char_length(details) <= 500),
  constraint user_review_reports_status_known check (status in ('open', 'dismissed', 'actioned'))
);
comment on table public.user_review_reports is 'Reports of user reviews for the moderation queue.';
create index if not exists user_review_reports_open_idx on public.user_review_reports (created_at) where status = 'open';

-- Triggers -------------------------------------------------------------------------------

-- Before a write: decide whether the review counts, opening the game's launch window when
-- the review falls in its first 36 hours after release.
create or replace function public.user_reviews_prepare() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  released date;
begin
  if tg_op = 'INSERT' then
    select g.release_date into released from public.games g where g.id = new.game_id;
    if released is not null
       and new.created_at >= (released::timestamp at time zone 'UTC')
       and new.created_at < (released::timestamp at time zone 'UTC') + interval '36 hours' then
      insert into public.user_review_windows (game_id, kind, starts_at, ends_at)
        values (new.game_id, 'launch', released::timestamp at time zone 'UTC',
                (released::timestamp at time zone 'UTC') + interval '36 hours')
        on conflict (game_id, kind, starts_at) do nothing;
    end if;
  end if;
  new.counted := not new.hidden and not exists (
    select 1 from public.user_review_windows w
     where w.game_id = new.game_id and w.status <> 'cleared'
       and new.created_at >= w.starts_at and new.created_at < w.ends_at);
  return new;
end
$$;
revoke execute on function public.user_reviews_prepare() from public, anon, authenticated;
create trigger user_reviews_prepare before insert or update on public.user_reviews
  for each row execute function public.user_reviews_prepare();

-- Adds (sign 1) or removes (sign -1) one review's share of its game's score row.
create or replace function public.apply_user_review_to_score(
  p_game_id integer, p_rating smallint, p_visible boolean, p_counted boolean, p_sign integer
) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if not p_visible then return; end if;
  insert into public.game_user_scores as s (game_id) values (p_game_id) on conflict (game_id) do nothing;
  update public.game_user_scores s set
    review_count = s.review_count + p_sign,
    rating_count = s.rating_count + case when p_counted then p_sign else 0 end,
    rating_sum = s.rating_sum + case when p_counted then p_sign * p_rating else 0 end,
    rating_steps = case when p_counted
      then s.rating_steps[1:p_rating - 1] || (s.rating_steps[p_rating] + p_sign) || s.rating_steps[p_rating + 1:10]
      else s.rating_steps end,
    updated_at = now()
  where s.game_id = p_game_id;
end
$$;
revoke execute on function public.apply_user_review_to_score(integer, smallint, boolean, boolean, integer) from public, anon, authenticated;

create or replace function public.user_reviews_aggregate() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform public.apply_user_review_to_score(old.game_id, old.rating, not old.hidden, old.counted, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform public.apply_user_review_to_score(new.game_id, new.rating, not new.hidden, new.counted, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.user_reviews_aggregate() from public, anon, authenticated;
create trigger user_reviews_aggregate
  after insert or delete or update of game_id, rating, hidden, counted on public.user_reviews
  for each row execute function public.user_reviews_aggregate();

-- A window opened, confirmed or cleared: its reviews are re-decided (the prepare trigger)
-- and re-aggregated, in this transaction.
create or replace function public.user_review_windows_changed() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  update public.user_reviews r set counted = r.counted
   where r.game_id = new.game_id and r.created_at >= new.starts_at and r.created_at < new.ends_at;
  return null;
end
$$;
revoke execute on function public.user_review_windows_changed() from public, anon, authenticated;
create trigger user_review_windows_changed after insert or update of status on public.user_review_windows
  for each row execute function public.user_review_windows_changed();

-- Helpful votes keep the review's count.
create or replace function public.user_review_votes_count() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.user_reviews set helpful_count = helpful_count + 1 where id = new.review_id;
  else
    update public.user_reviews set helpful_count = helpful_count - 1 where id = old.review_id;
  end if;
  return null;
end
$$;
revoke execute on function public.user_review_votes_count() from public, anon, authenticated;
create trigger user_review_votes_count after insert or delete on public.user_review_votes
  for each row execute function public.user_review_votes_count();

-- Recount every score row from the reviews (after a bulk load with triggers off, or to check).
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
$$;
revoke execute on function public.rebuild_game_user_scores() from public, anon, authenticated;

-- Privileges -----------------------------------------------------------------------------

alter table public.profile_settings enable row level security;
alter table public.user_reviews enable row level security;
alter table public.game_user_scores enable row level security;
alter table public.user_review_votes enable row level security;
alter table public.user_review_reports enable row level security;
alter table public.user_review_windows enable row level security;

grant select (id, user_id, game_id, rating, title, body, spoiler, platform_id, hours_played, finished,
              helpful_count, counted, created_at, edited_at) on public.user_reviews to anon, authenticated;
create policy user_reviews_select_visible on public.user_reviews
  for select to anon, authenticated using (not hidden);
comment on policy user_reviews_select_visible on public.user_reviews is 'Reviews are public on game pages unless a moderator hid them.';

grant select on public.game_user_scores to anon, authenticated;
create policy game_user_scores_select_public on public.game_user_scores
  for select to anon, authenticated using (true);
comment on policy game_user_scores_select_public on public.game_user_scores is 'The user score is public, as on every game page.';

-- Settings, votes, reports and windows: no grant for the API roles (served by the site only).
grant all on public.profile_settings, public.user_reviews, public.game_user_scores, public.user_review_votes,
  public.user_review_reports, public.user_review_windows to service_role;
