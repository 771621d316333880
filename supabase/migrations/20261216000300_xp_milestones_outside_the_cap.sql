-- Milestones are not counted against the daily cap, as /dashboard/earn-xp says. They were
-- added to the day's points, which is what the cap reads, so the 50-point account
-- confirmation left a new member 150 capped points for the rest of the day. The day's row
-- now holds only the points the cap counts; milestones still go to the week, the month and
-- the total (the leaderboards).
--
-- The functions keep their names; apply_xp_points and reverse_xp take one more argument
-- with a default, so a caller of the old argument list still finds them.

drop function if exists public.apply_xp_points(uuid, integer, timestamptz, timestamptz, integer[]);

-- Adds (or, negative, takes) points: to the week and month of p_periods_at and to the kept
-- total, whose level is counted from the thresholds, and to the day only when they count
-- against the cap (p_capped). A period or total never goes below zero; only a gain moves
-- the time a total was reached (ties on the leaderboards).
create or replace function public.apply_xp_points(
  p_user uuid,
  p_points integer,
  p_at timestamptz,
  p_periods_at timestamptz,
  -- XP needed for each level, ascending from level 1 (0).
  p_levels integer[],
  p_capped boolean default true
) returns table (total integer, level integer, previous_level integer)
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_before_total integer;
  v_before_level integer;
  v_total integer;
  v_level integer;
begin
  insert into public.xp_periods as p (period, starts, user_id, points, reached_at)
    select v.period, v.starts, p_user, greatest(p_points, 0), p_at
    from (values ('day', (p_periods_at at time zone 'utc')::date),
                 ('week', date_trunc('week', p_periods_at at time zone 'utc')::date),
                 ('month', date_trunc('month', p_periods_at at time zone 'utc')::date)) as v (period, starts)
    where p_capped or v.period <> 'day'
    on conflict (period, starts, user_id) do update
      set points = greatest(p.points + p_points, 0),
          reached_at = case when p_points > 0 then excluded.reached_at else p.reached_at end;

  select x.total, x.level into v_before_total, v_before_level
    from public.user_xp x where x.user_id = p_user for update;
  v_total := greatest(0, coalesce(v_before_total, 0) + p_points);
  v_level := greatest(1, (select count(*)::integer from unnest(p_levels) as t (xp) where t.xp <= v_total));

  insert into public.user_xp as x (user_id, total, level, reached_at)
    values (p_user, v_total, v_level, p_at)
    on conflict (user_id) do update
      set total = excluded.total,
          level = excluded.level,
          reached_at = case when p_points > 0 then excluded.reached_at else x.reached_at end;

  return query select v_total, v_level, coalesce(v_before_level, 1)::integer;
end
$$;
revoke execute on function public.apply_xp_points(uuid, integer, timestamptz, timestamptz, integer[], boolean) from public, anon, authenticated;

-- award_xp as before (the day's row locked first for the cap, the ledger row, a duplicate
-- changes nothing), except that a milestone's points stay out of the day's row.
create or replace function public.award_xp(
  p_user uuid,
  p_kind text,
  p_source text,
  p_points integer,
  p_milestone boolean,
  p_cap integer,
  p_levels integer[],
  p_at timestamptz default null
) returns table (awarded boolean, points integer, total integer, level integer, previous_level integer)
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_at timestamptz := coalesce(p_at, now());
  v_today integer;
  v_points integer;
  v_applied record;
begin
  -- Locks today's row first, so two awards at once cannot both fit under the cap.
  insert into public.xp_periods as p (period, starts, user_id, points, reached_at)
    values ('day', (v_at at time zone 'utc')::date, p_user, 0, v_at)
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

  select a.total, a.level, a.previous_level into v_applied
    from public.apply_xp_points(p_user, v_points, v_at, v_at, p_levels, not p_milestone) a;
  return query select true, v_points, v_applied.total, v_applied.level, v_applied.previous_level;
end
$$;
revoke execute on function public.award_xp(uuid, text, text, integer, boolean, integer, integer[], timestamptz) from public, anon, authenticated;

drop function if exists public.reverse_xp(uuid, text, text, integer[]);

-- Takes back an award whose source was deleted: a reversal row (once), and its points taken
-- from the week and month it was earned in, from the total, and from that day's capped
-- points unless it was a milestone. Returns the points taken.
create or replace function public.reverse_xp(p_user uuid, p_kind text, p_source text, p_levels integer[], p_milestone boolean default false)
  returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_id bigint;
  v_points integer;
  v_earned timestamptz;
begin
  select l.id, l.points, l.created_at into v_id, v_points, v_earned
    from public.xp_ledger l
    where l.user_id = p_user and l.kind = p_kind and l.source = p_source and l.reverses is null;
  if not found then
    return 0;
  end if;
  insert into public.xp_ledger (user_id, kind, source, requested, points, reverses, created_at)
    values (p_user, p_kind, p_source, 0, -v_points, v_id, now())
    on conflict (reverses) where reverses is not null do nothing;
  if not found or v_points = 0 then
    return 0;
  end if;
  perform public.apply_xp_points(p_user, -v_points, now(), v_earned, p_levels, not p_milestone);
  return v_points;
end
$$;
revoke execute on function public.reverse_xp(uuid, text, text, integer[], boolean) from public, anon, authenticated;
