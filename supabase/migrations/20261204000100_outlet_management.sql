-- Outlet management: co-owners, author permissions, drafts, author tokens (invitations,
-- account links, contact-email checks), the audit log, and "updated" marks on scores.
--
-- Same privilege model as every migration: RLS on, nothing granted to anon or
-- authenticated unless a named policy below says so. Everything here is served by the
-- site's server, which checks who may do what itself.

-- Owners ---------------------------------------------------------------------------------

create table public.outlet_owners (
  outlet_id integer not null references public.outlets (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (outlet_id, user_id)
);
comment on table public.outlet_owners is
  'The users who manage an outlet (its authors, reviews and settings). outlets.owner_id is kept as the first owner and mirrored here.';
create index outlet_owners_user_idx on public.outlet_owners (user_id, outlet_id);

insert into public.outlet_owners (outlet_id, user_id)
  select id, owner_id from public.outlets where owner_id is not null
  on conflict do nothing;

-- Setting outlets.owner_id (the demo seed, older tools) makes that user an owner too.
create function public.outlets_mirror_owner() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.owner_id is not null then
    insert into public.outlet_owners (outlet_id, user_id) values (new.id, new.owner_id) on conflict do nothing;
  end if;
  return null;
end
$$;
revoke execute on function public.outlets_mirror_owner() from public, anon, authenticated;
create trigger outlets_mirror_owner after insert or update of owner_id on public.outlets
  for each row execute function public.outlets_mirror_owner();

-- Every owner sees the outlet's reviews under embargo through the API roles too.
create or replace function public.is_outlet_owner(p_outlet_id integer) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (
    select 1 from public.outlet_owners o where o.outlet_id = p_outlet_id and o.user_id = auth.uid()
  )
$$;

alter table public.outlets add column authors_can_publish boolean not null default false;
comment on column public.outlets.authors_can_publish is
  'Whether the outlet''s authors may publish and schedule their own reviews (otherwise they draft and an owner publishes).';

-- Authors: contact email and links ---------------------------------------------------------

alter table public.authors
  add column contact_email text,
  add column contact_email_verified_at timestamptz,
  add column links text[] not null default '{}',
  add constraint authors_contact_email_length check (char_length(contact_email) <= 254),
  add constraint authors_links_count check (cardinality(links) <= 5);
comment on column public.authors.contact_email is 'Where the outlet reaches the author; private. Verified through /author/verify/{token}.';
comment on column public.authors.links is 'Up to 5 public http(s) links (the author''s site, social profiles).';

-- Reviews: time zone and "updated" marks --------------------------------------------------

alter table public.critic_reviews
  add column time_zone text,
  add column score_updated_at timestamptz,
  add constraint critic_reviews_time_zone_length check (char_length(time_zone) <= 64);
comment on column public.critic_reviews.time_zone is 'The IANA time zone the publish time was given in (shown back to the outlet).';
comment on column public.critic_reviews.score_updated_at is
  'When a published score or verdict last changed; the public review says "updated" with this date because the aggregate changed.';

create function public.critic_reviews_mark_score_update() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if old.published_at <= now()
     and (old.raw_score is distinct from new.raw_score or (old.raw_score is null and old.recommended is distinct from new.recommended)) then
    new.score_updated_at := now();
  end if;
  return new;
end
$$;
revoke execute on function public.critic_reviews_mark_score_update() from public, anon, authenticated;
create trigger critic_reviews_mark_score_update before update of raw_score, recommended on public.critic_reviews
  for each row execute function public.critic_reviews_mark_score_update();

-- Drafts: reviews not yet published or scheduled; never public ------------------------------

create table public.critic_review_drafts (
  id bigint generated always as identity primary key,
  outlet_id integer not null references public.outlets (id) on delete cascade,
  game_id integer not null references public.games (id) on delete cascade,
  author_id integer references public.authors (id) on delete set null,
  kind text not null default 'review',
  raw_score text,
  recommended boolean,
  verdict text,
  headline text,
  excerpt text,
  url text,
  platform_id integer references public.platforms (id) on delete set null,
  publish_at timestamptz,
  time_zone text,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint critic_review_drafts_kind check (kind in ('review', 'preview')),
  constraint critic_review_drafts_raw_score_length check (char_length(raw_score) <= 5),
  constraint critic_review_drafts_verdict_length check (char_length(verdict) <= 140),
  constraint critic_review_drafts_headline_length check (char_length(headline) <= 200),
  constraint critic_review_drafts_excerpt_length check (char_length(excerpt) <= 600),
  constraint critic_review_drafts_url_http check (url ~ '^https?://' and char_length(url) <= 500),
  constraint critic_review_drafts_time_zone_length check (char_length(time_zone) <= 64)
);
comment on table public.critic_review_drafts is
  'Critic reviews being written: seen only by the outlet''s owners and the draft''s author; publishing moves the row into critic_reviews.';
comment on column public.critic_review_drafts.publish_at is 'The publish time planned for it (an embargo when in the future), applied when it is published.';
create index critic_review_drafts_outlet_idx on public.critic_review_drafts (outlet_id, updated_at desc);
create index critic_review_drafts_author_idx on public.critic_review_drafts (author_id, updated_at desc) where author_id is not null;
create trigger critic_review_drafts_set_updated_at before update on public.critic_review_drafts
  for each row execute function public.set_updated_at();

alter table public.critic_reviews add column headline text,
  add constraint critic_reviews_headline_length check (char_length(headline) <= 200);
comment on column public.critic_reviews.headline is 'The review''s title as the outlet published it.';

-- Author tokens: invitations, account links and contact-email checks -----------------------

create table public.author_tokens (
  id uuid primary key default gen_random_uuid(),
  purpose text not null,
  token_hash text not null unique,
  outlet_id integer references public.outlets (id) on delete cascade,
  author_id integer references public.authors (id) on delete cascade,
  email text,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  constraint author_tokens_purpose check (purpose in ('invite', 'link', 'verify')),
  constraint author_tokens_hash_format check (token_hash ~ '^[0-9a-f]{64}$'),
  constraint author_tokens_email_length check (char_length(email) <= 254),
  constraint author_tokens_invite_shape check (purpose <> 'invite' or (outlet_id is not null and email is not null)),
  constraint author_tokens_author_shape check (purpose = 'invite' or author_id is not null)
);
comment on table public.author_tokens is
  'Single-use links mailed to authors: only the SHA-256 of the token is stored; valid until expires_at (7 days), once.';
create index author_tokens_outlet_idx on public.author_tokens (outlet_id, created_at desc) where outlet_id is not null;

-- "Apply as an author": requests to an outlet's owners from a signed-in user.
create table public.author_applications (
  id bigint generated always as identity primary key,
  outlet_id integer not null references public.outlets (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  message text not null default '',
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  constraint author_applications_name_length check (char_length(btrim(name)) between 1 and 100),
  constraint author_applications_message_length check (char_length(message) <= 1000)
);
comment on table public.author_applications is 'Requests to write for an outlet, shown to its owners.';
create unique index author_applications_open_key on public.author_applications (outlet_id, user_id) where resolved_at is null;

-- Audit log --------------------------------------------------------------------------------

create table public.outlet_audit_log (
  id bigint generated always as identity primary key,
  outlet_id integer not null references public.outlets (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null,
  action text not null,
  subject text not null,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now(),
  constraint outlet_audit_log_action_length check (char_length(action) <= 60),
  constraint outlet_audit_log_subject_length check (char_length(subject) <= 200)
);
comment on table public.outlet_audit_log is
  'Every change an owner or author made to an outlet, its authors and its reviews: who, what, when, before and after.';
create index outlet_audit_log_outlet_idx on public.outlet_audit_log (outlet_id, created_at desc, id desc);

-- Privileges -------------------------------------------------------------------------------

alter table public.outlet_owners enable row level security;
alter table public.critic_review_drafts enable row level security;
alter table public.author_tokens enable row level security;
alter table public.author_applications enable row level security;
alter table public.outlet_audit_log enable row level security;

-- No grant and no policy for anon or authenticated: drafts, tokens, applications, owners and
-- the audit log are private to an outlet and served only by the site's server.
grant all on public.outlet_owners, public.critic_review_drafts, public.author_tokens, public.author_applications,
  public.outlet_audit_log to service_role;
