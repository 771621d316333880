-- Awarding XP in one statement.
--
-- An award touches the day's row (the cap), the ledger, the week's and month's points and
-- the kept total and level. Sent as separate statements that is ten round trips, and on the
-- embedded database each one crosses a thread; as one function call it is one.
-- The rules stay in src/lib/xp/xp.ts: the caller passes what the event is worth, whether it
-- is a milestone, the daily cap and the level thresholds, so the numbers live in one place.
-- Privilege model as in the first migration: only the site's server (the owner) calls it;
-- the API roles may not, or a user could award themselves anything.

create or replace function public.award_xp(
  p_user uuid,
  p_kind text,
  p_source text,
  -- What the event is worth, whether it escapes the daily cap, and the cap itself.
  p_points integer,
  p_milestone boolean,
  p_cap integer,
  -- XP needed for each level, ascending from level 1 (0).
  p_levels integer[],
  -- When it happened; the transaction's clock when null.
  p_at timestamptz default null
) returns table (awarded boolean, points integer, total integer, level integer, previous_level integer)
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_at timestamptz := coalesce(p_at, now());
  v_day date := (v_at at time zone 'utc')::date;
  v_today integer;
  v_points integer;
  v_before_total integer;
  v_before_level integer;
  v_total integer;
  v_level integer;
begin
  -- Locks today's row first, so two awards at once cannot both fit under the cap.
  insert into public.xp_periods as p (period, starts, user_id, points, reached_at)
    values ('day', v_day, p_user, 0, v_at)
    on conflict (period, starts, user_id) do update set points = p.points
    returning p.points into v_today;

  v_points := case when p_milestone then p_points
                   else greatest(0, least(p_points, p_cap - greatest(0, v_today))) end;

  insert into public.xp_ledger (user_id, kind, source, requested, points, created_at)
    values (p_user, p_kind, p_source, p_points, v_points, v_at)
    on conflict (user_id, kind, source) where reverses is null do nothing;
  if not found then
    return query select false, 0, 0, 0, 0;
    return;
  end if;

  -- Milestones do not count against the cap but still show in the day's points.
  insert into public.xp_periods as p (period, starts, user_id, points, reached_at)
    values ('day', v_day, p_user, v_points, v_at),
           ('week', date_trunc('week', v_at at time zone 'utc')::date, p_user, v_points, v_at),
           ('month', date_trunc('month', v_at at time zone 'utc')::date, p_user, v_points, v_at)
    on conflict (period, starts, user_id) do update
      set points = greatest(p.points + excluded.points, 0),
          reached_at = case when excluded.points > 0 then excluded.reached_at else p.reached_at end;

  select x.total, x.level into v_before_total, v_before_level
    from public.user_xp x where x.user_id = p_user for update;
  v_total := greatest(0, coalesce(v_before_total, 0) + v_points);
  v_level := greatest(1, (select count(*)::integer from unnest(p_levels) as t (xp) where t.xp <= v_total));

  insert into public.user_xp as x (user_id, total, level, reached_at)
    values (p_user, v_total, v_level, v_at)
    on conflict (user_id) do update
      set total = excluded.total,
          level = excluded.level,
          reached_at = case when v_points > 0 then excluded.reached_at else x.reached_at end;

  return query select true, v_points, v_total, v_level, coalesce(v_before_level, 1)::integer;
end
$$;
revoke execute on function public.award_xp(uuid, text, text, integer, boolean, integer, integer[], timestamptz) from public, anon, authenticated;
