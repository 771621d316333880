-- A user's outlet reviews are found from the outlets they follow (a handful), each through
-- outlet_review_events (outlet_id, recorded_at), instead of from every event recorded in the
-- window: after a bulk publication (an import, embargoes lifting together) the window holds
-- tens of thousands of events, and the planner read them all to keep the user's few.
-- The early exit reads the newest event from its index's end. Same rows as before: followers by the event's time who had the kind on, once per review.
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
  -- looking at anyone's follows. The latest event, read from the end of its index.
  if coalesce((select max(e.recorded_at) from public.outlet_review_events e) <= p_after, true) then
    return 0;
  end if;
  insert into public.notifications (user_id, kind, source, data, created_at)
  select f.user_id, 'outlet_review', 'critic_review:' || e.review_id, e.data, e.created_at
  from public.outlet_follows f
  cross join lateral (
    select e.review_id, e.data, e.created_at, e.recorded_at
    from public.outlet_review_events e
    where e.outlet_id = f.outlet_id and e.recorded_at > p_after and e.recorded_at >= f.created_at
  ) e
  where f.user_id = any (p_users)
    and not exists (select 1 from public.notification_preferences p
                    where p.user_id = f.user_id and p.kind = 'outlet_review'
                      and (not p.enabled or p.enabled_at > e.recorded_at))
  on conflict do nothing;
  get diagnostics v_added = row_count;
  return v_added;
end
$$;
revoke execute on function public.write_outlet_review_notifications(uuid[], timestamptz) from public, anon, authenticated;
