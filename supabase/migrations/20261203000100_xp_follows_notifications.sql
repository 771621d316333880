-- XP, follows and notifications.
--
-- Privilege model as in the first migration: the site's server reads and writes as the
-- owner and enforces permissions itself; the API roles get nothing here except a user's
-- own notifications (read only), which the Supabase Realtime policy below also relies on.

-- The XP ledger ------------------------------------------------------------------------

-- Append-only: an award is a row, taking it back is another row (negative points) that
-- names the award it reverses. One award per (user, kind, source), ever: a retried
-- request, a second worker or an unlike-like cycle never counts twice.
create table if not exists public.xp_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  source text not null,
  -- What the event is worth, and what was granted under the daily cap (0 when over it).
  requested smallint not null,
  points smallint not null,
  reverses bigint references public.xp_ledger (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint xp_ledger_kind_format check (kind ~ '^[a-z][a-z_]{1,47}$'),
  constraint xp_ledger_source_length check (char_length(source) between 1 and 200),
  constraint xp_ledger_sign check ((reverses is null and points >= 0) or (reverses is not null and points <= 0))
);
comment on table public.xp_ledger is
  'Every XP award (and reversal) as a row; append-only. user_xp and xp_periods are kept from it in the same transaction.';
create unique index if not exists xp_ledger_award_key on public.xp_ledger (user_id, kind, source) where reverses is null;
create unique index if not exists xp_ledger_reversal_key on public.xp_ledger (reverses) where reverses is not null;
create index if not exists xp_ledger_user_idx on public.xp_ledger (user_id, created_at desc);
alter table public.xp_ledger enable row level security;

-- A user's kept total and level. reached_at breaks ties: who reached the total first ranks higher.
create table if not exists public.user_xp (
  user_id uuid primary key references auth.users (id) on delete cascade,
  total integer not null default 0,
  level smallint not null default 1,
  reached_at timestamptz not null default now(),
  constraint user_xp_total_nonnegative check (total >= 0)
);
comment on table public.user_xp is 'Kept XP total and level per user, written with each ledger row.';
create index if not exists user_xp_rank_idx on public.user_xp (total desc, reached_at, user_id);
alter table public.user_xp enable row level security;

-- Points per UTC day (the daily cap) and per UTC week and month (the leaderboards).
create table if not exists public.xp_periods (
  period text not null,
  starts date not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  points integer not null default 0,
  reached_at timestamptz not null default now(),
  primary key (period, starts, user_id),
  constraint xp_periods_period check (period in ('day', 'week', 'month'))
);
comment on table public.xp_periods is 'XP earned per user per UTC day, week (from Monday) and month.';
create index if not exists xp_periods_rank_idx on public.xp_periods (period, starts, points desc, reached_at, user_id);
alter table public.xp_periods enable row level security;

-- Follows ------------------------------------------------------------------------------

create table if not exists public.outlet_follows (
  user_id uuid not null references auth.users (id) on delete cascade,
  outlet_id integer not null references public.outlets (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, outlet_id)
);
create index if not exists outlet_follows_outlet_idx on public.outlet_follows (outlet_id, user_id);
alter table public.outlet_follows enable row level security;

create table if not exists public.user_follows (
  follower_id uuid not null references auth.users (id) on delete cascade,
  followed_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, followed_id),
  constraint user_follows_not_self check (follower_id <> followed_id)
);
create index if not exists user_follows_followed_idx on public.user_follows (followed_id, follower_id);
alter table public.user_follows enable row level security;

-- Kept follower counts (pages read one row instead of counting).
create table if not exists public.follow_counts (
  subject_type text not null,
  subject_id text not null,
  followers integer not null default 0,
  following integer not null default 0,
  primary key (subject_type, subject_id),
  constraint follow_counts_subject_type check (subject_type in ('outlet', 'user'))
);
comment on table public.follow_counts is 'Followers of each outlet and user, and how many players each user follows; kept by triggers.';
alter table public.follow_counts enable row level security;

create or replace function public.keep_follow_counts() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  delta integer := case when tg_op = 'INSERT' then 1 else -1 end;
  subject_type text;
  subject_id text;
  follower uuid;
begin
  if tg_table_name = 'outlet_follows' then
    subject_type := 'outlet';
    subject_id := coalesce(new.outlet_id, old.outlet_id)::text;
  else
    subject_type := 'user';
    if tg_op = 'INSERT' then subject_id := new.followed_id::text; follower := new.follower_id;
    else subject_id := old.followed_id::text; follower := old.follower_id; end if;
    insert into public.follow_counts as c (subject_type, subject_id, following)
      values ('user', follower::text, greatest(delta, 0))
      on conflict (subject_type, subject_id) do update set following = greatest(c.following + delta, 0);
  end if;
  insert into public.follow_counts as c (subject_type, subject_id, followers)
    values (subject_type, subject_id, greatest(delta, 0))
    on conflict on constraint follow_counts_pkey do update set followers = greatest(c.followers + delta, 0);
  return null;
