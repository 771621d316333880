-- An outlet's review reaches its followers on read (docs/decisions/outlet-review-fan-out.md).
--
-- Publishing records one event; each follower's notification row is written when that
-- follower next reads their notifications, or at once for followers with the site open (the
-- node server's Realtime service asks for them). A follower who never comes back costs
-- nothing, and publishing to 100 000 followers writes one row instead of 100 000.
-- Hosted Supabase, whose Realtime broadcasts each notification row from the database, keeps
-- writing every follower's row at publication (below).
-- Privilege model as in the first migration: the API roles get nothing here.

-- One row per published outlet review, kept as long as the longest retention (168 hours).
create table if not exists public.outlet_review_events (
  review_id bigint primary key references public.critic_reviews (id) on delete cascade,
  outlet_id integer not null references public.outlets (id) on delete cascade,
  -- What each follower's notification shows (as the notification's data).
  data jsonb not null,
  -- The notifications' time: the publication, or now for an embargo that lifted late.
  created_at timestamptz not null,
  -- When it was published here: who followed the outlet by then is told.
  recorded_at timestamptz not null default now()
);
comment on table public.outlet_review_events is
  'Published outlet reviews not yet written into every follower''s notifications; deleted after 168 hours.';
create index if not exists outlet_review_events_outlet_idx on public.outlet_review_events (outlet_id, recorded_at);
create index if not exists outlet_review_events_recorded_idx on public.outlet_review_events (recorded_at);
alter table public.outlet_review_events enable row level security;

-- Up to when each user's outlet reviews were written into their notifications.
create table if not exists public.notification_inbox (
  user_id uuid primary key references auth.users (id) on delete cascade,
  synced_at timestamptz not null
);
alter table public.notification_inbox enable row level security;

-- When a kind was last turned back on: a review published while it was off is not told later.
alter table public.notification_preferences add column if not exists enabled_at timestamptz;

grant all on public.outlet_review_events, public.notification_inbox to service_role;

-- Writes the notifications of events recorded after p_after for these users: followers by
-- the event's time who had the kind on. Idempotent (one notification per user and review).
create or replace function public.write_outlet_review_notifications(p_users uuid[], p_after timestamptz)
  returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_added integer;
begin
  -- Most calls (the Realtime service asks twice a second) find nothing new: stop before
  -- looking at anyone's follows.
  if not exists (select 1 from public.outlet_review_events e where e.recorded_at > p_after) then
    return 0;
  end if;
  insert into public.notifications (user_id, kind, source, data, created_at)
  select f.user_id, 'outlet_review', 'critic_review:' || e.review_id, e.data, e.created_at
  from public.outlet_review_events e
  join public.outlet_follows f on f.outlet_id = e.outlet_id and f.user_id = any (p_users) and f.created_at <= e.recorded_at
  where e.recorded_at > p_after
    and not exists (select 1 from public.notification_preferences p
                    where p.user_id = f.user_id and p.kind = 'outlet_review'
                      and (not p.enabled or p.enabled_at > e.recorded_at))
  on conflict do nothing;
  get diagnostics v_added = row_count;
  return v_added;
end
$$;
revoke execute on function public.write_outlet_review_notifications(uuid[], timestamptz) from public, anon, authenticated;

-- Brings one user's notifications up to date before they are read: the outlet reviews since
-- the last time (a minute back, for a publication that committed late), within the hours
-- their tier keeps.
create or replace function public.sync_notification_inbox(p_user uuid, p_hours integer)
  returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_synced timestamptz;
begin
  select i.synced_at into v_synced from public.notification_inbox i where i.user_id = p_user;
  -- Moved on at most once a minute: reading the badge on every page stays a read. Two
  -- readers at once only write the same rows twice, which the unique key absorbs.
  insert into public.notification_inbox as i (user_id, synced_at) values (p_user, now())
    on conflict (user_id) do update set synced_at = excluded.synced_at
    where i.synced_at < excluded.synced_at - interval '1 minute';
  return public.write_outlet_review_notifications(
    array[p_user],
    greatest(now() - make_interval(hours => p_hours), coalesce(v_synced - interval '1 minute', '-infinity')));
end
$$;
revoke execute on function public.sync_notification_inbox(uuid, integer) from public, anon, authenticated;

-- A review (not a preview) an outlet publishes, at once or when its embargo lifts and
-- `counted` turns true, becomes an event; unpublished again, it stops reaching followers.
create or replace function public.notify_outlet_followers() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.kind <> 'review' then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.counted and not new.counted then
    delete from public.outlet_review_events where review_id = new.id;
    return null;
  end if;
  if not new.counted or (tg_op = 'UPDATE' and old.counted) then
    return null;
  end if;
  insert into public.outlet_review_events as e (review_id, outlet_id, data, created_at)
  select new.id, o.id,
         jsonb_build_object('outletId', o.id, 'outlet', o.name, 'outletSlug', o.slug,
                            'gameId', g.id, 'game', g.title, 'gameSlug', g.slug, 'score', new.score),
         greatest(new.published_at, now() - interval '1 minute')
  from public.outlets o
  join public.games g on g.id = new.game_id
  where o.id = new.outlet_id
  on conflict (review_id) do update set data = excluded.data, created_at = excluded.created_at, recorded_at = now();
  -- Hosted Supabase broadcasts each notification row as it is written: every follower's
  -- row is written now so that the ones with the site open hear of it.
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is not null then
    perform public.write_outlet_review_notifications(
      array(select f.user_id from public.outlet_follows f where f.outlet_id = new.outlet_id), now() - interval '1 second');
  end if;
  return null;
end
$$;
revoke execute on function public.notify_outlet_followers() from public, anon, authenticated;
