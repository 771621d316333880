-- Hosted Supabase broadcasts each notification row as it is written, so there a published
-- review writes every follower's row at once. The trigger handed the outlet's followers to
-- write_outlet_review_notifications as an array (100 000 ids for the most followed outlet),
-- which looked each one up again by user and then walked every outlet each of them follows.
-- Now the one review's rows are written from its outlet's followers, read once through
-- outlet_follows_outlet_idx. The rows are the same: followers by the time the review was
-- recorded, unless they had turned outlet reviews off by then; once per review.

create or replace function public.write_review_notifications_to_followers(p_review bigint)
  returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_added integer;
begin
  insert into public.notifications (user_id, kind, source, data, created_at)
  select f.user_id, 'outlet_review', 'critic_review:' || e.review_id, e.data, e.created_at
  from public.outlet_review_events e
  join public.outlet_follows f on f.outlet_id = e.outlet_id and f.created_at <= e.recorded_at
  where e.review_id = p_review
    and not exists (select 1 from public.notification_preferences p
                    where p.user_id = f.user_id and p.kind = 'outlet_review'
                      and (not p.enabled or p.enabled_at > e.recorded_at))
  on conflict do nothing;
  get diagnostics v_added = row_count;
  return v_added;
end
$$;
revoke execute on function public.write_review_notifications_to_followers(bigint) from public, anon, authenticated;

-- The trigger as before, calling the function above where the database broadcasts.
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
    perform public.write_review_notifications_to_followers(new.id);
  end if;
  return null;
end
$$;
revoke execute on function public.notify_outlet_followers() from public, anon, authenticated;
