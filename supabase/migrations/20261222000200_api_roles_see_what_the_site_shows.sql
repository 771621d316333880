-- The REST API (PostgREST, as anon or authenticated) exposes only what the site shows that
-- person, and writes nothing: the browser never talks to PostgREST, the site's server reads
-- and writes as the owner and validates every write itself (zod, lengths, allowed URLs).
--
-- Profiles: a user could set their own profile's columns through the API, skipping the
-- site's validation (any URL as an avatar, any full name); the grant and the policy that
-- allowed it go. (Which profiles the API roles read is the select policy's: a private one
-- only by its owner.)
revoke update on public.profiles from anon, authenticated;
drop policy if exists profiles_update_own on public.profiles;

-- Where a hosted project grants every new table, sequence and function in public to the
-- API roles by default (Supabase's defaults for objects postgres makes), stop that: a table
-- a later migration adds is exposed only by a grant that migration writes.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;

-- A user's own subscriptions: what the membership page shows them, not the Stripe ids and
-- the webhook bookkeeping.
revoke all on public.user_subscriptions from anon, authenticated;
grant select (id, user_id, plan_id, status, current_period_start, current_period_end, created_at, updated_at,
  billing_period, cancel_at_period_end) on public.user_subscriptions to authenticated;
