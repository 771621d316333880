-- Accounts: profiles, subscription plans and user subscriptions.
--
-- Privilege model (applies to every later migration too): the site's server connects
-- as the database owner and enforces permissions itself; the `anon` and `authenticated`
-- roles, which hosted Supabase exposes through its REST API with the public anon key,
-- get nothing by default and only what a policy below grants back explicitly.

alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke execute on functions from public, anon, authenticated;
revoke create on schema public from public;
grant usage on schema public to anon, authenticated, service_role;

-- Shared trigger function: keeps updated_at honest without trusting callers.
create or replace function public.set_updated_at() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function public.set_updated_at() from public, anon, authenticated;

-- Profiles ---------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text,
  full_name text,
  bio text,
  email text,
  avatar_url text,
  created_at timestamptz not null default now(),
  constraint profiles_username_format check (username ~ '^[A-Za-z0-9_-]{3,20}$'),
  constraint profiles_full_name_length check (char_length(full_name) <= 100),
  constraint profiles_bio_length check (char_length(bio) <= 500),
  constraint profiles_avatar_url_http check (avatar_url ~ '^https?://')
);
comment on table public.profiles is 'Public face of an auth user; id is the auth.users id.';
comment on column public.profiles.username is
  'Null until chosen (a Google sign-in creates the profile before the user picks one); unique case-insensitively.';
comment on column public.profiles.email is 'Copy of the sign-up email; never granted to the API roles.';

create unique index profiles_username_lower_key on public.profiles (lower(username));

alter table public.profiles enable row level security;

-- Public columns only: email stays private even to the profile's owner through the API.
grant select (id, username, full_name, bio, avatar_url, created_at) on public.profiles to anon, authenticated;
grant update (username, full_name, bio, avatar_url) on public.profiles to authenticated;
grant all on public.profiles to service_role;

create policy profiles_select_public on public.profiles
  for select to anon, authenticated using (true);
comment on policy profiles_select_public on public.profiles is 'Profiles are public pages; the column grants hide email.';

create policy profiles_update_own on public.profiles
  for update to authenticated using (id = auth.uid()) with check (id = auth.uid());
comment on policy profiles_update_own on public.profiles is 'A signed-in user edits only their own profile.';

-- Subscription plans ---------------------------------------------------------------

create table public.subscription_plans (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  display_name text not null,
  description text not null default '',
  price_cents integer,
  currency char(3) not null default 'USD',
  sort_order smallint not null default 0,
  created_at timestamptz not null default now(),
  constraint subscription_plans_name_format check (name ~ '^[a-z][a-z0-9_]*$'),
  constraint subscription_plans_price_non_negative check (price_cents >= 0)
);
comment on column public.subscription_plans.name is
  'Lower-case tier key (free, ad_free, premium); a user''s tier is the name of the plan on their active subscription.';
comment on column public.subscription_plans.price_cents is 'Monthly price in minor units; null while the plan is not on sale.';

insert into public.subscription_plans (name, display_name, description, sort_order) values
  ('free', 'Free', 'Follow outlets, earn XP, keep default lists, add and link games.', 0),
  ('ad_free', 'Ad-Free', 'Everything in Free, custom lists and no ads.', 1),
  ('premium', 'Premium', 'Everything in Ad-Free, plus publishing your own user reviews.', 2);

alter table public.subscription_plans enable row level security;
grant select on public.subscription_plans to anon, authenticated;
grant all on public.subscription_plans to service_role;

create policy subscription_plans_select_public on public.subscription_plans
  for select to anon, authenticated using (true);
comment on policy subscription_plans_select_public on public.subscription_plans is 'The plan catalogue is public.';

-- User subscriptions ------------------------------------------------------------------

create table public.user_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  plan_id uuid not null references public.subscription_plans (id),
  status text not null,
  current_period_start timestamptz not null default now(),
  current_period_end timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_subscriptions_status check (status in ('active', 'trialing', 'past_due', 'canceled', 'expired')),
  constraint user_subscriptions_period check (current_period_end is null or current_period_end > current_period_start)
);
comment on column public.user_subscriptions.status is 'Only status = active grants the plan''s tier.';

-- At most one active subscription per user, so "the plan on their active subscription" is well defined.
create unique index user_subscriptions_one_active on public.user_subscriptions (user_id) where status = 'active';
create index user_subscriptions_user_id on public.user_subscriptions (user_id);
create index user_subscriptions_plan_id on public.user_subscriptions (plan_id);

create trigger user_subscriptions_set_updated_at before update on public.user_subscriptions
  for each row execute function public.set_updated_at();

alter table public.user_subscriptions enable row level security;
grant select on public.user_subscriptions to authenticated;
grant all on public.user_subscriptions to service_role;

create policy user_subscriptions_select_own on public.user_subscriptions
  for select to authenticated using (user_id = auth.uid());
comment on policy user_subscriptions_select_own on public.user_subscriptions is 'Users see only their own subscriptions; changes go through the server.';
