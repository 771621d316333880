-- Community activity: one record of each thing a user did that others may see or that
-- earns something (a status set on a game, a list created or liked, a review published,
-- a helpful vote, a follow...). Features write it in the same transaction as the change
-- itself; XP, notifications and activity feeds are derived from it, idempotently, so a
-- retried request or a second worker never doubles anything.
--
-- Privilege model as in the first migration: the server reads and writes as the owner;
-- the API roles get nothing here (feeds are served by the site, which applies privacy).

-- The kinds of activity, one row each. A feature that records a new kind adds it here in
-- its own migration (and to ACTIVITY_KINDS in src/lib/activity/activity.ts; a test
-- compares the two).
create table if not exists public.activity_kinds (
  kind text primary key,
  description text not null,
  constraint activity_kinds_kind_format check (kind ~ '^[a-z][a-z0-9_]{1,47}$'),
  constraint activity_kinds_description_length check (char_length(description) between 1 and 200)
);
comment on table public.activity_kinds is 'The kinds of community activity the site records; one row per kind.';
alter table public.activity_kinds enable row level security;

insert into public.activity_kinds (kind, description) values
  ('account_confirmed', 'The user confirmed their account'),
  ('profile_updated', 'The user changed their public profile (avatar, name, bio)'),
  ('game_status_set', 'The user set or changed their play status on a game'),
  ('list_created', 'The user created a custom game list'),
  ('list_entry_added', 'The user added a game to one of their custom lists'),
  ('list_liked', 'The user liked someone else''s list'),
  ('review_published', 'The user published a review of a game'),
  ('review_voted_helpful', 'The user voted someone else''s review helpful'),
  ('outlet_followed', 'The user followed an outlet'),
  ('user_followed', 'The user followed another player'),
  ('daily_visit', 'The user visited the site on a UTC day'),
  ('level_up', 'The user reached a new level'),
  ('game_request_resolved', 'An administrator resolved a game request'),
  ('content_hidden', 'A moderator hid content and said why')
on conflict (kind) do nothing;

create table if not exists public.activity_events (
  id bigint generated always as identity primary key,
  -- Who did it. Events of deleted accounts go with them.
  actor_id uuid not null references auth.users (id) on delete cascade,
  kind text not null references public.activity_kinds (kind),
  -- What it was done to: ('game', '42'), ('list', '17'), ('user_review', '9') ...
  subject_type text not null,
  subject_id text not null,
  -- Whose content was acted on (the owner of a liked list, the author of a voted review):
  -- the user a notification or an XP award for this event goes to.
  target_user_id uuid references auth.users (id) on delete cascade,
  -- The game the event is about, when there is one (feeds show its cover and title).
  game_id integer references public.games (id) on delete cascade,
  -- Small details the feed shows (a status name, a rating); never private text.
  data jsonb not null default '{}'::jsonb,
  -- False for things nobody else may see (a private list, a moderation action): such
  -- events feed XP and notifications but never appear on a public page or feed.
  is_public boolean not null default true,
  -- Makes an event once-only per actor and kind: a second record with the same key is
  -- the same event (a like given again after an unlike does not count twice).
  dedupe_key text,
  -- Set when the source was deleted (a review removed, a like withdrawn): derived
  -- numbers take it back; a record with the same dedupe key reinstates it.
  retracted_at timestamptz,
  created_at timestamptz not null default now(),
  constraint activity_events_subject_type_format check (subject_type ~ '^[a-z][a-z_]{1,31}$'),
  constraint activity_events_subject_id_length check (char_length(subject_id) between 1 and 64),
  constraint activity_events_dedupe_key_length check (char_length(dedupe_key) between 1 and 200),
  constraint activity_events_data_object check (jsonb_typeof(data) = 'object'),
  constraint activity_events_data_size check (pg_column_size(data) <= 2048)
);
comment on table public.activity_events is
  'One row per community action, written in the transaction of the action; XP, notifications and feeds derive from it.';

alter table public.activity_events enable row level security;

create unique index if not exists activity_events_once_key
  on public.activity_events (actor_id, kind, dedupe_key) where dedupe_key is not null;
-- A profile's activity feed, newest first.
create index if not exists activity_events_actor_feed_idx
  on public.activity_events (actor_id, created_at desc, id desc) where is_public and retracted_at is null;
-- Everything that happened to one subject (retracting a deleted review's events, merges).
create index if not exists activity_events_subject_idx on public.activity_events (subject_type, subject_id);
-- What others did to a user's content.
create index if not exists activity_events_target_idx
  on public.activity_events (target_user_id, created_at desc) where target_user_id is not null;
create index if not exists activity_events_game_idx on public.activity_events (game_id) where game_id is not null;

-- No grant and no policy for anon or authenticated: activity is served by the site, which
-- applies each user's privacy settings; the REST API exposes none of it.
grant all on public.activity_kinds, public.activity_events to service_role;
