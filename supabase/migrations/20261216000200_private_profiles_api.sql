-- A private profile is private through the API roles too. The site shows others a private
-- profile's name and avatar only; PostgREST cannot hide some columns of some rows, so with
-- Supabase's public anon key a private profile is not readable at all, except by its owner
-- (the spec's own-profile read). The site's server reads as the owner and is not affected.

-- Whether a profile may be read through the API roles: the caller's own, or one that is not
-- private. security definer: profile_settings is not readable by the API roles, and the
-- answer (private or not) is all that leaves the function.
create or replace function public.profile_is_readable(p_id uuid) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select p_id = (select auth.uid())
      or not exists (select 1 from public.profile_settings s where s.user_id = p_id and s.is_private)
$$;
revoke execute on function public.profile_is_readable(uuid) from public;
grant execute on function public.profile_is_readable(uuid) to anon, authenticated, service_role;

drop policy if exists profiles_select_public on public.profiles;
create policy profiles_select_public on public.profiles
  for select to anon, authenticated using (public.profile_is_readable(id));
comment on policy profiles_select_public on public.profiles is
  'Profiles are public pages, except a private one, which only its owner reads; the column grants hide email.';

-- Every public read of players' things (lists, leaderboards) leaves the private profiles
-- out: they are few beside the rest, and this index holds just them.
create index if not exists profile_settings_private_idx on public.profile_settings (user_id) where is_private;
