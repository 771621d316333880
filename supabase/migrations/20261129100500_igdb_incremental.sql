-- The IGDB sync, incremental and on every database (docs/decisions/igdb-sync.md): jobs that
-- keep their own short transactions hold a lease in app_meta.job_runs instead of one long
-- transaction; sync runs are full or incremental (what changed on IGDB since a watermark,
-- then a check of catalogue IGDB ids in turn for records IGDB no longer has); the change log
-- names games unbound, deleted, merged or moved to another IGDB record.

alter table app_meta.job_runs add column if not exists claimed_until timestamptz;
comment on column app_meta.job_runs.claimed_until is
  'For jobs that keep their own transactions: the run under way holds the job until then (or until it ends).';

alter table public.game_external_ids add column if not exists source_updated_at timestamptz;
comment on column public.game_external_ids.source_updated_at is
  'When the source last changed its record, as it said at the last sync (an incremental sync skips records unchanged since).';

alter table public.igdb_sync_runs drop constraint if exists igdb_sync_runs_kind_known;
alter table public.igdb_sync_runs add constraint igdb_sync_runs_kind_known check (kind in ('full', 'incremental'));
alter table public.igdb_sync_runs add column if not exists since timestamptz;
alter table public.igdb_sync_runs add column if not exists phase text not null default 'changes';
alter table public.igdb_sync_runs add column if not exists check_cursor text not null default '';
alter table public.igdb_sync_runs add column if not exists removed integer not null default 0;
alter table public.igdb_sync_runs add column if not exists checked integer not null default 0;
alter table public.igdb_sync_runs drop constraint if exists igdb_sync_runs_phase_known;
alter table public.igdb_sync_runs add constraint igdb_sync_runs_phase_known check (phase in ('changes', 'removals'));
alter table public.igdb_sync_runs drop constraint if exists igdb_sync_runs_since_incremental;
alter table public.igdb_sync_runs add constraint igdb_sync_runs_since_incremental check ((kind = 'incremental') = (since is not null));
alter table public.igdb_sync_runs drop constraint if exists igdb_sync_runs_check_cursor_length;
alter table public.igdb_sync_runs add constraint igdb_sync_runs_check_cursor_length check (char_length(check_cursor) <= 20);
comment on column public.igdb_sync_runs.since is 'Incremental runs: IGDB records changed after this are fetched (the last finished run''s start, less an overlap).';
comment on column public.igdb_sync_runs.phase is 'Incremental runs: fetching changes, then checking catalogue IGDB ids for records IGDB no longer has.';
comment on column public.igdb_sync_runs.checked is 'Incremental runs: how many catalogue IGDB ids this run checked.';
comment on column public.igdb_sync_runs.removed is 'Incremental runs: games unbound, deleted or merged because IGDB no longer has their record.';
comment on column public.igdb_sync_runs.check_cursor is 'The last catalogue IGDB id checked (text order); the next incremental run goes on after it, wrapping round.';

alter table public.igdb_changes drop constraint if exists igdb_changes_action_known;
alter table public.igdb_changes add constraint igdb_changes_action_known check (
  action in ('created', 'updated', 'matched', 'queued', 'dismissed', 'unbound', 'deleted', 'merged', 'rebound')
);

-- Title matching reads candidates by a title's longest word; only games not made by IGDB alone
-- can be candidates (IGDB's own are bound to their record), so the index leaves those out and
-- stays the size of the catalogue the site had before IGDB.
create index if not exists games_title_words_not_igdb_idx on public.games using gin (public.title_words(title))
  where not (sources <@ array['igdb'::text]);
