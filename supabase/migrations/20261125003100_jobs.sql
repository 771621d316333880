-- Scheduled jobs (functions/jobs) and the embargo release they took over from page reads.

-- One row per job. The runner writes it inside the transaction that holds the job's
-- advisory lock, so however many servers (or Vercel Cron) ask, a job runs once per period.
-- Private bookkeeping: app_meta is never exposed to anon or authenticated.
create table app_meta.job_runs (
  name text primary key,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_failed_at timestamptz,
  last_error text,
  constraint job_runs_name_format check (name ~ '^[a-z][a-z0-9-]{0,62}$'),
  constraint job_runs_error_length check (char_length(last_error) <= 1000)
);
comment on table app_meta.job_runs is
  'When each scheduled job last started, finished and failed (with its error), written by the job runner under the job''s advisory lock.';

-- Counts the reviews whose embargo has lifted and says which they were, so the job can
-- purge the cached pages that show them. `counted` is derived by the prepare trigger from
-- published_at <= now(), so touching the row is what releases it.
create function public.release_embargoed_critic_reviews()
  returns table (game_id integer, outlet_id integer, author_id integer)
  language sql
  security definer
  set search_path = ''
as $$
  update public.critic_reviews r set counted = true
  where not r.counted and r.published_at <= now()
  returning r.game_id, r.outlet_id, r.author_id;
$$;
revoke execute on function public.release_embargoed_critic_reviews() from public, anon, authenticated;
comment on function public.release_embargoed_critic_reviews() is
  'Adds reviews whose embargo has lifted to the aggregate and returns their game, outlet and author. Called by the release-critic-embargoes job.';

-- Same contract as before (release, then the next embargo time), through the function above.
create or replace function public.release_due_critic_reviews() returns timestamptz
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  next_due timestamptz;
begin
  perform public.release_embargoed_critic_reviews();
  select min(published_at) into next_due from public.critic_reviews where not counted;
  return next_due;
end
$$;
revoke execute on function public.release_due_critic_reviews() from public, anon, authenticated;
comment on function public.release_due_critic_reviews() is
  'Adds reviews whose embargo has lifted to the aggregate; returns the next embargo time.';
