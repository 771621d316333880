-- Moderation: hiding user reviews and lists with a reason, reports of lists, and the
-- notifications a hide and a coverage request raise.
--
-- Hidden state lives on the content row itself (hidden, hidden_reason, hidden_at,
-- hidden_by): every public query already filters the row it reads, the user score's
-- triggers already take `hidden` into account in the same transaction, and the author's
-- own pages read the reason from the same row. See docs/decisions/moderation.md.

alter table public.user_reviews
  add column if not exists hidden_reason text,
  add column if not exists hidden_at timestamptz,
  add column if not exists hidden_by uuid references auth.users (id) on delete set null;
alter table public.user_reviews drop constraint if exists user_reviews_hidden_reason_length;
alter table public.user_reviews add constraint user_reviews_hidden_reason_length check (char_length(hidden_reason) <= 1000);

alter table public.user_lists
  add column if not exists hidden boolean not null default false,
  add column if not exists hidden_reason text,
  add column if not exists hidden_at timestamptz,
  add column if not exists hidden_by uuid references auth.users (id) on delete set null;
alter table public.user_lists drop constraint if exists user_lists_hidden_reason_length;
alter table public.user_lists add constraint user_lists_hidden_reason_length check (char_length(hidden_reason) <= 1000);
comment on column public.user_lists.hidden is 'Hidden by a moderator: gone from every public page; its owner still sees it with the reason.';

-- Reports of lists: the same reasons and the same one-report-per-user rule as review reports.
create table if not exists public.user_list_reports (
  id bigint generated always as identity primary key,
  list_id integer not null references public.user_lists (id) on delete cascade,
  reporter_id uuid not null references auth.users (id) on delete cascade,
  reason text not null,
  details text,
  status text not null default 'open',
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  constraint user_list_reports_once unique (list_id, reporter_id),
  constraint user_list_reports_reason_known check (reason in ('spam', 'offensive', 'spoiler', 'off_topic', 'other')),
  constraint user_list_reports_details_length check (char_length(details) <= 500),
  constraint user_list_reports_status_known check (status in ('open', 'dismissed', 'actioned'))
);
comment on table public.user_list_reports is 'Reports of public lists for the moderation queue.';
create index if not exists user_list_reports_open_idx on public.user_list_reports (created_at) where status = 'open';
alter table public.user_list_reports enable row level security;
-- No grant for the API roles: reports are read by the site's server only.
grant all on public.user_list_reports to service_role;

-- The activity kind an administrator's coverage request records (one per outlet owner).
insert into public.activity_kinds (kind, description) values
  ('coverage_requested', 'An administrator asked an outlet''s owners to review a game')
on conflict (kind) do nothing;

-- The notifications a hide and a coverage request raise.
alter table public.notifications drop constraint if exists notifications_kind;
alter table public.notifications add constraint notifications_kind check (kind in (
  'outlet_review', 'wishlist_release', 'list_liked', 'review_helpful', 'level_up', 'new_follower',
  'content_hidden', 'coverage_requested'));
alter table public.notification_preferences drop constraint if exists notification_preferences_kind;
alter table public.notification_preferences add constraint notification_preferences_kind check (kind in (
  'outlet_review', 'wishlist_release', 'list_liked', 'review_helpful', 'level_up', 'new_follower',
  'content_hidden', 'coverage_requested'));
