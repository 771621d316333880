-- The administrators' side of the IGDB sync (docs/decisions/igdb-admin.md): a review an
-- administrator resolves is logged in igdb_changes like a run's work, with who decided and
-- which review it was; a dismissal is logged as such. The change log filters by run.

alter table public.igdb_changes add column if not exists admin_id uuid references auth.users (id) on delete set null;
alter table public.igdb_changes add column if not exists review_id integer references public.igdb_match_reviews (id) on delete set null;
comment on column public.igdb_changes.admin_id is 'The administrator who resolved a review (null for what a sync run did).';
comment on column public.igdb_changes.review_id is 'The review an administrator resolved with this change.';

alter table public.igdb_changes drop constraint if exists igdb_changes_action_known;
alter table public.igdb_changes add constraint igdb_changes_action_known check (
  action in ('created', 'updated', 'matched', 'queued', 'dismissed')
);

-- The change log of one run, newest first, by keyset.
create index if not exists igdb_changes_run_idx on public.igdb_changes (run_id, id desc);
