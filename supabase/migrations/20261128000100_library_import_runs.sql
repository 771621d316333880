-- Library imports run in short steps (each its own statement or transaction) so that other
-- requests get the database between them; a run therefore spans many transactions, and a
-- row, not a lock, says that one is under way. One run per player at a time: a second
-- preview or import while one runs is refused (409) instead of doubling the work. A run
-- whose process died stops counting once its heartbeat is two minutes old.

create table if not exists public.library_import_runs (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- A token per run: only the run that holds the row ends it or beats for it.
  run_id uuid not null,
  kind text not null,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  constraint library_import_runs_kind_known check (kind in ('preview', 'import'))
);
comment on table public.library_import_runs is
  'The library import or preview each player has under way (at most one); stale after two minutes without a heartbeat.';
-- Server only: no policy, so the API roles see nothing.
alter table public.library_import_runs enable row level security;
grant all on public.library_import_runs to service_role;

-- Matching an import's titles exactly (case aside) in one statement over the list of titles:
-- the trigram index answers similarity, not equality, well.
create index if not exists games_lower_title_idx on public.games (lower(title));

-- The catalogue's closest games to each of a run of imported titles (lower case), best three
-- by trigram similarity. Always through the trigram index: on a small catalogue the planner
-- prefers reading every game, and then computes the similarity of every title with every
-- game (twice as slow per title measured on the demo catalogue), where the index hands over
-- only the games that share enough trigrams.
create or replace function public.import_title_candidates(p_titles text[])
  returns table (key text, id integer, title text, slug text)
  language sql
  stable
  set search_path = ''
  set enable_seqscan = off
as $$
  select t.title, c.id, c.title, c.slug
  from unnest(p_titles) as t (title)
  cross join lateral (
    select g.id, g.title, g.slug from public.games g
    where lower(g.title) operator(extensions.%) t.title
    order by extensions.similarity(lower(g.title), t.title) desc, g.id
    limit 3
  ) c
$$;
revoke execute on function public.import_title_candidates(text[]) from public, anon, authenticated;