end
$$;
revoke execute on function public.keep_follow_counts() from public, anon, authenticated;

create trigger outlet_follows_counts after insert or delete on public.outlet_follows
  for each row execute function public.keep_follow_counts();
create trigger user_follows_counts after insert or delete on public.user_follows
  for each row execute function public.keep_follow_counts();

-- Notifications ------------------------------------------------------------------------

create table if not exists public.notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  -- One notification per (user, kind, source): the same event never notifies twice.
  source text not null,
  actor_id uuid references auth.users (id) on delete cascade,
  -- Small details the list shows (an outlet name, a game title, a level name).
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_kind check (kind in ('outlet_review', 'wishlist_release', 'list_liked', 'review_helpful', 'level_up', 'new_follower')),
  constraint notifications_source_length check (char_length(source) between 1 and 200),
  constraint notifications_data_object check (jsonb_typeof(data) = 'object'),
  constraint notifications_data_size check (pg_column_size(data) <= 2048)
);
comment on table public.notifications is
  'What a user is told about; kept 24, 72 or 168 hours by tier (Free, Ad-Free, Premium), then deleted by a job.';
create unique index if not exists notifications_once_key on public.notifications (user_id, kind, source);
create index if not exists notifications_user_idx on public.notifications (user_id, created_at desc, id desc);
create index if not exists notifications_unread_idx on public.notifications (user_id, created_at) where read_at is null;
create index if not exists notifications_created_idx on public.notifications (created_at);
alter table public.notifications enable row level security;

-- A user may read their own notifications through the API roles (the site reads as owner).
create policy "notifications: owner reads own" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy "notifications: owner reads own" on public.notifications is 'A signed-in user reads only their own notifications.';
grant select on public.notifications to authenticated;

-- Per-kind preferences; a missing row means on.
create table if not exists public.notification_preferences (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  enabled boolean not null,
  primary key (user_id, kind),
  constraint notification_preferences_kind check (kind in ('outlet_review', 'wishlist_release', 'list_liked', 'review_helpful', 'level_up', 'new_follower'))
);
alter table public.notification_preferences enable row level security;

-- A review an outlet publishes (at once, or when its embargo lifts and `counted` turns
-- true) notifies the outlet's followers: one set-based insert, not a loop per follower.
create or replace function public.notify_outlet_followers() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.kind <> 'review' or not new.counted or (tg_op = 'UPDATE' and old.counted) then
    return null;
  end if;
  insert into public.notifications (user_id, kind, source, data, created_at)
  select f.user_id, 'outlet_review', 'critic_review:' || new.id,
         jsonb_build_object('outletId', o.id, 'outlet', o.name, 'outletSlug', o.slug,
                            'gameId', g.id, 'game', g.title, 'gameSlug', g.slug, 'score', new.score),
         greatest(new.published_at, now() - interval '1 minute')
  from public.outlet_follows f
  join public.outlets o on o.id = new.outlet_id
  join public.games g on g.id = new.game_id
  where f.outlet_id = new.outlet_id
    and not exists (select 1 from public.notification_preferences p
                    where p.user_id = f.user_id and p.kind = 'outlet_review' and not p.enabled)
  on conflict do nothing;
  return null;
end
$$;
revoke execute on function public.notify_outlet_followers() from public, anon, authenticated;

create trigger critic_reviews_notify_followers after insert or update of counted on public.critic_reviews
  for each row execute function public.notify_outlet_followers();

-- On hosted Supabase: each new notification is broadcast on the user's private channel
-- `user:{id}`, and only that user may join it (RLS on realtime.messages). Where the
-- realtime schema is absent (embedded, self-hosted) the node server delivers instead.
do $outer$
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    return;
  end if;
  execute $fn$
    create or replace function public.broadcast_notification() returns trigger
      language plpgsql
      security definer
      set search_path = ''
    as $body$
    begin
      perform realtime.send(
        jsonb_build_object('id', new.id, 'kind', new.kind, 'data', new.data, 'created_at', new.created_at),
        'notification', 'user:' || new.user_id::text, true);
      return null;
    end
    $body$
  $fn$;
  execute 'revoke execute on function public.broadcast_notification() from public, anon, authenticated';
  execute 'create trigger notifications_broadcast after insert on public.notifications
             for each row execute function public.broadcast_notification()';
  execute $p$
    create policy "realtime: a user joins only their own notification channel" on realtime.messages
      for select to authenticated
      using (realtime.topic() = 'user:' || (select auth.uid())::text and extension = 'broadcast')
  $p$;
  execute $c$comment on policy "realtime: a user joins only their own notification channel" on realtime.messages is 'Private channel user:{id} is joinable by that user only.'$c$;
end
$outer$;

grant all on public.xp_ledger, public.user_xp, public.xp_periods, public.outlet_follows, public.user_follows,
  public.follow_counts, public.notifications, public.notification_preferences to service_role;
