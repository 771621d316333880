-- Database hygiene, as Supabase's database advisors check it (src/lib/db/security.test.ts
-- enforces both rules for every function and policy, so later migrations keep them).
--
-- 1. Every function pins its search_path. A function that resolves names through the
--    caller's search_path can be made to call an object a caller planted earlier in the
--    path. These two score functions use only pg_catalog, which is always searched, so
--    an empty path changes nothing in what they compute.
alter function public.normalise_critic_score(text, text) set search_path = '';
alter function public.critic_score_band(smallint) set search_path = '';

-- 2. Policies read the caller's id as `(select auth.uid())`: wrapped in a subquery, Postgres
--    evaluates it once per statement (an InitPlan) instead of once per row it checks.
alter policy profiles_update_own on public.profiles
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

alter policy user_subscriptions_select_own on public.user_subscriptions
  using (user_id = (select auth.uid()));
