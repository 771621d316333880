-- Following a player failed on every call: in keep_follow_counts() the player branch's
-- `on conflict (subject_type, subject_id)` named columns that were also the function's own
-- variables, and PostgreSQL refused the ambiguous reference. The variables now carry a v_
-- prefix and the conflicts name the primary key constraint, so no column reference can
-- collide with a variable again.
--
-- security definer: the counts are derived data that must stay right whoever deletes a
-- follow (a user's own request, or GoTrue deleting the account as supabase_auth_admin,
-- which cascades into the follow tables).

create or replace function public.keep_follow_counts() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_delta integer := case when tg_op = 'INSERT' then 1 else -1 end;
  v_subject_type text;
  v_subject_id text;
  v_follower uuid;
begin
  if tg_table_name = 'outlet_follows' then
    v_subject_type := 'outlet';
    v_subject_id := coalesce(new.outlet_id, old.outlet_id)::text;
  else
    v_subject_type := 'user';
    if tg_op = 'INSERT' then
      v_subject_id := new.followed_id::text;
      v_follower := new.follower_id;
    else
      v_subject_id := old.followed_id::text;
      v_follower := old.follower_id;
    end if;
    insert into public.follow_counts as c (subject_type, subject_id, following)
      values ('user', v_follower::text, greatest(v_delta, 0))
      on conflict on constraint follow_counts_pkey do update set following = greatest(c.following + v_delta, 0);
  end if;
  insert into public.follow_counts as c (subject_type, subject_id, followers)
    values (v_subject_type, v_subject_id, greatest(v_delta, 0))
    on conflict on constraint follow_counts_pkey do update set followers = greatest(c.followers + v_delta, 0);
  return null;
end
$$;
revoke execute on function public.keep_follow_counts() from public, anon, authenticated;
