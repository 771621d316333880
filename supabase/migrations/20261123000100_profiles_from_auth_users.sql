-- Accounts, part two: every auth user has exactly one profile, created in the same
-- transaction as the user from the sign-up metadata (username, full_name, bio), by a
-- trigger on auth.users. It runs the same on hosted Supabase (where Supabase Auth inserts
-- the user) and locally (where the site's own auth service does), so a failed profile
-- insert (a taken or reserved username) rolls the whole sign-up back: no user without a
-- profile. profiles.id references auth.users on delete cascade: no profile without a user.

-- Reserved usernames ------------------------------------------------------------------
-- The same list as RESERVED_USERNAMES in src/lib/auth/validation.ts (a test compares them),
-- enforced here too so that no path around the site's forms can claim one.

create table public.reserved_usernames (
  name text primary key,
  constraint reserved_usernames_lower check (name = lower(name))
);
comment on table public.reserved_usernames is 'Usernames nobody may register (compared case-insensitively).';
alter table public.reserved_usernames enable row level security;
grant all on public.reserved_usernames to service_role;
-- No grant and no policy for anon or authenticated: the list is the server's business.

insert into public.reserved_usernames (name) values
  ('admin'), ('administrator'), ('root'), ('api'), ('www'), ('mail'), ('support'), ('help'), ('login'),
  ('signin'), ('signup'), ('register'), ('auth'), ('user'), ('profile'), ('account'), ('dashboard'),
  ('settings'), ('system'), ('test'), ('demo'), ('guest'), ('anonymous'), ('null'), ('undefined'),
  ('moderator'), ('mod'), ('staff'), ('admins'), ('superuser'), ('sysadmin'), ('webmaster'), ('hostmaster'),
  ('postmaster'), ('owner'), ('team'), ('official'), ('moderators'), ('mods'), ('security'), ('abuse'),
  ('noreply'), ('no-reply'), ('info'), ('contact'), ('billing'), ('legal'), ('press'), ('media'), ('critic'),
  ('critics'), ('editor'), ('editors'), ('bot'), ('robot'), ('daemon'), ('service'), ('logout'), ('signout'),
  ('sign-in'), ('sign-up'), ('log-in'), ('log-out'), ('password'), ('reset-password'), ('confirm'),
  ('callback'), ('oauth'), ('session'), ('sessions'), ('token'), ('verify'), ('users'), ('profiles'),
  ('accounts'), ('me'), ('subscription'), ('membership'), ('payment'), ('premium'), ('ad-free'), ('free'),
  ('about'), ('faq'), ('features'), ('changelog'), ('privacy-policy'), ('terms-of-service'), ('privacy'),
  ('terms'), ('calendar'), ('collections'), ('leaderboard'), ('levels'), ('lists'), ('outlets'), ('outlet'),
  ('publishers'), ('reviews'), ('browse'), ('authors'), ('author'), ('games'), ('game'), ('add-game'),
  ('manage-outlet'), ('search'), ('error'), ('dev'), ('site-application'), ('static'), ('assets'),
  ('public'), ('favicon'), ('sw'), ('robots'), ('sitemap'), ('feed'), ('rss'), ('status'), ('health'),
  ('home'), ('index'), ('new'), ('edit'), ('delete'), ('create'), ('notifications'), ('nil'), ('none'),
  ('unknown'), ('example'), ('sample'), ('tester'), ('testing'), ('default'), ('everyone'), ('all');

create or replace function public.check_profile_username() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.username is not null
     and exists (select 1 from public.reserved_usernames r where r.name = lower(new.username)) then
    raise exception 'This username is reserved and cannot be used'
      using errcode = 'check_violation', constraint = 'profiles_username_not_reserved', table = 'profiles';
  end if;
  return new;
end
$$;
revoke execute on function public.check_profile_username() from public, anon, authenticated;

create trigger profiles_check_username before insert or update of username on public.profiles
  for each row execute function public.check_profile_username();

-- Profile from sign-up metadata --------------------------------------------------------

create or replace function public.handle_new_user() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  avatar text := nullif(btrim(coalesce(meta ->> 'avatar_url', meta ->> 'picture')), '');
begin
  insert into public.profiles (id, username, full_name, bio, email, avatar_url)
  values (
    new.id,
    -- A Google sign-in carries no username: the user picks one on /confirm.
    nullif(btrim(meta ->> 'username'), ''),
    left(nullif(btrim(coalesce(meta ->> 'full_name', meta ->> 'name')), ''), 100),
    left(nullif(btrim(meta ->> 'bio'), ''), 500),
    new.email,
    case when avatar ~ '^https?://' then avatar end
  );
  return new;
end
$$;
revoke execute on function public.handle_new_user() from public, anon, authenticated;
comment on function public.handle_new_user() is
  'Creates the profile of a new auth user from its metadata, in the same transaction; a failure aborts the sign-up.';

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- Keep the profile's private email copy in step with a confirmed email change.
create or replace function public.handle_user_email_change() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end
$$;
revoke execute on function public.handle_user_email_change() from public, anon, authenticated;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.handle_user_email_change();
