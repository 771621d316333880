-- Critical Hit: the baseline schema.
--
-- One file for the whole schema as it stood when the project's first 49 migrations
-- (2026-11-22 to 2026-12-22 by their names) were squashed, before any release: the
-- final definition of every object, nothing redefined. Migrations written after it are
-- dated when they are written and sort after it (docs/decisions/baseline-migration.md).
-- src/lib/db/baseline.test.ts proves that this file makes the same schema as those
-- migrations did, on PostgreSQL and on a Supabase-shaped database.
--
-- Order: schemas and default privileges, tables (each with its indexes, comments, row
-- level security and grants), functions, triggers, policies, the rows the schema starts
-- with, and what exists only on hosted Supabase. Within each part, features follow one
-- another in the same order: accounts, catalogue, critics, collections, search, similar
-- games, auth rate limits, jobs, storage, activity, library, lists, user reviews, XP,
-- follows and notifications, outlet management, membership, administration, site runtime,
-- moderation.
--
-- Where it runs: hosted Supabase (as `postgres`, `npm run db:migrate`), and where Supabase
-- is absent (embedded PGlite, self-hosted PostgreSQL) after supabase/bootstrap/local-supabase.sql,
-- which provides the API roles and the parts of the auth and storage schemas used here.
--
-- Privilege model: the site's server connects as the owner and enforces every permission
-- itself. The API roles `anon` and `authenticated`, which hosted Supabase exposes through
-- its REST API with the public anon key, get nothing by default: only the grants written
-- below, narrowed by the policies. `service_role` gets what Supabase's tools expect.
-- Functions that keep derived data run as `security definer` with an empty search_path
-- (GoTrue deleting a user fires them as supabase_auth_admin); no function runs with the
-- caller's search_path; policies read the caller as `(select auth.uid())`.

-- =========================================================================================
-- Schemas, extensions and default privileges
-- =========================================================================================

-- A table, sequence or function a later migration adds is exposed to the API roles only by
-- a grant that migration writes (hosted Supabase grants objects postgres makes in public
-- to them by default).
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke execute on functions from public, anon, authenticated;
revoke create on schema public from public;
grant usage on schema public to anon, authenticated, service_role;

-- Trigram matching for search (hosted Supabase keeps extensions in their own schema).
create extension if not exists pg_trgm with schema extensions;

-- Server-only bookkeeping (admins, audit log, rate limits, jobs): never exposed by the Data API.
create schema if not exists app_meta;
revoke all on schema app_meta from public, anon, authenticated;

-- Yes/no answers about the caller for storage policies (is_admin, outlet_folder); the
-- schema is not exposed by the Data API.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated;

-- =========================================================================================
-- Functions the table definitions use
-- =========================================================================================

-- Raw score -> 0-100. Accepts only the canonical spellings of each scale; anything else
-- raises, so an invalid raw score is refused on insert (the score is a generated column).
-- Must match normaliseScore() in src/lib/scores/scores.ts.
create function public.normalise_critic_score(scale text, raw text) returns smallint
  language plpgsql immutable parallel safe
  set search_path = ''
as $_$
begin
  if raw is null then
    return null;
  end if;
  case scale
    when 'hundred' then
      if raw ~ '^(100|[1-9]?[0-9])$' then
        return raw::smallint;
      end if;
    when 'ten' then
      if raw ~ '^(10(\.0)?|[0-9](\.[0-9])?)$' then
        return round(raw::numeric * 10)::smallint;
      end if;
    when 'stars' then
      if raw ~ '^(5(\.0)?|[0-4](\.[05])?)$' then
        return (raw::numeric * 20)::smallint;
      end if;
    when 'letter' then
      case raw
        when 'A+' then return 100;
        when 'A' then return 100;
        when 'A-' then return 91;
        when 'B+' then return 83;
        when 'B' then return 75;
        when 'B-' then return 67;
        when 'C+' then return 58;
        when 'C' then return 50;
        when 'C-' then return 42;
        when 'D+' then return 33;
        when 'D' then return 25;
        when 'D-' then return 16;
        when 'F' then return 0;
        else null;
      end case;
    else
      null;
  end case;
  raise exception using
    errcode = '22023',
    message = format('Invalid raw score %s for the %s scale', quote_literal(raw), coalesce(scale, 'unknown')),
    hint = 'hundred: 0-100; ten: 0-10 with one decimal; stars: 0-5 in halves; letter: A+ to F; unscored: no score.';
end
$_$;
comment on function public.normalise_critic_score(scale text, raw text) is 'Raw score on an outlet scale -> 0-100 (null for no score); raises on a value the scale does not allow. Mirrors normaliseScore() in src/lib/scores/scores.ts.';

-- Lower-cased alphanumeric words of a title, sorted and distinct ('Half-Life 2' -> {2,half,life}).
create function public.title_words(title text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select coalesce(array_agg(distinct word order by word), '{}')
  from regexp_split_to_table(lower(title), '[^[:alnum:]]+') as word
  where word <> ''
$$;
comment on function public.title_words(title text) is 'Words of a title for search: lower-cased, split on anything not a letter or digit, sorted and distinct.';

-- =========================================================================================
-- Tables
-- =========================================================================================

-- Accounts --------------------------------------------------------------------------------

create table public.profiles (
  id uuid not null,
  username text,
  full_name text,
  bio text,
  email text,
  avatar_url text,
  created_at timestamp with time zone default now() not null,
  constraint profiles_avatar_url_http check ((avatar_url ~ '^https?://'::text)),
  constraint profiles_bio_length check ((char_length(bio) <= 500)),
  constraint profiles_full_name_length check ((char_length(full_name) <= 100)),
  constraint profiles_username_format check ((username ~ '^[A-Za-z0-9_-]{3,20}$'::text)),
  constraint profiles_pkey primary key (id),
  constraint profiles_id_fkey foreign key (id) references auth.users(id) on delete cascade
);
comment on table public.profiles is 'Public face of an auth user; id is the auth.users id.';
comment on column public.profiles.username is 'Null until chosen (a Google sign-in creates the profile before the user picks one); unique case-insensitively.';
comment on column public.profiles.email is 'Copy of the sign-up email; never granted to the API roles.';
create unique index profiles_username_lower_key on public.profiles (lower(username));
alter table public.profiles enable row level security;
grant all on public.profiles to service_role;
grant select (id, username, full_name, bio, avatar_url, created_at) on public.profiles to anon, authenticated;

create table public.subscription_plans (
  id uuid default gen_random_uuid() not null,
  name text not null,
  display_name text not null,
  description text default ''::text not null,
  price_cents integer,
  currency character(3) default 'USD'::bpchar not null,
  sort_order smallint default 0 not null,
  created_at timestamp with time zone default now() not null,
  price_yearly_cents integer,
  constraint subscription_plans_name_format check ((name ~ '^[a-z][a-z0-9_]*$'::text)),
  constraint subscription_plans_price_non_negative check ((price_cents >= 0)),
  constraint subscription_plans_yearly_price_non_negative check ((price_yearly_cents >= 0)),
  constraint subscription_plans_name_key unique (name),
  constraint subscription_plans_pkey primary key (id)
);
comment on column public.subscription_plans.name is 'Lower-case tier key (free, ad_free, premium); a user''s tier is the name of the plan on their active subscription.';
comment on column public.subscription_plans.price_cents is 'Monthly price in minor units; null while the plan is not on sale.';
comment on column public.subscription_plans.price_yearly_cents is 'Yearly price in minor units; null while the plan is not on sale.';
alter table public.subscription_plans enable row level security;
grant select on public.subscription_plans to anon, authenticated;
grant all on public.subscription_plans to service_role;

create table public.user_subscriptions (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  plan_id uuid not null,
  status text not null,
  current_period_start timestamp with time zone default now() not null,
  current_period_end timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  stripe_subscription_id text,
  billing_period text,
  cancel_at_period_end boolean default false not null,
  stripe_event_at timestamp with time zone,
  stripe_status text,
  constraint user_subscriptions_billing_period check ((billing_period = any (array['month'::text, 'year'::text]))),
  constraint user_subscriptions_period check (((current_period_end is null) or (current_period_end > current_period_start))),
  constraint user_subscriptions_status check ((status = any (array['active'::text, 'trialing'::text, 'past_due'::text, 'canceled'::text, 'expired'::text]))),
  constraint user_subscriptions_stripe_status_length check ((char_length(stripe_status) <= 40)),
  constraint user_subscriptions_pkey primary key (id),
  constraint user_subscriptions_plan_id_fkey foreign key (plan_id) references public.subscription_plans(id),
  constraint user_subscriptions_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on column public.user_subscriptions.status is 'Only status = active grants the plan''s tier.';
comment on column public.user_subscriptions.stripe_event_at is 'Creation time of the newest Stripe event applied to this row; older events are ignored.';
create unique index user_subscriptions_one_active on public.user_subscriptions (user_id) where (status = 'active'::text);
create index user_subscriptions_plan_id on public.user_subscriptions (plan_id);
create unique index user_subscriptions_stripe_subscription_id on public.user_subscriptions (stripe_subscription_id);
create index user_subscriptions_user_id on public.user_subscriptions (user_id);
alter table public.user_subscriptions enable row level security;
grant all on public.user_subscriptions to service_role;
grant select (id, user_id, plan_id, status, current_period_start, current_period_end, created_at, updated_at, billing_period, cancel_at_period_end) on public.user_subscriptions to authenticated;

create table public.reserved_usernames (
  name text not null,
  constraint reserved_usernames_lower check ((name = lower(name))),
  constraint reserved_usernames_pkey primary key (name)
);
comment on table public.reserved_usernames is 'Usernames nobody may register (compared case-insensitively).';
alter table public.reserved_usernames enable row level security;
grant all on public.reserved_usernames to service_role;

-- Catalogue -------------------------------------------------------------------------------

create table public.platforms (
  id integer generated always as identity,
  slug text not null,
  name text not null,
  abbreviation text not null,
  constraint platforms_slug_format check ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text)),
  constraint platforms_name_key unique (name),
  constraint platforms_pkey primary key (id),
  constraint platforms_slug_key unique (slug)
);
alter table public.platforms enable row level security;
grant select on public.platforms to anon, authenticated;
grant all on public.platforms to service_role;

create table public.genres (
  id integer generated always as identity,
  slug text not null,
  name text not null,
  constraint genres_slug_format check ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text)),
  constraint genres_name_key unique (name),
  constraint genres_pkey primary key (id),
  constraint genres_slug_key unique (slug)
);
alter table public.genres enable row level security;
grant select on public.genres to anon, authenticated;
grant all on public.genres to service_role;

create table public.companies (
  id integer generated always as identity,
  slug text not null,
  name text not null,
  constraint companies_name_not_blank check ((btrim(name) <> ''::text)),
  constraint companies_slug_format check ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text)),
  constraint companies_pkey primary key (id),
  constraint companies_slug_key unique (slug)
);
create unique index companies_name_lower_key on public.companies (lower(name));
alter table public.companies enable row level security;
grant select on public.companies to anon, authenticated;
grant all on public.companies to service_role;

create table public.games (
  id integer generated always as identity,
  slug text not null,
  title text not null,
  summary text,
  release_date date,
  cover_image_url text,
  sources text[] default '{}'::text[] not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint games_cover_image_url_http check ((cover_image_url ~ '^https?://'::text)),
  constraint games_slug_format check (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) and (char_length(slug) <= 120))),
  constraint games_sources_known check ((sources <@ array['editorial'::text, 'steam_store_2019'::text, 'vgchartz_2024'::text, 'synthetic'::text, 'demo'::text])),
  constraint games_summary_length check ((char_length(summary) <= 4000)),
  constraint games_title_length check (((char_length(btrim(title)) >= 1) and (char_length(btrim(title)) <= 200))),
  constraint games_pkey primary key (id),
  constraint games_slug_key unique (slug)
);
comment on column public.games.release_date is 'First release on any platform; per-platform dates live in game_platforms.';
comment on column public.games.sources is 'Where the record came from, shown on the game page: editorial, the two licensed demo datasets, invented demo games (demo), or synthetic benchmark data.';
create index games_release_date_asc_idx on public.games (release_date, id);
create index games_release_date_desc_idx on public.games (release_date desc nulls last, id desc);
create index games_title_idx on public.games (lower(title), id);
create index games_title_prefix_idx on public.games (lower(title) text_pattern_ops);
create index games_title_trgm_idx on public.games using gin (lower(title) extensions.gin_trgm_ops);
create index games_title_words_idx on public.games using gin (public.title_words(title));
alter table public.games enable row level security;
grant select on public.games to anon, authenticated;
grant all on public.games to service_role;

create table public.game_platforms (
  game_id integer not null,
  platform_id integer not null,
  release_date date,
  constraint game_platforms_pkey primary key (game_id, platform_id),
  constraint game_platforms_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade,
  constraint game_platforms_platform_id_fkey foreign key (platform_id) references public.platforms(id) on delete restrict
);
comment on column public.game_platforms.release_date is 'Release date on this platform; null when not announced.';
create index game_platforms_platform_date_idx on public.game_platforms (platform_id, release_date, game_id);
create index game_platforms_platform_idx on public.game_platforms (platform_id, game_id);
create index game_platforms_release_date_idx on public.game_platforms (release_date, game_id);
alter table public.game_platforms enable row level security;
grant select on public.game_platforms to anon, authenticated;
grant all on public.game_platforms to service_role;

create table public.game_genres (
  game_id integer not null,
  genre_id integer not null,
  constraint game_genres_pkey primary key (game_id, genre_id),
  constraint game_genres_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade,
  constraint game_genres_genre_id_fkey foreign key (genre_id) references public.genres(id) on delete restrict
);
create index game_genres_genre_idx on public.game_genres (genre_id, game_id);
alter table public.game_genres enable row level security;
grant select on public.game_genres to anon, authenticated;
grant all on public.game_genres to service_role;

create table public.game_developers (
  game_id integer not null,
  company_id integer not null,
  constraint game_developers_pkey primary key (game_id, company_id),
  constraint game_developers_company_id_fkey foreign key (company_id) references public.companies(id) on delete restrict,
  constraint game_developers_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade
);
create index game_developers_company_idx on public.game_developers (company_id, game_id);
alter table public.game_developers enable row level security;
grant select on public.game_developers to anon, authenticated;
grant all on public.game_developers to service_role;

create table public.game_publishers (
  game_id integer not null,
  company_id integer not null,
  constraint game_publishers_pkey primary key (game_id, company_id),
  constraint game_publishers_company_id_fkey foreign key (company_id) references public.companies(id) on delete restrict,
  constraint game_publishers_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade
);
create index game_publishers_company_idx on public.game_publishers (company_id, game_id);
alter table public.game_publishers enable row level security;
grant select on public.game_publishers to anon, authenticated;
grant all on public.game_publishers to service_role;

-- Critics ---------------------------------------------------------------------------------

create table public.outlets (
  id integer generated always as identity,
  slug text not null,
  name text not null,
  website_url text,
  logo_url text,
  description text default ''::text not null,
  owner_id uuid,
  score_scale text not null,
  recommendation_threshold smallint default 70 not null,
  is_demo boolean default false not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  authors_can_publish boolean default false not null,
  constraint outlets_description_length check ((char_length(description) <= 2000)),
  constraint outlets_logo_url_http check ((logo_url ~ '^https?://'::text)),
  constraint outlets_name_length check (((char_length(btrim(name)) >= 1) and (char_length(btrim(name)) <= 100))),
  constraint outlets_recommendation_threshold_range check (((recommendation_threshold >= 0) and (recommendation_threshold <= 100))),
  constraint outlets_score_scale check ((score_scale = any (array['hundred'::text, 'ten'::text, 'stars'::text, 'letter'::text, 'unscored'::text]))),
  constraint outlets_slug_format check (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) and (char_length(slug) <= 80))),
  constraint outlets_website_url_http check ((website_url ~ '^https?://'::text)),
  constraint outlets_pkey primary key (id),
  constraint outlets_slug_key unique (slug),
  constraint outlets_owner_id_fkey foreign key (owner_id) references auth.users(id) on delete set null
);
comment on table public.outlets is 'Publications whose critics review games.';
comment on column public.outlets.owner_id is 'The user who manages the outlet (its authors, reviews, settings); null for demo outlets and outlets nobody has claimed.';
comment on column public.outlets.score_scale is 'How the outlet scores new reviews: hundred (0-100), ten (0-10, one decimal), stars (0-5 in halves), letter (A+ to F) or unscored (verdict only).';
comment on column public.outlets.recommendation_threshold is 'Normalised score (0-100) at or above which a scored review counts as recommending the game.';
comment on column public.outlets.is_demo is 'Invented for the demo data; every page that shows the outlet says so.';
comment on column public.outlets.authors_can_publish is 'Whether the outlet''s authors may publish and schedule their own reviews (otherwise they draft and an owner publishes).';
create unique index outlets_name_lower_key on public.outlets (lower(name));
create index outlets_name_trgm_idx on public.outlets using gin (lower(name) extensions.gin_trgm_ops);
create index outlets_owner_idx on public.outlets (owner_id) where (owner_id is not null);
alter table public.outlets enable row level security;
grant all on public.outlets to service_role;
grant select (id, slug, name, website_url, logo_url, description, score_scale, recommendation_threshold, is_demo, created_at, updated_at) on public.outlets to anon, authenticated;

create table public.authors (
  id integer generated always as identity,
  name text not null,
  slug text not null,
  bio text,
  avatar_url text,
  user_id uuid,
  is_demo boolean default false not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  contact_email text,
  contact_email_verified_at timestamp with time zone,
  links text[] default '{}'::text[] not null,
  constraint authors_avatar_url_http check ((avatar_url ~ '^https?://'::text)),
  constraint authors_bio_length check ((char_length(bio) <= 500)),
  constraint authors_contact_email_length check ((char_length(contact_email) <= 254)),
  constraint authors_links_count check ((cardinality(links) <= 5)),
  constraint authors_name_length check (((char_length(btrim(name)) >= 1) and (char_length(btrim(name)) <= 100))),
  constraint authors_slug_format check (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) and (char_length(slug) <= 100))),
  constraint authors_pkey primary key (id),
  constraint authors_user_id_key unique (user_id),
  constraint authors_user_id_fkey foreign key (user_id) references auth.users(id) on delete set null
);
comment on table public.authors is 'Critics who write reviews; the public page is /authors/{id}/{slug}.';
comment on column public.authors.slug is 'Name part of the author URL. Not unique: the id identifies the author, and a wrong or old slug redirects to the current one.';
comment on column public.authors.user_id is 'The site account this author signs in with, when linked.';
comment on column public.authors.is_demo is 'Invented for the demo data.';
comment on column public.authors.contact_email is 'Where the outlet reaches the author; private. Verified through /author/verify/{token}.';
comment on column public.authors.links is 'Up to 5 public http(s) links (the author''s site, social profiles).';
alter table public.authors enable row level security;
grant all on public.authors to service_role;
grant select (id, name, slug, bio, avatar_url, is_demo, created_at, updated_at) on public.authors to anon, authenticated;

create table public.outlet_authors (
  outlet_id integer not null,
  author_id integer not null,
  role text default 'contributor'::text not null,
  joined_at timestamp with time zone default now() not null,
  constraint outlet_authors_role check ((role = any (array['editor'::text, 'staff'::text, 'contributor'::text]))),
  constraint outlet_authors_pkey primary key (outlet_id, author_id),
  constraint outlet_authors_author_id_fkey foreign key (author_id) references public.authors(id) on delete cascade,
  constraint outlet_authors_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete cascade
);
comment on table public.outlet_authors is 'Which authors write for which outlets.';
create index outlet_authors_author_idx on public.outlet_authors (author_id, outlet_id);
alter table public.outlet_authors enable row level security;
grant select on public.outlet_authors to anon, authenticated;
grant all on public.outlet_authors to service_role;

create table public.critic_reviews (
  id bigint generated always as identity,
  game_id integer not null,
  outlet_id integer not null,
  author_id integer,
  kind text default 'review'::text not null,
  score_scale text not null,
  raw_score text,
  score smallint generated always as (public.normalise_critic_score(score_scale, raw_score)) stored,
  recommended boolean,
  verdict text,
  excerpt text,
  url text,
  platform_id integer,
  published_at timestamp with time zone not null,
  counted boolean default false not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  time_zone text,
  score_updated_at timestamp with time zone,
  headline text,
  constraint critic_reviews_excerpt_length check ((char_length(excerpt) <= 1000)),
  constraint critic_reviews_headline_length check ((char_length(headline) <= 200)),
  constraint critic_reviews_kind check ((kind = any (array['review'::text, 'preview'::text]))),
  constraint critic_reviews_preview_unscored check (((kind = 'review'::text) or (raw_score is null))),
  constraint critic_reviews_review_has_verdict check (((kind = 'preview'::text) or (recommended is not null))),
  constraint critic_reviews_score_scale check ((score_scale = any (array['hundred'::text, 'ten'::text, 'stars'::text, 'letter'::text, 'unscored'::text]))),
  constraint critic_reviews_time_zone_length check ((char_length(time_zone) <= 64)),
  constraint critic_reviews_url_http check ((url ~ '^https?://'::text)),
  constraint critic_reviews_verdict_length check ((char_length(verdict) <= 140)),
  constraint critic_reviews_pkey primary key (id),
  constraint critic_reviews_author_id_fkey foreign key (author_id) references public.authors(id) on delete set null,
  constraint critic_reviews_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade,
  constraint critic_reviews_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete cascade,
  constraint critic_reviews_platform_id_fkey foreign key (platform_id) references public.platforms(id) on delete set null
);
comment on table public.critic_reviews is 'Critic reviews and previews. Invisible to everyone but the outlet before published_at (the embargo).';
comment on column public.critic_reviews.score_scale is 'Scale the raw score was given on (the outlet''s scale at the time; filled from the outlet when omitted).';
comment on column public.critic_reviews.raw_score is 'The score exactly as the outlet gave it (87, 8.5, 4.5, B+), or null for an unscored review or a preview.';
comment on column public.critic_reviews.score is 'The raw score normalised to 0-100; computed by the database, never written.';
comment on column public.critic_reviews.recommended is 'Does the review recommend the game? For a scored review, set by the database: score >= the outlet''s threshold. For an unscored review, the outlet''s verdict. Null for previews.';
comment on column public.critic_reviews.platform_id is 'The platform the critic played on, when stated.';
comment on column public.critic_reviews.published_at is 'Embargo: the review is public from this moment on.';
comment on column public.critic_reviews.counted is 'Whether the row is included in game_critic_stats: published_at <= now() when last written, or set by release_due_critic_reviews() once the embargo passed. Maintained by triggers; writes to it are overridden.';
comment on column public.critic_reviews.time_zone is 'The IANA time zone the publish time was given in (shown back to the outlet).';
comment on column public.critic_reviews.score_updated_at is 'When a published score or verdict last changed; the public review says "updated" with this date because the aggregate changed.';
comment on column public.critic_reviews.headline is 'The review''s title as the outlet published it.';
create index critic_reviews_author_order_idx on public.critic_reviews (author_id, published_at desc, id desc) where (author_id is not null);
create index critic_reviews_game_idx on public.critic_reviews (game_id, kind, published_at desc);
create unique index critic_reviews_one_review_per_outlet on public.critic_reviews (game_id, outlet_id) where (kind = 'review'::text);
create index critic_reviews_outlet_order_idx on public.critic_reviews (outlet_id, published_at desc, id desc);
create index critic_reviews_pending_idx on public.critic_reviews (published_at) where (not counted);
create index critic_reviews_published_idx on public.critic_reviews (published_at desc, id desc) where (kind = 'review'::text);
alter table public.critic_reviews enable row level security;
grant select on public.critic_reviews to anon, authenticated;
grant all on public.critic_reviews to service_role;

create table public.game_critic_stats (
  game_id integer not null,
  review_count integer default 0 not null,
  scored_count integer default 0 not null,
  score_sum integer default 0 not null,
  recommended_count integer default 0 not null,
  preview_count integer default 0 not null,
  acclaimed_count integer default 0 not null,
  favourable_count integer default 0 not null,
  mixed_count integer default 0 not null,
  unfavourable_count integer default 0 not null,
  panned_count integer default 0 not null,
  critic_score smallint generated always as (
case
    when (scored_count >= 4) then (round(((score_sum)::numeric / (scored_count)::numeric)))::smallint
    else null::smallint
end) stored,
  recommend_percent smallint generated always as (
case
    when (review_count > 0) then (round(((100.0 * (recommended_count)::numeric) / (review_count)::numeric)))::smallint
    else null::smallint
end) stored,
  constraint game_critic_stats_counts_non_negative check (((review_count >= 0) and (scored_count >= 0) and (score_sum >= 0) and (recommended_count >= 0) and (preview_count >= 0) and (acclaimed_count >= 0) and (favourable_count >= 0) and (mixed_count >= 0) and (unfavourable_count >= 0) and (panned_count >= 0))),
  constraint game_critic_stats_pkey primary key (game_id),
  constraint game_critic_stats_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade
);
comment on table public.game_critic_stats is 'Per-game sums over its published (counted) critic reviews, kept current by triggers on critic_reviews; rebuild_game_critic_stats() recomputes it from scratch.';
comment on column public.game_critic_stats.review_count is 'Published reviews (not previews), scored or not.';
comment on column public.game_critic_stats.scored_count is 'Published reviews with a score.';
comment on column public.game_critic_stats.score_sum is 'Sum of the normalised scores of the scored reviews.';
comment on column public.game_critic_stats.recommended_count is 'Published reviews that recommend the game, scored or not.';
comment on column public.game_critic_stats.critic_score is 'Plain mean of the normalised scores, rounded half up; null below 4 scored reviews (MIN_SCORED_REVIEWS in src/lib/scores/scores.ts).';
comment on column public.game_critic_stats.recommend_percent is 'Share of published reviews that recommend the game, rounded; counts every review.';
create index game_critic_stats_score_idx on public.game_critic_stats (critic_score desc, scored_count desc, game_id) where (critic_score is not null);
alter table public.game_critic_stats enable row level security;
grant select on public.game_critic_stats to anon, authenticated;
grant all on public.game_critic_stats to service_role;

-- Collections -----------------------------------------------------------------------------

create table public.collections (
  id integer generated always as identity,
  slug text not null,
  title text not null,
  description text default ''::text not null,
  is_demo boolean default false not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint collections_description_length check ((char_length(description) <= 2000)),
  constraint collections_slug_format check (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) and (char_length(slug) <= 80))),
  constraint collections_title_length check (((char_length(btrim(title)) >= 1) and (char_length(btrim(title)) <= 120))),
  constraint collections_pkey primary key (id),
  constraint collections_slug_key unique (slug)
);
comment on table public.collections is 'Curated, ordered sets of games.';
comment on column public.collections.is_demo is 'Written for the demo data.';
alter table public.collections enable row level security;
grant select on public.collections to anon, authenticated;
grant all on public.collections to service_role;

create table public.collection_games (
  collection_id integer not null,
  game_id integer not null,
  "position" integer not null,
  note text,
  constraint collection_games_note_length check ((char_length(note) <= 500)),
  constraint collection_games_position_positive check (("position" >= 1)),
  constraint collection_games_pkey primary key (collection_id, game_id),
  constraint collection_games_collection_id_fkey foreign key (collection_id) references public.collections(id) on delete cascade,
  constraint collection_games_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade
);
comment on column public.collection_games."position" is 'Order within the collection, from 1; unique per collection.';
create index collection_games_game_idx on public.collection_games (game_id);
create unique index collection_games_position_key on public.collection_games (collection_id, "position");
alter table public.collection_games enable row level security;
grant select on public.collection_games to anon, authenticated;
grant all on public.collection_games to service_role;

-- Search ----------------------------------------------------------------------------------

create table public.search_words (
  word text not null,
  constraint search_words_pkey primary key (word)
);
comment on table public.search_words is 'Every distinct word of every game title (kept by triggers on games; words of deleted titles may linger and simply match nothing).';
create index search_words_trgm_idx on public.search_words using gin (word extensions.gin_trgm_ops);
alter table public.search_words enable row level security;
grant all on public.search_words to service_role;

-- Auth rate limits ------------------------------------------------------------------------

create table app_meta.auth_rate_limits (
  bucket text not null,
  key text not null,
  tokens double precision not null,
  allowed boolean not null,
  updated_at timestamp with time zone not null,
  expires_at timestamp with time zone not null,
  constraint auth_rate_limits_key_is_hash check ((key ~ '^[0-9a-f]{64}$'::text)),
  constraint auth_rate_limits_pkey primary key (bucket, key)
);
comment on table app_meta.auth_rate_limits is 'Auth rate-limit counters shared by every server; expired rows are deleted by a scheduled job.';
create index auth_rate_limits_expires_at on app_meta.auth_rate_limits (expires_at);

-- Jobs ------------------------------------------------------------------------------------

create table app_meta.job_runs (
  name text not null,
  last_started_at timestamp with time zone,
  last_finished_at timestamp with time zone,
  last_failed_at timestamp with time zone,
  last_error text,
  constraint job_runs_error_length check ((char_length(last_error) <= 1000)),
  constraint job_runs_name_format check ((name ~ '^[a-z][a-z0-9-]{0,62}$'::text)),
  constraint job_runs_pkey primary key (name)
);
comment on table app_meta.job_runs is 'When each scheduled job last started, finished and failed (with its error), written by the job runner under the job''s advisory lock.';

-- Other -----------------------------------------------------------------------------------

create table public.game_card_links (
  game_id integer not null,
  platforms json default '[]'::json not null,
  genres json default '[]'::json not null,
  constraint game_card_links_pkey primary key (game_id),
  constraint game_card_links_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade
);
comment on table public.game_card_links is 'Each game''s platforms ({slug, name, abbreviation}, by release date then name) and genres ({slug, name}, by name) as its card shows them; rewritten by triggers on the links and names.';
alter table public.game_card_links enable row level security;

create table public.outlet_critic_stats (
  outlet_id integer not null,
  review_count integer default 0 not null,
  scored_count integer default 0 not null,
  score_sum bigint default 0 not null,
  recommended_count integer default 0 not null,
  preview_count integer default 0 not null,
  acclaimed_count integer default 0 not null,
  favourable_count integer default 0 not null,
  mixed_count integer default 0 not null,
  unfavourable_count integer default 0 not null,
  panned_count integer default 0 not null,
  constraint outlet_critic_stats_counts_non_negative check (((review_count >= 0) and (scored_count >= 0) and (score_sum >= 0) and (recommended_count >= 0) and (preview_count >= 0) and (acclaimed_count >= 0) and (favourable_count >= 0) and (mixed_count >= 0) and (unfavourable_count >= 0) and (panned_count >= 0))),
  constraint outlet_critic_stats_pkey primary key (outlet_id),
  constraint outlet_critic_stats_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete cascade
);
comment on table public.outlet_critic_stats is 'Per-outlet sums over its published (counted) critic reviews and previews, kept current by a trigger on critic_reviews; rebuild_outlet_critic_stats() recomputes it from scratch.';
comment on column public.outlet_critic_stats.review_count is 'Published reviews (not previews), scored or not.';
comment on column public.outlet_critic_stats.scored_count is 'Published reviews with a score.';
comment on column public.outlet_critic_stats.score_sum is 'Sum of the normalised scores of the scored reviews.';
comment on column public.outlet_critic_stats.preview_count is 'Published previews.';
alter table public.outlet_critic_stats enable row level security;
grant select on public.outlet_critic_stats to anon, authenticated;
grant all on public.outlet_critic_stats to service_role;

create table public.similar_game_rankings (
  game_id integer not null,
  pool smallint not null,
  size smallint not null,
  similar_ids integer[] not null,
  scores integer[] not null,
  shared_genres integer[] not null,
  shared_developers integer[] not null,
  shared_publishers integer[] not null,
  shared_platforms integer[] not null,
  kept_at timestamp with time zone default now() not null,
  constraint similar_game_rankings_same_lengths check (((cardinality(similar_ids) <= size) and (cardinality(scores) = cardinality(similar_ids)) and (cardinality(shared_genres) = cardinality(similar_ids)) and (cardinality(shared_developers) = cardinality(similar_ids)) and (cardinality(shared_publishers) = cardinality(similar_ids)) and (cardinality(shared_platforms) = cardinality(similar_ids)))),
  constraint similar_game_rankings_pkey primary key (game_id),
  constraint similar_game_rankings_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade
);
comment on table public.similar_game_rankings is 'Each dated game''s similar games as public.similar_games ranks them, kept until a catalogue change may alter them.';
alter table public.similar_game_rankings enable row level security;

create table public.similar_game_refills (
  game_id integer not null,
  queued_at timestamp with time zone default now() not null,
  constraint similar_game_refills_pkey primary key (game_id)
);
comment on table public.similar_game_refills is 'Games whose similar games are to be ranked again (public.refill_similar_games).';
create index similar_game_refills_queued_idx on public.similar_game_refills (queued_at, game_id);
alter table public.similar_game_refills enable row level security;

create table public.activity_kinds (
  kind text not null,
  description text not null,
  constraint activity_kinds_description_length check (((char_length(description) >= 1) and (char_length(description) <= 200))),
  constraint activity_kinds_kind_format check ((kind ~ '^[a-z][a-z0-9_]{1,47}$'::text)),
  constraint activity_kinds_pkey primary key (kind)
);
comment on table public.activity_kinds is 'The kinds of community activity the site records; one row per kind.';
alter table public.activity_kinds enable row level security;
grant all on public.activity_kinds to service_role;

create table public.activity_events (
  id bigint generated always as identity,
  actor_id uuid not null,
  kind text not null,
  subject_type text not null,
  subject_id text not null,
  target_user_id uuid,
  game_id integer,
  data jsonb default '{}'::jsonb not null,
  is_public boolean default true not null,
  dedupe_key text,
  retracted_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  constraint activity_events_data_object check ((jsonb_typeof(data) = 'object'::text)),
  constraint activity_events_data_size check ((pg_column_size(data) <= 2048)),
  constraint activity_events_dedupe_key_length check (((char_length(dedupe_key) >= 1) and (char_length(dedupe_key) <= 200))),
  constraint activity_events_subject_id_length check (((char_length(subject_id) >= 1) and (char_length(subject_id) <= 64))),
  constraint activity_events_subject_type_format check ((subject_type ~ '^[a-z][a-z_]{1,31}$'::text)),
  constraint activity_events_pkey primary key (id),
  constraint activity_events_actor_id_fkey foreign key (actor_id) references auth.users(id) on delete cascade,
  constraint activity_events_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade,
  constraint activity_events_kind_fkey foreign key (kind) references public.activity_kinds(kind),
  constraint activity_events_target_user_id_fkey foreign key (target_user_id) references auth.users(id) on delete cascade
);
comment on table public.activity_events is 'One row per community action, written in the transaction of the action; XP, notifications and feeds derive from it.';
create index activity_events_actor_feed_idx on public.activity_events (actor_id, created_at desc, id desc) where (is_public and (retracted_at is null));
create index activity_events_game_idx on public.activity_events (game_id) where (game_id is not null);
create unique index activity_events_once_key on public.activity_events (actor_id, kind, dedupe_key) where (dedupe_key is not null);
create index activity_events_subject_idx on public.activity_events (subject_type, subject_id);
create index activity_events_target_idx on public.activity_events (target_user_id, created_at desc) where (target_user_id is not null);
alter table public.activity_events enable row level security;
grant all on public.activity_events to service_role;

create table public.user_games (
  user_id uuid not null,
  game_id integer not null,
  status text,
  wishlist boolean default false not null,
  favourite boolean default false not null,
  platform_id integer,
  hours_played numeric(7,1),
  started_on date,
  finished_on date,
  note text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint user_games_dates_order check (((finished_on is null) or (started_on is null) or (finished_on >= started_on))),
  constraint user_games_hours_range check (((hours_played >= (0)::numeric) and (hours_played <= (100000)::numeric))),
  constraint user_games_not_empty check (((status is not null) or wishlist or favourite or (platform_id is not null) or (hours_played is not null) or (started_on is not null) or (finished_on is not null) or (note is not null))),
  constraint user_games_note_length check ((char_length(note) <= 1000)),
  constraint user_games_status_known check ((status = any (array['playing'::text, 'played'::text, 'completed'::text, 'backlog'::text, 'shelved'::text, 'abandoned'::text]))),
  constraint user_games_pkey primary key (user_id, game_id),
  constraint user_games_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade,
  constraint user_games_platform_id_fkey foreign key (platform_id) references public.platforms(id) on delete set null,
  constraint user_games_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.user_games is 'A user''s play status, flags and private note per game; the default lists are views of it.';
comment on column public.user_games.note is 'Private to the user: never shown to anyone else, never in a feed or the API roles.';
create index user_games_game_idx on public.user_games (game_id, status);
create index user_games_user_favourite_idx on public.user_games (user_id, updated_at desc) where favourite;
create index user_games_user_status_idx on public.user_games (user_id, status, updated_at desc);
create index user_games_user_wishlist_idx on public.user_games (user_id, updated_at desc) where wishlist;
alter table public.user_games enable row level security;
grant all on public.user_games to service_role;

create table public.user_library_counts (
  user_id uuid not null,
  playing integer default 0 not null,
  played integer default 0 not null,
  completed integer default 0 not null,
  backlog integer default 0 not null,
  shelved integer default 0 not null,
  abandoned integer default 0 not null,
  wishlist integer default 0 not null,
  favourite integer default 0 not null,
  constraint user_library_counts_pkey primary key (user_id),
  constraint user_library_counts_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.user_library_counts is 'How many of each player''s user_games rows have each status, the wishlist flag and the favourite flag; kept by triggers on user_games.';
alter table public.user_library_counts enable row level security;
grant all on public.user_library_counts to service_role;

create table public.user_library_platforms (
  user_id uuid not null,
  platform_id integer not null,
  games integer not null,
  constraint user_library_platforms_pkey primary key (user_id, platform_id),
  constraint user_library_platforms_platform_id_fkey foreign key (platform_id) references public.platforms(id) on delete cascade,
  constraint user_library_platforms_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.user_library_platforms is 'The platforms each player has set on their games, with how many; kept by triggers on user_games.';
alter table public.user_library_platforms enable row level security;
grant all on public.user_library_platforms to service_role;

create table public.user_lists (
  id integer generated always as identity,
  user_id uuid not null,
  title text not null,
  slug text not null,
  description text,
  visibility text default 'public'::text not null,
  ranked boolean default false not null,
  entries_count integer default 0 not null,
  likes_count integer default 0 not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  hidden boolean default false not null,
  hidden_reason text,
  hidden_at timestamp with time zone,
  hidden_by uuid,
  recent_likes_count integer default 0 not null,
  constraint user_lists_counts_positive check (((entries_count >= 0) and (likes_count >= 0))),
  constraint user_lists_description_length check ((char_length(description) <= 2000)),
  constraint user_lists_hidden_reason_length check ((char_length(hidden_reason) <= 1000)),
  constraint user_lists_recent_likes_positive check (((recent_likes_count >= 0) and (recent_likes_count <= likes_count))),
  constraint user_lists_slug_format check (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) and (char_length(slug) <= 100))),
  constraint user_lists_title_length check (((char_length(btrim(title)) >= 1) and (char_length(btrim(title)) <= 100))),
  constraint user_lists_visibility_known check ((visibility = any (array['public'::text, 'unlisted'::text, 'private'::text]))),
  constraint user_lists_owner_slug_key unique (user_id, slug),
  constraint user_lists_pkey primary key (id),
  constraint user_lists_hidden_by_fkey foreign key (hidden_by) references auth.users(id) on delete set null,
  constraint user_lists_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.user_lists is 'Custom game lists (Ad-Free and Premium); private ones are their owner''s alone.';
comment on column public.user_lists.hidden is 'Hidden by a moderator: gone from every public page; its owner still sees it with the reason.';
comment on column public.user_lists.recent_likes_count is 'Likes with in_window (the last 30 days, to the age-list-likes job''s period).';
create index user_lists_public_likes_idx on public.user_lists (likes_count desc, id desc) where (visibility = 'public'::text);
create index user_lists_public_popular_idx on public.user_lists (recent_likes_count desc, likes_count desc, id desc) where ((visibility = 'public'::text) and (hidden = false));
create index user_lists_public_recent_idx on public.user_lists (created_at desc) where (visibility = 'public'::text);
create index user_lists_public_title_trgm_idx on public.user_lists using gin (title extensions.gin_trgm_ops) where (visibility = 'public'::text);
create index user_lists_user_idx on public.user_lists (user_id, updated_at desc);
alter table public.user_lists enable row level security;
grant all on public.user_lists to service_role;

create table public.user_list_entries (
  list_id integer not null,
  game_id integer not null,
  "position" integer not null,
  note text,
  created_at timestamp with time zone default now() not null,
  constraint user_list_entries_note_length check ((char_length(note) <= 500)),
  constraint user_list_entries_position_positive check (("position" >= 1)),
  constraint user_list_entries_pkey primary key (list_id, game_id),
  constraint user_list_entries_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade,
  constraint user_list_entries_list_id_fkey foreign key (list_id) references public.user_lists(id) on delete cascade
);
comment on table public.user_list_entries is 'The games of a custom list, in order, each with an optional note.';
create index user_list_entries_game_idx on public.user_list_entries (game_id);
create index user_list_entries_order_idx on public.user_list_entries (list_id, "position");
alter table public.user_list_entries enable row level security;
grant all on public.user_list_entries to service_role;

create table public.user_list_likes (
  list_id integer not null,
  user_id uuid not null,
  created_at timestamp with time zone default now() not null,
  in_window boolean default false not null,
  constraint user_list_likes_pkey primary key (list_id, user_id),
  constraint user_list_likes_list_id_fkey foreign key (list_id) references public.user_lists(id) on delete cascade,
  constraint user_list_likes_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.user_list_likes is 'Who liked which list; a user likes a list at most once and never their own.';
comment on column public.user_list_likes.in_window is 'Counted in its list''s recent_likes_count: liked within public.popular_list_window().';
create index user_list_likes_in_window_idx on public.user_list_likes (created_at) where in_window;
create index user_list_likes_user_idx on public.user_list_likes (user_id, created_at desc);
alter table public.user_list_likes enable row level security;
grant all on public.user_list_likes to service_role;

create table public.profile_settings (
  user_id uuid not null,
  is_private boolean default false not null,
  updated_at timestamp with time zone default now() not null,
  constraint profile_settings_pkey primary key (user_id),
  constraint profile_settings_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.profile_settings is 'Per-user profile settings (privacy); no row means the defaults.';
create index profile_settings_private_idx on public.profile_settings (user_id) where is_private;
alter table public.profile_settings enable row level security;
grant all on public.profile_settings to service_role;

create table public.user_reviews (
  id bigint generated always as identity,
  user_id uuid not null,
  game_id integer not null,
  rating smallint not null,
  title text,
  body text,
  spoiler boolean default false not null,
  platform_id integer,
  hours_played numeric(7,1),
  finished boolean default false not null,
  helpful_count integer default 0 not null,
  hidden boolean default false not null,
  counted boolean default true not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  edited_at timestamp with time zone,
  hidden_reason text,
  hidden_at timestamp with time zone,
  hidden_by uuid,
  constraint user_reviews_body_length check (((char_length(body) >= 1) and (char_length(body) <= 10000))),
  constraint user_reviews_helpful_non_negative check ((helpful_count >= 0)),
  constraint user_reviews_hidden_reason_length check ((char_length(hidden_reason) <= 1000)),
  constraint user_reviews_hours_range check (((hours_played >= (0)::numeric) and (hours_played <= (100000)::numeric))),
  constraint user_reviews_rating_range check (((rating >= 1) and (rating <= 10))),
  constraint user_reviews_title_length check (((char_length(title) >= 1) and (char_length(title) <= 120))),
  constraint user_reviews_one_per_game unique (user_id, game_id),
  constraint user_reviews_pkey primary key (id),
  constraint user_reviews_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade,
  constraint user_reviews_hidden_by_fkey foreign key (hidden_by) references auth.users(id) on delete set null,
  constraint user_reviews_platform_id_fkey foreign key (platform_id) references public.platforms(id) on delete set null,
  constraint user_reviews_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
alter table public.user_reviews alter column game_id set statistics 1000;
comment on table public.user_reviews is 'One review per user and game by Premium members; plain text, never rendered as HTML.';
create index user_reviews_created_idx on public.user_reviews (created_at);
create index user_reviews_game_helpful_idx on public.user_reviews (game_id, helpful_count desc, id desc) where (not hidden);
create index user_reviews_game_newest_idx on public.user_reviews (game_id, created_at desc, id desc) where (not hidden);
create index user_reviews_game_rating_idx on public.user_reviews (game_id, rating, id) where (not hidden);
create index user_reviews_user_idx on public.user_reviews (user_id, created_at desc, id desc);
alter table public.user_reviews enable row level security;
grant all on public.user_reviews to service_role;
grant select (id, user_id, game_id, rating, title, body, spoiler, platform_id, hours_played, finished, helpful_count, counted, created_at, edited_at) on public.user_reviews to anon, authenticated;

create table public.user_review_windows (
  id bigint generated always as identity,
  game_id integer not null,
  kind text not null,
  starts_at timestamp with time zone not null,
  ends_at timestamp with time zone not null,
  status text default 'flagged'::text not null,
  day_count integer,
  median_count numeric,
  resolved_by uuid,
  resolved_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  constraint user_review_windows_kind_known check ((kind = any (array['launch'::text, 'anomaly'::text]))),
  constraint user_review_windows_order check ((ends_at > starts_at)),
  constraint user_review_windows_status_known check ((status = any (array['flagged'::text, 'confirmed'::text, 'cleared'::text]))),
  constraint user_review_windows_once unique (game_id, kind, starts_at),
  constraint user_review_windows_pkey primary key (id),
  constraint user_review_windows_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade,
  constraint user_review_windows_resolved_by_fkey foreign key (resolved_by) references auth.users(id) on delete set null
);
comment on table public.user_review_windows is 'Review-bomb guard: reviews written inside a flagged or confirmed window are shown, marked, and not counted.';
create index user_review_windows_game_idx on public.user_review_windows (game_id, starts_at);
alter table public.user_review_windows enable row level security;
grant all on public.user_review_windows to service_role;

create table public.game_user_scores (
  game_id integer not null,
  review_count integer default 0 not null,
  rating_count integer default 0 not null,
  rating_sum integer default 0 not null,
  rating_steps integer[] default array[0, 0, 0, 0, 0, 0, 0, 0, 0, 0] not null,
  updated_at timestamp with time zone default now() not null,
  constraint game_user_scores_non_negative check (((review_count >= 0) and (rating_count >= 0) and (rating_sum >= 0))),
  constraint game_user_scores_ten_steps check ((cardinality(rating_steps) = 10)),
  constraint game_user_scores_pkey primary key (game_id),
  constraint game_user_scores_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade
);
comment on table public.game_user_scores is 'Per-game sums over counted user reviews, kept by triggers on user_reviews; rebuild_game_user_scores() recounts.';
alter table public.game_user_scores enable row level security;
grant select on public.game_user_scores to anon, authenticated;
grant all on public.game_user_scores to service_role;

create table public.user_review_votes (
  review_id bigint not null,
  user_id uuid not null,
  created_at timestamp with time zone default now() not null,
  constraint user_review_votes_pkey primary key (review_id, user_id),
  constraint user_review_votes_review_id_fkey foreign key (review_id) references public.user_reviews(id) on delete cascade,
  constraint user_review_votes_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.user_review_votes is 'Helpful votes: one per user per review, never on one''s own (the server refuses it).';
create index user_review_votes_user_idx on public.user_review_votes (user_id);
alter table public.user_review_votes enable row level security;
grant all on public.user_review_votes to service_role;

create table public.user_review_reports (
  id bigint generated always as identity,
  review_id bigint not null,
  reporter_id uuid not null,
  reason text not null,
  details text,
  status text default 'open'::text not null,
  created_at timestamp with time zone default now() not null,
  resolved_at timestamp with time zone,
  constraint user_review_reports_details_length check ((char_length(details) <= 500)),
  constraint user_review_reports_reason_known check ((reason = any (array['spam'::text, 'offensive'::text, 'spoiler'::text, 'off_topic'::text, 'other'::text]))),
  constraint user_review_reports_status_known check ((status = any (array['open'::text, 'dismissed'::text, 'actioned'::text]))),
  constraint user_review_reports_once unique (review_id, reporter_id),
  constraint user_review_reports_pkey primary key (id),
  constraint user_review_reports_reporter_id_fkey foreign key (reporter_id) references auth.users(id) on delete cascade,
  constraint user_review_reports_review_id_fkey foreign key (review_id) references public.user_reviews(id) on delete cascade
);
comment on table public.user_review_reports is 'Reports of user reviews for the moderation queue.';
create index user_review_reports_open_idx on public.user_review_reports (created_at) where (status = 'open'::text);
alter table public.user_review_reports enable row level security;
grant all on public.user_review_reports to service_role;

create table public.game_user_review_platforms (
  game_id integer not null,
  platform_id integer not null,
  review_count integer default 0 not null,
  constraint game_user_review_platforms_non_negative check ((review_count >= 0)),
  constraint game_user_review_platforms_pkey primary key (game_id, platform_id),
  constraint game_user_review_platforms_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade,
  constraint game_user_review_platforms_platform_id_fkey foreign key (platform_id) references public.platforms(id) on delete cascade
);
comment on table public.game_user_review_platforms is 'Per game and platform, the visible user reviews naming it; kept by triggers on user_reviews, recounted by rebuild_game_user_scores().';
alter table public.game_user_review_platforms enable row level security;
grant select on public.game_user_review_platforms to anon, authenticated;
grant all on public.game_user_review_platforms to service_role;

create table public.xp_ledger (
  id bigint generated always as identity,
  user_id uuid not null,
  kind text not null,
  source text not null,
  requested smallint not null,
  points smallint not null,
  reverses bigint,
  created_at timestamp with time zone default now() not null,
  constraint xp_ledger_kind_format check ((kind ~ '^[a-z][a-z_]{1,47}$'::text)),
  constraint xp_ledger_sign check ((((reverses is null) and (points >= 0)) or ((reverses is not null) and (points <= 0)))),
  constraint xp_ledger_source_length check (((char_length(source) >= 1) and (char_length(source) <= 200))),
  constraint xp_ledger_pkey primary key (id),
  constraint xp_ledger_reverses_fkey foreign key (reverses) references public.xp_ledger(id) on delete cascade,
  constraint xp_ledger_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.xp_ledger is 'Every XP award (and reversal) as a row; append-only. user_xp and xp_periods are kept from it in the same transaction.';
create unique index xp_ledger_award_key on public.xp_ledger (user_id, kind, source) where (reverses is null);
create unique index xp_ledger_reversal_key on public.xp_ledger (reverses) where (reverses is not null);
create index xp_ledger_user_idx on public.xp_ledger (user_id, created_at desc);
alter table public.xp_ledger enable row level security;
grant all on public.xp_ledger to service_role;

create table public.user_xp (
  user_id uuid not null,
  total integer default 0 not null,
  level smallint default 1 not null,
  reached_at timestamp with time zone default now() not null,
  constraint user_xp_total_nonnegative check ((total >= 0)),
  constraint user_xp_pkey primary key (user_id),
  constraint user_xp_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.user_xp is 'Kept XP total and level per user, written with each ledger row.';
create index user_xp_rank_idx on public.user_xp (total desc, reached_at, user_id);
alter table public.user_xp enable row level security;
grant all on public.user_xp to service_role;

create table public.xp_periods (
  period text not null,
  starts date not null,
  user_id uuid not null,
  points integer default 0 not null,
  reached_at timestamp with time zone default now() not null,
  constraint xp_periods_period check ((period = any (array['day'::text, 'week'::text, 'month'::text]))),
  constraint xp_periods_pkey primary key (period, starts, user_id),
  constraint xp_periods_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.xp_periods is 'XP earned per user per UTC day, week (from Monday) and month.';
create index xp_periods_rank_idx on public.xp_periods (period, starts, points desc, reached_at, user_id);
alter table public.xp_periods enable row level security;
grant all on public.xp_periods to service_role;

create table public.outlet_follows (
  user_id uuid not null,
  outlet_id integer not null,
  created_at timestamp with time zone default now() not null,
  constraint outlet_follows_pkey primary key (user_id, outlet_id),
  constraint outlet_follows_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete cascade,
  constraint outlet_follows_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
create index outlet_follows_outlet_idx on public.outlet_follows (outlet_id, user_id);
alter table public.outlet_follows enable row level security;
grant all on public.outlet_follows to service_role;

create table public.user_follows (
  follower_id uuid not null,
  followed_id uuid not null,
  created_at timestamp with time zone default now() not null,
  constraint user_follows_not_self check ((follower_id <> followed_id)),
  constraint user_follows_pkey primary key (follower_id, followed_id),
  constraint user_follows_followed_id_fkey foreign key (followed_id) references auth.users(id) on delete cascade,
  constraint user_follows_follower_id_fkey foreign key (follower_id) references auth.users(id) on delete cascade
);
create index user_follows_followed_idx on public.user_follows (followed_id, follower_id);
alter table public.user_follows enable row level security;
grant all on public.user_follows to service_role;

create table public.follow_counts (
  subject_type text not null,
  subject_id text not null,
  followers integer default 0 not null,
  following integer default 0 not null,
  constraint follow_counts_subject_type check ((subject_type = any (array['outlet'::text, 'user'::text]))),
  constraint follow_counts_pkey primary key (subject_type, subject_id)
);
comment on table public.follow_counts is 'Followers of each outlet and user, and how many players each user follows; kept by triggers.';
alter table public.follow_counts enable row level security;
grant all on public.follow_counts to service_role;

create table public.notifications (
  id bigint generated always as identity,
  user_id uuid not null,
  kind text not null,
  source text not null,
  actor_id uuid,
  data jsonb default '{}'::jsonb not null,
  created_at timestamp with time zone default now() not null,
  read_at timestamp with time zone,
  constraint notifications_data_object check ((jsonb_typeof(data) = 'object'::text)),
  constraint notifications_data_size check ((pg_column_size(data) <= 2048)),
  constraint notifications_kind check ((kind = any (array['outlet_review'::text, 'wishlist_release'::text, 'list_liked'::text, 'review_helpful'::text, 'level_up'::text, 'new_follower'::text, 'content_hidden'::text, 'coverage_requested'::text]))),
  constraint notifications_source_length check (((char_length(source) >= 1) and (char_length(source) <= 200))),
  constraint notifications_pkey primary key (id),
  constraint notifications_actor_id_fkey foreign key (actor_id) references auth.users(id) on delete cascade,
  constraint notifications_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.notifications is 'What a user is told about; kept 24, 72 or 168 hours by tier (Free, Ad-Free, Premium), then deleted by a job.';
create index notifications_created_idx on public.notifications (created_at);
create unique index notifications_once_key on public.notifications (user_id, kind, source);
create index notifications_unread_idx on public.notifications (user_id, created_at) where (read_at is null);
create index notifications_user_idx on public.notifications (user_id, created_at desc, id desc);
alter table public.notifications enable row level security;
grant select on public.notifications to authenticated;
grant all on public.notifications to service_role;

create table public.notification_preferences (
  user_id uuid not null,
  kind text not null,
  enabled boolean not null,
  enabled_at timestamp with time zone,
  constraint notification_preferences_kind check ((kind = any (array['outlet_review'::text, 'wishlist_release'::text, 'list_liked'::text, 'review_helpful'::text, 'level_up'::text, 'new_follower'::text, 'content_hidden'::text, 'coverage_requested'::text]))),
  constraint notification_preferences_pkey primary key (user_id, kind),
  constraint notification_preferences_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
alter table public.notification_preferences enable row level security;
grant all on public.notification_preferences to service_role;

create table public.outlet_review_events (
  review_id bigint not null,
  outlet_id integer not null,
  data jsonb not null,
  created_at timestamp with time zone not null,
  recorded_at timestamp with time zone default now() not null,
  constraint outlet_review_events_pkey primary key (review_id),
  constraint outlet_review_events_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete cascade,
  constraint outlet_review_events_review_id_fkey foreign key (review_id) references public.critic_reviews(id) on delete cascade
);
comment on table public.outlet_review_events is 'Published outlet reviews not yet written into every follower''s notifications; deleted after 168 hours.';
create index outlet_review_events_outlet_idx on public.outlet_review_events (outlet_id, recorded_at);
create index outlet_review_events_recorded_idx on public.outlet_review_events (recorded_at);
alter table public.outlet_review_events enable row level security;
grant all on public.outlet_review_events to service_role;

create table public.notification_inbox (
  user_id uuid not null,
  synced_at timestamp with time zone not null,
  constraint notification_inbox_pkey primary key (user_id),
  constraint notification_inbox_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
alter table public.notification_inbox enable row level security;
grant all on public.notification_inbox to service_role;

create table public.outlet_owners (
  outlet_id integer not null,
  user_id uuid not null,
  added_at timestamp with time zone default now() not null,
  constraint outlet_owners_pkey primary key (outlet_id, user_id),
  constraint outlet_owners_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete cascade,
  constraint outlet_owners_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.outlet_owners is 'The users who manage an outlet (its authors, reviews and settings). outlets.owner_id is kept as the first owner and mirrored here.';
create index outlet_owners_user_idx on public.outlet_owners (user_id, outlet_id);
alter table public.outlet_owners enable row level security;
grant all on public.outlet_owners to service_role;

create table public.critic_review_drafts (
  id bigint generated always as identity,
  outlet_id integer not null,
  game_id integer not null,
  author_id integer,
  kind text default 'review'::text not null,
  raw_score text,
  recommended boolean,
  verdict text,
  headline text,
  excerpt text,
  url text,
  platform_id integer,
  publish_at timestamp with time zone,
  time_zone text,
  created_by uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint critic_review_drafts_excerpt_length check ((char_length(excerpt) <= 600)),
  constraint critic_review_drafts_headline_length check ((char_length(headline) <= 200)),
  constraint critic_review_drafts_kind check ((kind = any (array['review'::text, 'preview'::text]))),
  constraint critic_review_drafts_raw_score_length check ((char_length(raw_score) <= 5)),
  constraint critic_review_drafts_time_zone_length check ((char_length(time_zone) <= 64)),
  constraint critic_review_drafts_url_http check (((url ~ '^https?://'::text) and (char_length(url) <= 500))),
  constraint critic_review_drafts_verdict_length check ((char_length(verdict) <= 140)),
  constraint critic_review_drafts_pkey primary key (id),
  constraint critic_review_drafts_author_id_fkey foreign key (author_id) references public.authors(id) on delete set null,
  constraint critic_review_drafts_created_by_fkey foreign key (created_by) references auth.users(id) on delete set null,
  constraint critic_review_drafts_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade,
  constraint critic_review_drafts_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete cascade,
  constraint critic_review_drafts_platform_id_fkey foreign key (platform_id) references public.platforms(id) on delete set null
);
comment on table public.critic_review_drafts is 'Critic reviews being written: seen only by the outlet''s owners and the draft''s author; publishing moves the row into critic_reviews.';
comment on column public.critic_review_drafts.publish_at is 'The publish time planned for it (an embargo when in the future), applied when it is published.';
create index critic_review_drafts_author_idx on public.critic_review_drafts (author_id, updated_at desc) where (author_id is not null);
create index critic_review_drafts_outlet_idx on public.critic_review_drafts (outlet_id, updated_at desc);
alter table public.critic_review_drafts enable row level security;
grant all on public.critic_review_drafts to service_role;

create table public.author_tokens (
  id uuid default gen_random_uuid() not null,
  purpose text not null,
  token_hash text not null,
  outlet_id integer,
  author_id integer,
  email text,
  created_by uuid,
  created_at timestamp with time zone default now() not null,
  expires_at timestamp with time zone not null,
  used_at timestamp with time zone,
  used_by uuid,
  revoked_at timestamp with time zone,
  constraint author_tokens_author_shape check (((purpose = 'invite'::text) or (author_id is not null))),
  constraint author_tokens_email_length check ((char_length(email) <= 254)),
  constraint author_tokens_hash_format check ((token_hash ~ '^[0-9a-f]{64}$'::text)),
  constraint author_tokens_invite_shape check (((purpose <> 'invite'::text) or ((outlet_id is not null) and (email is not null)))),
  constraint author_tokens_purpose check ((purpose = any (array['invite'::text, 'link'::text, 'verify'::text]))),
  constraint author_tokens_pkey primary key (id),
  constraint author_tokens_token_hash_key unique (token_hash),
  constraint author_tokens_author_id_fkey foreign key (author_id) references public.authors(id) on delete cascade,
  constraint author_tokens_created_by_fkey foreign key (created_by) references auth.users(id) on delete set null,
  constraint author_tokens_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete cascade,
  constraint author_tokens_used_by_fkey foreign key (used_by) references auth.users(id) on delete set null
);
comment on table public.author_tokens is 'Single-use links mailed to authors: only the SHA-256 of the token is stored; valid until expires_at (7 days), once.';
create index author_tokens_outlet_idx on public.author_tokens (outlet_id, created_at desc) where (outlet_id is not null);
alter table public.author_tokens enable row level security;
grant all on public.author_tokens to service_role;

create table public.author_applications (
  id bigint generated always as identity,
  outlet_id integer not null,
  user_id uuid not null,
  name text not null,
  message text default ''::text not null,
  created_at timestamp with time zone default now() not null,
  resolved_at timestamp with time zone,
  constraint author_applications_message_length check ((char_length(message) <= 1000)),
  constraint author_applications_name_length check (((char_length(btrim(name)) >= 1) and (char_length(btrim(name)) <= 100))),
  constraint author_applications_pkey primary key (id),
  constraint author_applications_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete cascade,
  constraint author_applications_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.author_applications is 'Requests to write for an outlet, shown to its owners.';
create unique index author_applications_open_key on public.author_applications (outlet_id, user_id) where (resolved_at is null);
alter table public.author_applications enable row level security;
grant all on public.author_applications to service_role;

create table public.outlet_audit_log (
  id bigint generated always as identity,
  outlet_id integer not null,
  actor_id uuid,
  action text not null,
  subject text not null,
  before jsonb,
  after jsonb,
  created_at timestamp with time zone default now() not null,
  constraint outlet_audit_log_action_length check ((char_length(action) <= 60)),
  constraint outlet_audit_log_subject_length check ((char_length(subject) <= 200)),
  constraint outlet_audit_log_pkey primary key (id),
  constraint outlet_audit_log_actor_id_fkey foreign key (actor_id) references auth.users(id) on delete set null,
  constraint outlet_audit_log_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete cascade
);
comment on table public.outlet_audit_log is 'Every change an owner or author made to an outlet, its authors and its reviews: who, what, when, before and after.';
create index outlet_audit_log_outlet_idx on public.outlet_audit_log (outlet_id, created_at desc, id desc);
alter table public.outlet_audit_log enable row level security;
grant all on public.outlet_audit_log to service_role;

create table public.outlet_applications (
  id integer generated always as identity,
  applicant_id uuid not null,
  outlet_name text not null,
  website_url text not null,
  contact text not null,
  score_scale text not null,
  sample_links text[] default '{}'::text[] not null,
  status text default 'pending'::text not null,
  resolution_reason text,
  outlet_id integer,
  resolved_by uuid,
  resolved_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  constraint outlet_applications_contact_length check (((char_length(btrim(contact)) >= 1) and (char_length(btrim(contact)) <= 320))),
  constraint outlet_applications_name_length check (((char_length(btrim(outlet_name)) >= 1) and (char_length(btrim(outlet_name)) <= 100))),
  constraint outlet_applications_reason_length check ((char_length(resolution_reason) <= 1000)),
  constraint outlet_applications_resolved check (((status = 'pending'::text) = (resolved_at is null))),
  constraint outlet_applications_samples_count check (((cardinality(sample_links) >= 1) and (cardinality(sample_links) <= 5))),
  constraint outlet_applications_score_scale check ((score_scale = any (array['hundred'::text, 'ten'::text, 'stars'::text, 'letter'::text, 'unscored'::text]))),
  constraint outlet_applications_status_known check ((status = any (array['pending'::text, 'approved'::text, 'rejected'::text]))),
  constraint outlet_applications_website_http check (((website_url ~ '^https?://'::text) and (char_length(website_url) <= 500))),
  constraint outlet_applications_pkey primary key (id),
  constraint outlet_applications_applicant_id_fkey foreign key (applicant_id) references auth.users(id) on delete cascade,
  constraint outlet_applications_outlet_id_fkey foreign key (outlet_id) references public.outlets(id) on delete set null,
  constraint outlet_applications_resolved_by_fkey foreign key (resolved_by) references auth.users(id) on delete set null
);
comment on table public.outlet_applications is 'Requests from users to list their outlet; approving creates the outlet with the applicant as owner.';
create index outlet_applications_applicant_idx on public.outlet_applications (applicant_id, created_at desc);
create unique index outlet_applications_one_pending on public.outlet_applications (applicant_id) where (status = 'pending'::text);
create index outlet_applications_queue_idx on public.outlet_applications (status, created_at);
alter table public.outlet_applications enable row level security;
grant all on public.outlet_applications to service_role;

create table public.billing_customers (
  user_id uuid not null,
  stripe_customer_id text not null,
  created_at timestamp with time zone default now() not null,
  constraint billing_customers_id_length check (((char_length(stripe_customer_id) >= 1) and (char_length(stripe_customer_id) <= 255))),
  constraint billing_customers_pkey primary key (user_id),
  constraint billing_customers_stripe_customer_id_key unique (stripe_customer_id),
  constraint billing_customers_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.billing_customers is 'The Stripe customer of each user who has started a checkout.';
alter table public.billing_customers enable row level security;
grant all on public.billing_customers to service_role;

create table public.stripe_events (
  id text not null,
  type text not null,
  created_at timestamp with time zone not null,
  received_at timestamp with time zone default now() not null,
  constraint stripe_events_id_length check (((char_length(id) >= 1) and (char_length(id) <= 255))),
  constraint stripe_events_type_length check (((char_length(type) >= 1) and (char_length(type) <= 100))),
  constraint stripe_events_pkey primary key (id)
);
comment on table public.stripe_events is 'Stripe webhook events already applied, by id.';
create index stripe_events_received_at on public.stripe_events (received_at);
alter table public.stripe_events enable row level security;
grant all on public.stripe_events to service_role;

create table public.test_checkout_sessions (
  id text not null,
  user_id uuid not null,
  plan_name text not null,
  billing_period text not null,
  status text default 'open'::text not null,
  subscription_id text,
  created_at timestamp with time zone default now() not null,
  constraint test_checkout_sessions_period check ((billing_period = any (array['month'::text, 'year'::text]))),
  constraint test_checkout_sessions_status check ((status = any (array['open'::text, 'complete'::text, 'expired'::text]))),
  constraint test_checkout_sessions_pkey primary key (id),
  constraint test_checkout_sessions_plan_name_fkey foreign key (plan_name) references public.subscription_plans(name),
  constraint test_checkout_sessions_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.test_checkout_sessions is 'Sessions of the built-in test checkout; no payment is taken.';
create index test_checkout_sessions_user_id on public.test_checkout_sessions (user_id);
alter table public.test_checkout_sessions enable row level security;
grant all on public.test_checkout_sessions to service_role;

create table public.billing_invoices (
  id text not null,
  user_id uuid not null,
  stripe_subscription_id text,
  status text not null,
  amount_cents integer not null,
  currency character(3) not null,
  hosted_invoice_url text,
  created_at timestamp with time zone not null,
  constraint billing_invoices_amount check ((amount_cents >= 0)),
  constraint billing_invoices_status check ((status = any (array['paid'::text, 'payment_failed'::text]))),
  constraint billing_invoices_url_length check ((char_length(hosted_invoice_url) <= 2000)),
  constraint billing_invoices_pkey primary key (id),
  constraint billing_invoices_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.billing_invoices is 'Invoices of each user''s subscriptions, written from verified webhooks.';
create index billing_invoices_user_id on public.billing_invoices (user_id, created_at desc);
alter table public.billing_invoices enable row level security;
grant all on public.billing_invoices to service_role;

create table app_meta.admins (
  user_id uuid not null,
  granted_at timestamp with time zone default now() not null,
  constraint admins_pkey primary key (user_id),
  constraint admins_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table app_meta.admins is 'Users with the admin role; written only by npm run admin, never exposed as data.';

create table app_meta.admin_audit_log (
  id bigint generated always as identity,
  admin_id uuid,
  action text not null,
  subject_type text not null,
  subject_id text not null,
  before jsonb,
  after jsonb,
  created_at timestamp with time zone default now() not null,
  constraint admin_audit_log_action_format check ((action ~ '^[a-z][a-z_.]{1,63}$'::text)),
  constraint admin_audit_log_subject_id_length check (((char_length(subject_id) >= 1) and (char_length(subject_id) <= 200))),
  constraint admin_audit_log_subject_type_format check ((subject_type ~ '^[a-z][a-z_]{1,31}$'::text)),
  constraint admin_audit_log_pkey primary key (id),
  constraint admin_audit_log_admin_id_fkey foreign key (admin_id) references auth.users(id) on delete set null
);
comment on table app_meta.admin_audit_log is 'One row per admin action, shown on /admin/database-admin.';
create index admin_audit_log_newest_idx on app_meta.admin_audit_log (created_at desc, id desc);

create table public.game_slug_redirects (
  old_slug text not null,
  game_id integer not null,
  created_at timestamp with time zone default now() not null,
  constraint game_slug_redirects_slug_format check (((old_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) and (char_length(old_slug) <= 120))),
  constraint game_slug_redirects_pkey primary key (old_slug),
  constraint game_slug_redirects_game_id_fkey foreign key (game_id) references public.games(id) on delete cascade
);
comment on table public.game_slug_redirects is 'Slugs that no longer name a game and the game they lead to (301).';
create index game_slug_redirects_game_idx on public.game_slug_redirects (game_id);
alter table public.game_slug_redirects enable row level security;
grant select on public.game_slug_redirects to anon, authenticated;
grant all on public.game_slug_redirects to service_role;

create table public.game_requests (
  id integer generated always as identity,
  requester_id uuid not null,
  title text not null,
  platforms text[] default '{}'::text[] not null,
  release_date date,
  developer text,
  publisher text,
  official_url text,
  reason text,
  status text default 'pending'::text not null,
  resolution_reason text,
  duplicate_of_game_id integer,
  duplicate_of_request_id integer,
  game_id integer,
  resolved_by uuid,
  resolved_at timestamp with time zone,
  votes_count integer default 0 not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint game_requests_developer_length check ((char_length(developer) <= 200)),
  constraint game_requests_official_url_http check (((official_url ~ '^https?://'::text) and (char_length(official_url) <= 500))),
  constraint game_requests_platforms_count check ((cardinality(platforms) <= 20)),
  constraint game_requests_publisher_length check ((char_length(publisher) <= 200)),
  constraint game_requests_reason_length check ((char_length(reason) <= 1000)),
  constraint game_requests_resolution_reason_length check ((char_length(resolution_reason) <= 1000)),
  constraint game_requests_resolved check (((status = 'pending'::text) = (resolved_at is null))),
  constraint game_requests_status_known check ((status = any (array['pending'::text, 'approved'::text, 'rejected'::text, 'duplicate'::text]))),
  constraint game_requests_title_length check (((char_length(btrim(title)) >= 1) and (char_length(btrim(title)) <= 200))),
  constraint game_requests_votes_count_positive check ((votes_count >= 0)),
  constraint game_requests_pkey primary key (id),
  constraint game_requests_duplicate_of_game_id_fkey foreign key (duplicate_of_game_id) references public.games(id) on delete set null,
  constraint game_requests_duplicate_of_request_id_fkey foreign key (duplicate_of_request_id) references public.game_requests(id) on delete set null,
  constraint game_requests_game_id_fkey foreign key (game_id) references public.games(id) on delete set null,
  constraint game_requests_requester_id_fkey foreign key (requester_id) references auth.users(id) on delete cascade,
  constraint game_requests_resolved_by_fkey foreign key (resolved_by) references auth.users(id) on delete set null
);
comment on table public.game_requests is 'Games users asked the site to add; administrators approve, reject or mark them duplicate.';
create index game_requests_duplicate_game_idx on public.game_requests (duplicate_of_game_id) where (duplicate_of_game_id is not null);
create index game_requests_game_idx on public.game_requests (game_id) where (game_id is not null);
create unique index game_requests_one_per_title on public.game_requests (requester_id, lower(btrim(title)));
create index game_requests_requester_idx on public.game_requests (requester_id, created_at desc);
create index game_requests_status_idx on public.game_requests (status, votes_count desc, id desc);
create index game_requests_title_trgm_idx on public.game_requests using gin (lower(title) extensions.gin_trgm_ops);
alter table public.game_requests enable row level security;
grant all on public.game_requests to service_role;

create table public.game_request_votes (
  request_id integer not null,
  user_id uuid not null,
  created_at timestamp with time zone default now() not null,
  constraint game_request_votes_pkey primary key (request_id, user_id),
  constraint game_request_votes_request_id_fkey foreign key (request_id) references public.game_requests(id) on delete cascade,
  constraint game_request_votes_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.game_request_votes is 'One "I want this too" per user and request; game_requests.votes_count keeps the total.';
create index game_request_votes_user_idx on public.game_request_votes (user_id);
alter table public.game_request_votes enable row level security;
grant all on public.game_request_votes to service_role;

create table public.contact_messages (
  id bigint generated always as identity,
  name text not null,
  email text not null,
  topic text not null,
  message text not null,
  user_id uuid,
  sender_hash text not null,
  emailed_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  constraint contact_messages_email_length check (((char_length(email) >= 3) and (char_length(email) <= 254))),
  constraint contact_messages_message_length check (((char_length(message) >= 1) and (char_length(message) <= 5000))),
  constraint contact_messages_name_length check (((char_length(name) >= 1) and (char_length(name) <= 100))),
  constraint contact_messages_sender_hash_format check ((sender_hash ~ '^[0-9a-f]{64}$'::text)),
  constraint contact_messages_topic_known check ((topic = any (array['general'::text, 'support'::text, 'feedback'::text, 'press'::text, 'privacy'::text, 'outlets'::text]))),
  constraint contact_messages_pkey primary key (id),
  constraint contact_messages_user_id_fkey foreign key (user_id) references auth.users(id) on delete set null
);
comment on table public.contact_messages is 'Messages sent through /contact; read by administrators.';
comment on column public.contact_messages.sender_hash is 'Peppered SHA-256 of the client address: rate limit only, never the address.';
create index contact_messages_created_idx on public.contact_messages (created_at desc);
create index contact_messages_email_idx on public.contact_messages (lower(email), created_at desc);
create index contact_messages_sender_idx on public.contact_messages (sender_hash, created_at desc);
create index contact_messages_user_idx on public.contact_messages (user_id) where (user_id is not null);
alter table public.contact_messages enable row level security;
grant all on public.contact_messages to service_role;

create table public.analytics_salts (
  day date not null,
  salt text not null,
  created_at timestamp with time zone default now() not null,
  constraint analytics_salts_salt_length check ((salt ~ '^[0-9a-f]{64}$'::text)),
  constraint analytics_salts_pkey primary key (day)
);
comment on table public.analytics_salts is 'One random salt per UTC day for visitor hashes; older than yesterday is deleted.';
alter table public.analytics_salts enable row level security;
grant all on public.analytics_salts to service_role;

create table public.analytics_events (
  id bigint generated always as identity,
  occurred_at timestamp with time zone default now() not null,
  name text not null,
  path text not null,
  referrer_host text,
  outbound_url text,
  device text not null,
  visitor_hash text not null,
  props jsonb,
  revenue_cents bigint,
  revenue_currency character(3),
  constraint analytics_events_device_known check ((device = any (array['mobile'::text, 'tablet'::text, 'laptop'::text, 'desktop'::text, 'unknown'::text]))),
  constraint analytics_events_name_length check (((char_length(name) >= 1) and (char_length(name) <= 120))),
  constraint analytics_events_outbound_length check ((char_length(outbound_url) <= 2000)),
  constraint analytics_events_path_length check (((char_length(path) >= 1) and (char_length(path) <= 2000))),
  constraint analytics_events_props_size check (((props is null) or (octet_length((props)::text) <= 2048))),
  constraint analytics_events_referrer_length check ((char_length(referrer_host) <= 255)),
  constraint analytics_events_visitor_hash_format check ((visitor_hash ~ '^[0-9a-f]{32}$'::text)),
  constraint analytics_events_pkey primary key (id)
);
comment on table public.analytics_events is 'Page views and outbound clicks, without cookies or addresses; visitor_hash rotates daily.';
create index analytics_events_name_time_idx on public.analytics_events (name, occurred_at);
create index analytics_events_time_idx on public.analytics_events (occurred_at);
alter table public.analytics_events enable row level security;
grant all on public.analytics_events to service_role;

create table public.error_reports (
  fingerprint text not null,
  source text not null,
  message text not null,
  stack text,
  route text not null,
  release text not null,
  count bigint default 1 not null,
  first_seen_at timestamp with time zone default now() not null,
  last_seen_at timestamp with time zone default now() not null,
  constraint error_reports_count_positive check ((count >= 1)),
  constraint error_reports_fingerprint_format check ((fingerprint ~ '^[0-9a-f]{64}$'::text)),
  constraint error_reports_message_length check (((char_length(message) >= 1) and (char_length(message) <= 1000))),
  constraint error_reports_release_length check (((char_length(release) >= 1) and (char_length(release) <= 100))),
  constraint error_reports_route_length check (((char_length(route) >= 1) and (char_length(route) <= 500))),
  constraint error_reports_source_known check ((source = any (array['client'::text, 'server'::text]))),
  constraint error_reports_stack_length check ((char_length(stack) <= 8000)),
  constraint error_reports_pkey primary key (fingerprint)
);
comment on table public.error_reports is 'Client and server errors, scrubbed of personal data, counted per fingerprint; kept 30 days after last seen.';
create index error_reports_last_seen_idx on public.error_reports (last_seen_at desc);
alter table public.error_reports enable row level security;
grant all on public.error_reports to service_role;

create table public.poll_votes (
  poll text not null,
  user_id uuid not null,
  option text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint poll_votes_option_format check ((option ~ '^[a-z0-9][a-z0-9-]{0,62}$'::text)),
  constraint poll_votes_poll_format check ((poll ~ '^[a-z0-9][a-z0-9-]{0,62}$'::text)),
  constraint poll_votes_pkey primary key (poll, user_id),
  constraint poll_votes_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.poll_votes is 'One changeable vote per user and poll on /test-vote; options come from the roadmap content.';
create index poll_votes_poll_option_idx on public.poll_votes (poll, option);
alter table public.poll_votes enable row level security;
grant all on public.poll_votes to service_role;

create table public.user_list_reports (
  id bigint generated always as identity,
  list_id integer not null,
  reporter_id uuid not null,
  reason text not null,
  details text,
  status text default 'open'::text not null,
  created_at timestamp with time zone default now() not null,
  resolved_at timestamp with time zone,
  constraint user_list_reports_details_length check ((char_length(details) <= 500)),
  constraint user_list_reports_reason_known check ((reason = any (array['spam'::text, 'offensive'::text, 'spoiler'::text, 'off_topic'::text, 'other'::text]))),
  constraint user_list_reports_status_known check ((status = any (array['open'::text, 'dismissed'::text, 'actioned'::text]))),
  constraint user_list_reports_once unique (list_id, reporter_id),
  constraint user_list_reports_pkey primary key (id),
  constraint user_list_reports_list_id_fkey foreign key (list_id) references public.user_lists(id) on delete cascade,
  constraint user_list_reports_reporter_id_fkey foreign key (reporter_id) references auth.users(id) on delete cascade
);
comment on table public.user_list_reports is 'Reports of public lists for the moderation queue.';
create index user_list_reports_open_idx on public.user_list_reports (created_at) where (status = 'open'::text);
alter table public.user_list_reports enable row level security;
grant all on public.user_list_reports to service_role;

-- =========================================================================================
-- Functions
-- =========================================================================================

-- Accounts --------------------------------------------------------------------------------

-- Shared trigger function: keeps updated_at honest without trusting callers.
create function public.set_updated_at() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function public.set_updated_at() from public;

-- Refuses a reserved username (reserved_usernames) with the check_violation a constraint would raise.
create function public.check_profile_username() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.username is not null
     and exists (select 1 from public.reserved_usernames r where r.name = lower(new.username)) then
    raise exception 'This username is reserved and cannot be used'
      using errcode = 'check_violation', constraint = 'profiles_username_not_reserved', table = 'profiles';
  end if;
  return new;
end
$$;
revoke execute on function public.check_profile_username() from public;

-- Every auth user gets its profile in the same transaction, from the sign-up metadata.
create function public.handle_new_user() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  avatar text := nullif(btrim(coalesce(meta ->> 'avatar_url', meta ->> 'picture')), '');
begin
  insert into public.profiles (id, username, full_name, bio, email, avatar_url)
  values (
    new.id,
    -- A Google sign-in carries no username: the user picks one on /confirm.
    nullif(btrim(meta ->> 'username'), ''),
    left(nullif(btrim(coalesce(meta ->> 'full_name', meta ->> 'name')), ''), 100),
    left(nullif(btrim(meta ->> 'bio'), ''), 500),
    new.email,
    case when avatar ~ '^https?://' then avatar end
  );
  return new;
end
$$;
comment on function public.handle_new_user() is 'Creates the profile of a new auth user from its metadata, in the same transaction; a failure aborts the sign-up.';
revoke execute on function public.handle_new_user() from public;

-- Keep the profile's private email copy in step with a confirmed email change.
create function public.handle_user_email_change() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end
$$;
revoke execute on function public.handle_user_email_change() from public;

-- Critics ---------------------------------------------------------------------------------

-- 0-100 -> band key. Must match scoreBand() in src/lib/scores/scores.ts.
create function public.critic_score_band(score smallint) returns text
  language sql immutable parallel safe
  set search_path = ''
as $$
  select case
    when score is null then null
    when score >= 90 then 'acclaimed'
    when score >= 75 then 'favourable'
    when score >= 50 then 'mixed'
    when score >= 20 then 'unfavourable'
    else 'panned'
  end
$$;
comment on function public.critic_score_band(score smallint) is 'Score band of a 0-100 score; bands are published on /faq. Mirrors scoreBand() in src/lib/scores/scores.ts.';

-- Before a review is written: fill the scale from the outlet, derive `recommended` for
-- scored reviews from the outlet's threshold, and decide whether the row counts yet.
create function public.critic_reviews_prepare() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  outlet_scale text;
  threshold smallint;
  normalised smallint;
begin
  select o.score_scale, o.recommendation_threshold into outlet_scale, threshold
  from public.outlets o where o.id = new.outlet_id;
  if new.score_scale is null then
    new.score_scale := outlet_scale;
  end if;
  if new.kind = 'preview' then
    new.recommended := null;
  else
    normalised := public.normalise_critic_score(new.score_scale, new.raw_score);
    if normalised is not null then
      new.recommended := normalised >= threshold;
    end if;
  end if;
  new.counted := new.published_at <= now();
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end
$$;
revoke execute on function public.critic_reviews_prepare() from public;

-- Adds (delta = 1) or removes (delta = -1) one counted review's share of its game's row.
create function public.apply_critic_review_to_stats(p_game_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  is_review integer := case when p_kind = 'review' then delta else 0 end;
  is_scored integer := case when p_kind = 'review' and p_score is not null then delta else 0 end;
  band text := public.critic_score_band(p_score);
begin
  -- Removing a share is a plain update (the row exists: it was added when the review was
  -- counted). Adding one may create the row; an upsert's proposed row must itself pass the
  -- non-negative check, which is why the two directions are written apart.
  if delta < 0 then
    update public.game_critic_stats s set
      review_count = s.review_count + is_review,
      scored_count = s.scored_count + is_scored,
      score_sum = s.score_sum + is_scored * coalesce(p_score, 0),
      recommended_count = s.recommended_count + case when p_kind = 'review' and p_recommended then delta else 0 end,
      preview_count = s.preview_count + case when p_kind = 'preview' then delta else 0 end,
      acclaimed_count = s.acclaimed_count + case when band = 'acclaimed' then is_scored else 0 end,
      favourable_count = s.favourable_count + case when band = 'favourable' then is_scored else 0 end,
      mixed_count = s.mixed_count + case when band = 'mixed' then is_scored else 0 end,
      unfavourable_count = s.unfavourable_count + case when band = 'unfavourable' then is_scored else 0 end,
      panned_count = s.panned_count + case when band = 'panned' then is_scored else 0 end
    where s.game_id = p_game_id;
    return;
  end if;
  insert into public.game_critic_stats as s (
    game_id, review_count, scored_count, score_sum, recommended_count, preview_count,
    acclaimed_count, favourable_count, mixed_count, unfavourable_count, panned_count
  ) values (
    p_game_id,
    is_review,
    is_scored,
    is_scored * coalesce(p_score, 0),
    case when p_kind = 'review' and p_recommended then delta else 0 end,
    case when p_kind = 'preview' then delta else 0 end,
    case when band = 'acclaimed' then is_scored else 0 end,
    case when band = 'favourable' then is_scored else 0 end,
    case when band = 'mixed' then is_scored else 0 end,
    case when band = 'unfavourable' then is_scored else 0 end,
    case when band = 'panned' then is_scored else 0 end
  )
  on conflict (game_id) do update set
    review_count = s.review_count + excluded.review_count,
    scored_count = s.scored_count + excluded.scored_count,
    score_sum = s.score_sum + excluded.score_sum,
    recommended_count = s.recommended_count + excluded.recommended_count,
    preview_count = s.preview_count + excluded.preview_count,
    acclaimed_count = s.acclaimed_count + excluded.acclaimed_count,
    favourable_count = s.favourable_count + excluded.favourable_count,
    mixed_count = s.mixed_count + excluded.mixed_count,
    unfavourable_count = s.unfavourable_count + excluded.unfavourable_count,
    panned_count = s.panned_count + excluded.panned_count;
end
$$;
revoke execute on function public.apply_critic_review_to_stats(p_game_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) from public;

-- After a review is written: take the old row's share out and put the new row's in.
-- A review moving to another game, changing kind, score or verdict, or being released
-- from its embargo, is just "remove old, add new".
create function public.critic_reviews_aggregate() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
    and old.counted = new.counted and old.game_id = new.game_id and old.kind = new.kind
    and old.score is not distinct from new.score and old.recommended is not distinct from new.recommended then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.counted then
    perform public.apply_critic_review_to_stats(old.game_id, old.kind, old.score, old.recommended, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.counted then
    perform public.apply_critic_review_to_stats(new.game_id, new.kind, new.score, new.recommended, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.critic_reviews_aggregate() from public;

-- A changed threshold changes which of the outlet's scored reviews recommend the game;
-- touching them lets the review triggers recompute and re-aggregate each one.
create function public.outlets_threshold_changed() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public.critic_reviews r set recommended = r.score >= new.recommendation_threshold
  where r.outlet_id = new.id and r.score is not null and r.kind = 'review';
  return null;
end
$$;
revoke execute on function public.outlets_threshold_changed() from public;

-- Same contract as before (release, then the next embargo time), through the function above.
create function public.release_due_critic_reviews() returns timestamp with time zone
  language plpgsql security definer
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
comment on function public.release_due_critic_reviews() is 'Adds reviews whose embargo has lifted to the aggregate; returns the next embargo time.';
revoke execute on function public.release_due_critic_reviews() from public;

-- Recomputes every aggregate row from the reviews (after a bulk load with the triggers
-- disabled, or to repair). Not for the request path.
create function public.rebuild_game_critic_stats() returns void
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public.critic_reviews set counted = (published_at <= now()) where counted is distinct from (published_at <= now());
  delete from public.game_critic_stats;
  insert into public.game_critic_stats (
    game_id, review_count, scored_count, score_sum, recommended_count, preview_count,
    acclaimed_count, favourable_count, mixed_count, unfavourable_count, panned_count
  )
  select
    game_id,
    count(*) filter (where kind = 'review'),
    count(score) filter (where kind = 'review'),
    coalesce(sum(score) filter (where kind = 'review'), 0),
    count(*) filter (where kind = 'review' and recommended),
    count(*) filter (where kind = 'preview'),
    count(*) filter (where kind = 'review' and score >= 90),
    count(*) filter (where kind = 'review' and score >= 75 and score < 90),
    count(*) filter (where kind = 'review' and score >= 50 and score < 75),
    count(*) filter (where kind = 'review' and score >= 20 and score < 50),
    count(*) filter (where kind = 'review' and score < 20)
  from public.critic_reviews
  where counted
  group by game_id;
end
$$;
revoke execute on function public.rebuild_game_critic_stats() from public;

-- Every owner sees the outlet's reviews under embargo through the API roles too.
create function public.is_outlet_owner(p_outlet_id integer) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (
    select 1 from public.outlet_owners o where o.outlet_id = p_outlet_id and o.user_id = auth.uid()
  )
$$;
revoke execute on function public.is_outlet_owner(p_outlet_id integer) from public;
grant execute on function public.is_outlet_owner(p_outlet_id integer) to anon, authenticated;

-- Search ----------------------------------------------------------------------------------

-- One statement-level trigger per write statement, so bulk loads add their words in one go.
create function public.add_search_words() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into public.search_words (word)
  select distinct unnest(public.title_words(changed.title)) from changed_games as changed
  on conflict do nothing;
  return null;
end
$$;
revoke execute on function public.add_search_words() from public;

-- Similar games ---------------------------------------------------------------------------

create function public.similar_games(p_game_id integer, p_limit integer default 6, p_pool integer default 15) returns table(game_id integer, score integer, shared_genres integer, shared_developers integer, shared_publishers integer, shared_platforms integer)
  language plpgsql stable rows 12
  set search_path = ''
  set plan_cache_mode to 'force_generic_plan'
as $$
declare
  my_date date;
  my_genres integer[];
  my_developers integer[];
  my_publishers integer[];
  my_platforms integer[];
begin
  -- The game's links in one statement (one plan, one visit of the game's rows).
  select coalesce(g.release_date, current_date),
         array(select x.genre_id from public.game_genres x where x.game_id = g.id),
         array(select x.company_id from public.game_developers x where x.game_id = g.id),
         array(select x.company_id from public.game_publishers x where x.game_id = g.id),
         array(select x.platform_id from public.game_platforms x where x.game_id = g.id)
    into my_date, my_genres, my_developers, my_publishers, my_platforms
    from public.games g where g.id = p_game_id;
  if not found or cardinality(my_genres) = 0 then
    return;
  end if;

  return query
  with links as (
    -- Every candidate's shared developers and publishers come with finding it.
    select x.game_id, 1 as developers, 0 as publishers from public.game_developers x where x.company_id = any (my_developers)
    union all
    select x.game_id, 0, 1 from public.game_publishers x where x.company_id = any (my_publishers)
    union all
    select c.game_id, 0, 0
    from unnest(my_platforms) as mp (platform_id)
    cross join lateral (
      (select gp.game_id from public.game_platforms gp
        where gp.platform_id = mp.platform_id and gp.release_date <= my_date
        order by gp.release_date desc limit p_pool)
      union all
      (select gp.game_id from public.game_platforms gp
        where gp.platform_id = mp.platform_id and gp.release_date > my_date
        order by gp.release_date asc limit p_pool)
    ) c
  ),
  pool as (
    select l.game_id, sum(l.developers)::integer as developers, sum(l.publishers)::integer as publishers
    from links l where l.game_id <> p_game_id group by l.game_id
  ),
  genres as (
    select b.game_id, count(*)::integer as n from public.game_genres b
    where b.game_id = any (array(select p.game_id from pool p)) and b.genre_id = any (my_genres)
    group by b.game_id
  ),
  platforms as (
    select b.game_id, count(*)::integer as n from public.game_platforms b
    where b.game_id = any (array(select p.game_id from genres p)) and b.platform_id = any (my_platforms)
    group by b.game_id
  )
  select p.game_id, 4 * p.developers + 3 * s.n + 2 * p.publishers + coalesce(pl.n, 0), s.n, p.developers, p.publishers, coalesce(pl.n, 0)
  from pool p
  join genres s on s.game_id = p.game_id
  left join platforms pl on pl.game_id = p.game_id
  join public.games g on g.id = p.game_id
  order by 2 desc, abs(coalesce(g.release_date, my_date) - my_date), p.game_id
  limit p_limit;
end
$$;
comment on function public.similar_games(p_game_id integer, p_limit integer, p_pool integer) is 'The games most similar to a game, by shared developers (4), genres (3), publishers (2) and platforms (1); candidates bounded by p_pool per platform.';
grant execute on function public.similar_games(p_game_id integer, p_limit integer, p_pool integer) to anon, authenticated;

-- Jobs ------------------------------------------------------------------------------------

-- Counts the reviews whose embargo has lifted and says which they were, so the job can
-- purge the cached pages that show them. `counted` is derived by the prepare trigger from
-- published_at <= now(), so touching the row is what releases it.
create function public.release_embargoed_critic_reviews() returns table(game_id integer, outlet_id integer, author_id integer)
  language sql security definer
  set search_path = ''
as $$
  update public.critic_reviews r set counted = true
  where not r.counted and r.published_at <= now()
  returning r.game_id, r.outlet_id, r.author_id;
$$;
comment on function public.release_embargoed_critic_reviews() is 'Adds reviews whose embargo has lifted to the aggregate and returns their game, outlet and author. Called by the release-critic-embargoes job.';
revoke execute on function public.release_embargoed_critic_reviews() from public;

-- Other -----------------------------------------------------------------------------------

-- Rewrites the kept links of these games from the link tables. Names sort by lower(): the
-- embedded database's C collation would otherwise put every capital first.
-- (PL/pgSQL rather than SQL: a session plans the statement once, not on every call.)
create function public.keep_game_card_links(p_games integer[]) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  insert into public.game_card_links (game_id, platforms, genres)
  select g.id,
    (select coalesce(json_agg(agg), '[]') from (
       select p.slug, p.name, p.abbreviation
       from public.game_platforms gp join public.platforms p on p.id = gp.platform_id
       where gp.game_id = g.id
       order by gp.release_date asc nulls last, lower(p.name)) agg),
    (select coalesce(json_agg(agg), '[]') from (
       select ge.slug, ge.name
       from public.game_genres gg join public.genres ge on ge.id = gg.genre_id
       where gg.game_id = g.id
       order by lower(ge.name)) agg)
  from public.games g
  where g.id = any (p_games)
  on conflict (game_id) do update set platforms = excluded.platforms, genres = excluded.genres;
end
$$;
revoke execute on function public.keep_game_card_links(p_games integer[]) from public;

-- As keep_game_card_links, for a statement that changed these games' links or names, taking
-- turns with the others that do: writers of the same game's links wait for one another, and
-- a rename of one of its platforms or genres waits for them or they for it. Each then reads
-- (a new statement, a new snapshot) what the other committed, so two transactions never each
-- keep half of the truth. No key is locked: links may still be added under the game.
create function public.keep_game_card_links_in_turn(p_games integer[]) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if cardinality(p_games) = 0 then
    return;
  end if;
  perform 1 from public.games g where g.id = any (p_games) order by g.id for no key update;
  perform 1 from public.platforms p
    where p.id in (select gp.platform_id from public.game_platforms gp where gp.game_id = any (p_games))
    order by p.id for share;
  perform 1 from public.genres ge
    where ge.id in (select gg.genre_id from public.game_genres gg where gg.game_id = any (p_games))
    order by ge.id for share;
  perform public.keep_game_card_links(p_games);
end
$$;
revoke execute on function public.keep_game_card_links_in_turn(p_games integer[]) from public;

-- One trigger function for both link tables, fired once per statement with the rows it
-- changed (an import or the demo seed writes thousands of links at once).
create function public.card_links_on_links() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.keep_game_card_links_in_turn(array(select distinct n.game_id from new_rows n));
  elsif tg_op = 'DELETE' then
    perform public.keep_game_card_links_in_turn(array(select distinct o.game_id from old_rows o));
  else
    perform public.keep_game_card_links_in_turn(array(select n.game_id from new_rows n union select o.game_id from old_rows o));
  end if;
  return null;
end
$$;
revoke execute on function public.card_links_on_links() from public;

-- A renamed platform or genre: every game linked to it. (Deleting one that is linked is
-- refused by the links' foreign keys.) Renames are rare and one row at a time.
create function public.card_links_on_name() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_table_name = 'platforms' then
    perform public.keep_game_card_links_in_turn(array(select gp.game_id from public.game_platforms gp where gp.platform_id = new.id));
  else
    perform public.keep_game_card_links_in_turn(array(select gg.game_id from public.game_genres gg where gg.genre_id = new.id));
  end if;
  return null;
end
$$;
revoke execute on function public.card_links_on_name() from public;

-- Adds (delta = 1) or removes (delta = -1) one counted review's share of its outlet's row.
create function public.apply_critic_review_to_outlet_stats(p_outlet_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  is_review integer := case when p_kind = 'review' then delta else 0 end;
  is_scored integer := case when p_kind = 'review' and p_score is not null then delta else 0 end;
  band text := public.critic_score_band(p_score);
begin
  -- The row exists whenever a share is removed (it was added when the review was counted);
  -- an upsert's proposed row must itself pass the non-negative check, hence two statements.
  if delta < 0 then
    update public.outlet_critic_stats s set
      review_count = s.review_count + is_review,
      scored_count = s.scored_count + is_scored,
      score_sum = s.score_sum + is_scored * coalesce(p_score, 0),
      recommended_count = s.recommended_count + case when p_kind = 'review' and p_recommended then delta else 0 end,
      preview_count = s.preview_count + case when p_kind = 'preview' then delta else 0 end,
      acclaimed_count = s.acclaimed_count + case when band = 'acclaimed' then is_scored else 0 end,
      favourable_count = s.favourable_count + case when band = 'favourable' then is_scored else 0 end,
      mixed_count = s.mixed_count + case when band = 'mixed' then is_scored else 0 end,
      unfavourable_count = s.unfavourable_count + case when band = 'unfavourable' then is_scored else 0 end,
      panned_count = s.panned_count + case when band = 'panned' then is_scored else 0 end
    where s.outlet_id = p_outlet_id;
    return;
  end if;
  insert into public.outlet_critic_stats as s (
    outlet_id, review_count, scored_count, score_sum, recommended_count, preview_count,
    acclaimed_count, favourable_count, mixed_count, unfavourable_count, panned_count
  ) values (
    p_outlet_id,
    is_review,
    is_scored,
    is_scored * coalesce(p_score, 0),
    case when p_kind = 'review' and p_recommended then delta else 0 end,
    case when p_kind = 'preview' then delta else 0 end,
    case when band = 'acclaimed' then is_scored else 0 end,
    case when band = 'favourable' then is_scored else 0 end,
    case when band = 'mixed' then is_scored else 0 end,
    case when band = 'unfavourable' then is_scored else 0 end,
    case when band = 'panned' then is_scored else 0 end
  )
  on conflict (outlet_id) do update set
    review_count = s.review_count + excluded.review_count,
    scored_count = s.scored_count + excluded.scored_count,
    score_sum = s.score_sum + excluded.score_sum,
    recommended_count = s.recommended_count + excluded.recommended_count,
    preview_count = s.preview_count + excluded.preview_count,
    acclaimed_count = s.acclaimed_count + excluded.acclaimed_count,
    favourable_count = s.favourable_count + excluded.favourable_count,
    mixed_count = s.mixed_count + excluded.mixed_count,
    unfavourable_count = s.unfavourable_count + excluded.unfavourable_count,
    panned_count = s.panned_count + excluded.panned_count;
end
$$;
revoke execute on function public.apply_critic_review_to_outlet_stats(p_outlet_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) from public;

-- Keeps outlet_critic_stats: takes a counted review's old row out and puts its new row in.
create function public.critic_reviews_outlet_aggregate() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
    and old.counted = new.counted and old.outlet_id = new.outlet_id and old.kind = new.kind
    and old.score is not distinct from new.score and old.recommended is not distinct from new.recommended then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.counted then
    perform public.apply_critic_review_to_outlet_stats(old.outlet_id, old.kind, old.score, old.recommended, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.counted then
    perform public.apply_critic_review_to_outlet_stats(new.outlet_id, new.kind, new.score, new.recommended, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.critic_reviews_outlet_aggregate() from public;

-- Recomputes every outlet's row from the counted reviews (after a bulk load with the review
-- triggers off, or to repair). Call it after rebuild_game_critic_stats(), which settles
-- the `counted` flags first. Not for the request path.
create function public.rebuild_outlet_critic_stats() returns void
  language plpgsql security definer
  set search_path = ''
as $$
begin
  delete from public.outlet_critic_stats;
  insert into public.outlet_critic_stats (
    outlet_id, review_count, scored_count, score_sum, recommended_count, preview_count,
    acclaimed_count, favourable_count, mixed_count, unfavourable_count, panned_count
  )
  select
    outlet_id,
    count(*) filter (where kind = 'review'),
    count(score) filter (where kind = 'review'),
    coalesce(sum(score) filter (where kind = 'review'), 0),
    count(*) filter (where kind = 'review' and recommended),
    count(*) filter (where kind = 'preview'),
    count(*) filter (where kind = 'review' and score >= 90),
    count(*) filter (where kind = 'review' and score >= 75 and score < 90),
    count(*) filter (where kind = 'review' and score >= 50 and score < 75),
    count(*) filter (where kind = 'review' and score >= 20 and score < 50),
    count(*) filter (where kind = 'review' and score < 20)
  from public.critic_reviews
  where counted
  group by outlet_id;
end
$$;
revoke execute on function public.rebuild_outlet_critic_stats() from public;

-- Shape of the kept rankings: the game page's (OVERVIEW_SIMILAR). Any other shape is
-- ranked on the spot.
create function public.similar_games_kept_shape(out size integer, out pool integer) returns record
  language sql immutable
  set search_path = ''
as $$ select 6, 10 $$;
revoke execute on function public.similar_games_kept_shape(out size integer, out pool integer) from public;

-- The kept ranking when it has the asked shape, else the ranking made now.
create function public.kept_similar_games(p_game_id integer, p_limit integer default 6, p_pool integer default 10) returns table(game_id integer, score integer, shared_genres integer, shared_developers integer, shared_publishers integer, shared_platforms integer)
  language plpgsql stable rows 12
  set search_path = ''
as $$
declare
  kept public.similar_game_rankings;
begin
  select * into kept from public.similar_game_rankings r
    where r.game_id = p_game_id and r.pool = p_pool and r.size >= p_limit;
  if found then
    return query
    select u.game_id, u.score, u.genres, u.developers, u.publishers, u.platforms
    from unnest(kept.similar_ids, kept.scores, kept.shared_genres, kept.shared_developers, kept.shared_publishers, kept.shared_platforms)
      with ordinality as u (game_id, score, genres, developers, publishers, platforms, n)
    order by u.n
    limit p_limit;
    return;
  end if;
  return query select * from public.similar_games(p_game_id, p_limit, p_pool);
end
$$;
revoke execute on function public.kept_similar_games(p_game_id integer, p_limit integer, p_pool integer) from public;

-- Ranks up to p_max queued games (oldest first) and keeps the rankings of the dated ones
-- (an undated game is compared from today's date, so its ranking is made on each read).
-- Returns how many were taken from the queue. Two runs never take the same games.
create function public.refill_similar_games(p_max integer) returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  kept_size integer;
  kept_pool integer;
  n_taken integer;
begin
  select k.size, k.pool into kept_size, kept_pool from public.similar_games_kept_shape() k;
  with taken as (
    delete from public.similar_game_refills q
    where q.game_id in (
      select x.game_id from public.similar_game_refills x
      order by x.queued_at, x.game_id limit greatest(p_max, 0)
      for update skip locked)
    returning q.game_id
  ),
  ranked as (
    select t.game_id,
           coalesce(array_agg(s.game_id order by s.n) filter (where s.game_id is not null), '{}') as similar_ids,
           coalesce(array_agg(s.score order by s.n) filter (where s.game_id is not null), '{}') as scores,
           coalesce(array_agg(s.shared_genres order by s.n) filter (where s.game_id is not null), '{}') as shared_genres,
           coalesce(array_agg(s.shared_developers order by s.n) filter (where s.game_id is not null), '{}') as shared_developers,
           coalesce(array_agg(s.shared_publishers order by s.n) filter (where s.game_id is not null), '{}') as shared_publishers,
           coalesce(array_agg(s.shared_platforms order by s.n) filter (where s.game_id is not null), '{}') as shared_platforms
    from taken t
    join public.games g on g.id = t.game_id and g.release_date is not null
    left join lateral public.similar_games(t.game_id, kept_size, kept_pool) with ordinality as s (game_id, score, shared_genres, shared_developers, shared_publishers, shared_platforms, n) on true
    group by t.game_id
  ),
  kept as (
    insert into public.similar_game_rankings as r (game_id, pool, size, similar_ids, scores, shared_genres, shared_developers, shared_publishers, shared_platforms, kept_at)
    select game_id, kept_pool, kept_size, similar_ids, scores, shared_genres, shared_developers, shared_publishers, shared_platforms, now() from ranked
    on conflict (game_id) do update set
      pool = excluded.pool, size = excluded.size, similar_ids = excluded.similar_ids, scores = excluded.scores,
      shared_genres = excluded.shared_genres, shared_developers = excluded.shared_developers,
      shared_publishers = excluded.shared_publishers, shared_platforms = excluded.shared_platforms, kept_at = excluded.kept_at
    returning 1
  )
  -- Every part runs whatever is read; the count is of the games taken from the queue.
  select count(*)::integer into n_taken from taken;
  return n_taken;
end
$$;
revoke execute on function public.refill_similar_games(p_max integer) from public;

-- Which kept rankings a change may alter, deleted and queued. A ranking of game X depends
-- on X's links and date, and on each candidate's: the games sharing a developer or a
-- publisher with X, and the games within the pool on either side of X's date on each of
-- X's platforms. So a change to game Y reaches
--   * Y itself;
--   * the games with a developer or publisher in p_developers / p_publishers;
--   * for each (platform, date) in p_platforms / p_dates, the games on that platform whose
--     own date lies between the pool-th-and-one game before and after that date there:
--     outside that span, at least a pool of games on the platform lies between them;
--   * with p_with_links, the same for Y's current developers, publishers and platforms
--     (a change to Y's genres, platforms or date alters Y's score or place in the rankings
--     that count Y as a candidate).
create function public.mark_similar_games_stale(p_games integer[], p_with_links boolean, p_developers integer[] default '{}'::integer[], p_publishers integer[] default '{}'::integer[], p_platforms integer[] default '{}'::integer[], p_dates date[] default '{}'::date[]) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  reach integer := (public.similar_games_kept_shape()).pool;
  bulk constant integer := 200;
begin
  insert into public.similar_game_refills (game_id)
    select distinct g from unnest(p_games) as g on conflict (game_id) do nothing;
  delete from public.similar_game_rankings r where r.game_id = any (p_games);
  -- While nothing is kept (a catalogue being loaded), there is nothing to reach.
  if not exists (select 1 from public.similar_game_rankings) then
    return;
  end if;
  -- One statement over many games (an import) may reach most of the catalogue, and finding
  -- which would take longer than ranking again: every kept ranking goes back to the queue.
  if cardinality(p_games) > bulk then
    with gone as (delete from public.similar_game_rankings r returning r.game_id)
    insert into public.similar_game_refills (game_id) select gone.game_id from gone on conflict (game_id) do nothing;
    return;
  end if;
  if p_with_links then
    p_developers := p_developers || array(select x.company_id from public.game_developers x where x.game_id = any (p_games));
    p_publishers := p_publishers || array(select x.company_id from public.game_publishers x where x.game_id = any (p_games));
    select p_platforms || coalesce(array_agg(x.platform_id), '{}'), p_dates || coalesce(array_agg(x.release_date), '{}')
      into p_platforms, p_dates
      from public.game_platforms x where x.game_id = any (p_games) and x.release_date is not null;
  end if;
  with points as (
    select distinct t.platform_id, t.day from unnest(p_platforms, p_dates) as t (platform_id, day) where t.day is not null
  ),
  spans as (
    select p.platform_id,
      coalesce((select gp.release_date from public.game_platforms gp
                where gp.platform_id = p.platform_id and gp.release_date < p.day
                order by gp.release_date desc offset reach limit 1), '-infinity'::date) as lo,
      coalesce((select gp.release_date from public.game_platforms gp
                where gp.platform_id = p.platform_id and gp.release_date > p.day
                order by gp.release_date asc offset reach limit 1), 'infinity'::date) as hi
    from points p
  ),
  reached as (
    select x.game_id from public.game_developers x where x.company_id = any (p_developers)
    union
    select x.game_id from public.game_publishers x where x.company_id = any (p_publishers)
    union
    -- Through the games' date index, one span at a time (a join over all spans at once
    -- was planned as a scan of every game per span).
    select w.id from spans s
      cross join lateral (
        select g.id from public.games g
        where g.release_date between s.lo and s.hi
          and exists (select 1 from public.game_platforms gp where gp.game_id = g.id and gp.platform_id = s.platform_id)
      ) w
  ),
  gone as (
    delete from public.similar_game_rankings r using reached where r.game_id = reached.game_id returning r.game_id
  )
  insert into public.similar_game_refills (game_id) select gone.game_id from gone on conflict (game_id) do nothing;
end
$$;
revoke execute on function public.mark_similar_games_stale(p_games integer[], p_with_links boolean, p_developers integer[], p_publishers integer[], p_platforms integer[], p_dates date[]) from public;

-- One trigger function per link table, fired once per statement with the rows it changed
-- (a catalogue import writes thousands of links at once).
create function public.similar_games_on_genres() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.mark_similar_games_stale(array(select distinct n.game_id from new_rows n), true);
  elsif tg_op = 'DELETE' then
    perform public.mark_similar_games_stale(array(select distinct o.game_id from old_rows o), true);
  else
    perform public.mark_similar_games_stale(array(select n.game_id from new_rows n union select o.game_id from old_rows o), true);
  end if;
  return null;
end
$$;
revoke execute on function public.similar_games_on_genres() from public;

-- Marks the kept similar games of games whose developers changed as stale.
create function public.similar_games_on_developers() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.mark_similar_games_stale(array(select distinct n.game_id from new_rows n), false, array(select distinct n.company_id from new_rows n));
  elsif tg_op = 'DELETE' then
    perform public.mark_similar_games_stale(array(select distinct o.game_id from old_rows o), false, array(select distinct o.company_id from old_rows o));
  else
    perform public.mark_similar_games_stale(
      array(select n.game_id from new_rows n union select o.game_id from old_rows o), false,
      array(select n.company_id from new_rows n union select o.company_id from old_rows o));
  end if;
  return null;
end
$$;
revoke execute on function public.similar_games_on_developers() from public;

-- Marks the kept similar games of games whose publishers changed as stale.
create function public.similar_games_on_publishers() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.mark_similar_games_stale(array(select distinct n.game_id from new_rows n), false, '{}', array(select distinct n.company_id from new_rows n));
  elsif tg_op = 'DELETE' then
    perform public.mark_similar_games_stale(array(select distinct o.game_id from old_rows o), false, '{}', array(select distinct o.company_id from old_rows o));
  else
    perform public.mark_similar_games_stale(
      array(select n.game_id from new_rows n union select o.game_id from old_rows o), false, '{}',
      array(select n.company_id from new_rows n union select o.company_id from old_rows o));
  end if;
  return null;
end
$$;
revoke execute on function public.similar_games_on_publishers() from public;

-- A platform link moves the windows around its old and new dates, and the game's platform
-- count in the rankings that count it.
create function public.similar_games_on_platforms() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.mark_similar_games_stale(array(select distinct n.game_id from new_rows n), true, '{}', '{}',
      array(select n.platform_id from new_rows n), array(select n.release_date from new_rows n));
  elsif tg_op = 'DELETE' then
    perform public.mark_similar_games_stale(array(select distinct o.game_id from old_rows o), true, '{}', '{}',
      array(select o.platform_id from old_rows o), array(select o.release_date from old_rows o));
  else
    perform public.mark_similar_games_stale(
      array(select n.game_id from new_rows n union select o.game_id from old_rows o), true, '{}', '{}',
      array(select n.platform_id from new_rows n union all select o.platform_id from old_rows o),
      array(select n.release_date from new_rows n union all select o.release_date from old_rows o));
  end if;
  return null;
end
$$;
revoke execute on function public.similar_games_on_platforms() from public;

-- A game's date is where its windows sit and the tie-break in the rankings that count it.
create function public.similar_games_on_release_date() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform public.mark_similar_games_stale(array[new.id], true);
  return null;
end
$$;
revoke execute on function public.similar_games_on_release_date() from public;

-- Whether the caller is an administrator, for storage policies; the admin list itself stays in app_meta.
create function private.is_admin() returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (select 1 from app_meta.admins a where a.user_id = auth.uid())
$$;
revoke execute on function private.is_admin() from public;
grant execute on function private.is_admin() to authenticated;

-- The outlet id from a path's first folder, or null for anything that is not a plain id
-- (a client may send any string as a path; the cast must never fail).
create function private.outlet_folder(p_name text) returns integer
  language sql immutable
  set search_path = ''
as $_$
  select case when (storage.foldername(p_name))[1] ~ '^[0-9]{1,9}$' then ((storage.foldername(p_name))[1])::integer end
$_$;
revoke execute on function private.outlet_folder(p_name text) from public;
grant execute on function private.outlet_folder(p_name text) to authenticated;

-- Adds (p_sign 1) or takes off (-1) one user_games row in its player's kept figures. The
-- upsert adds to the newest committed row once its lock is free, so concurrent writers each
-- add their own change. A player whose account is being deleted (their rows go with it) is
-- skipped: their kept rows go too. A platform being deleted is skipped the same way. A row
-- moved to another player (the site never does) is taken off one and added to the other.
create function public.count_library_row(p_row public.user_games, p_sign integer) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if not exists (select 1 from auth.users u where u.id = p_row.user_id) then
    return;
  end if;
  insert into public.user_library_counts as k (user_id, playing, played, completed, backlog, shelved, abandoned, wishlist, favourite)
  values (p_row.user_id,
    case when p_row.status = 'playing' then p_sign else 0 end,
    case when p_row.status = 'played' then p_sign else 0 end,
    case when p_row.status = 'completed' then p_sign else 0 end,
    case when p_row.status = 'backlog' then p_sign else 0 end,
    case when p_row.status = 'shelved' then p_sign else 0 end,
    case when p_row.status = 'abandoned' then p_sign else 0 end,
    case when p_row.wishlist then p_sign else 0 end,
    case when p_row.favourite then p_sign else 0 end)
  on conflict (user_id) do update set
    playing = k.playing + excluded.playing, played = k.played + excluded.played,
    completed = k.completed + excluded.completed, backlog = k.backlog + excluded.backlog,
    shelved = k.shelved + excluded.shelved, abandoned = k.abandoned + excluded.abandoned,
    wishlist = k.wishlist + excluded.wishlist, favourite = k.favourite + excluded.favourite;
  if p_row.platform_id is null then
    return;
  elsif p_sign > 0 then
    insert into public.user_library_platforms as k (user_id, platform_id, games)
    select p_row.user_id, p.id, 1 from public.platforms p where p.id = p_row.platform_id
    on conflict (user_id, platform_id) do update set games = k.games + 1;
  else
    update public.user_library_platforms k set games = k.games - 1
    where k.user_id = p_row.user_id and k.platform_id = p_row.platform_id;
    delete from public.user_library_platforms k
    where k.user_id = p_row.user_id and k.platform_id = p_row.platform_id and k.games <= 0;
  end if;
end
$$;
revoke execute on function public.count_library_row(p_row public.user_games, p_sign integer) from public;

-- Row triggers, not statement triggers with transition tables: for the one-row writes of the
-- site a statement trigger cost 1.1 ms more per status change on the embedded database, a
-- row trigger 0.2 ms. An update that changes none of the counted columns fires nothing.
create function public.library_counts_on_game_row() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' then
    perform public.count_library_row(old, -1);
  end if;
  if tg_op <> 'DELETE' then
    perform public.count_library_row(new, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.library_counts_on_game_row() from public;

-- Every kept library figure recomputed from user_games itself, for a bulk load that wrote
-- user_games with its triggers disabled.
create function public.rebuild_library_counts() returns void
  language plpgsql
  set search_path = ''
as $$
begin
  delete from public.user_library_counts;
  delete from public.user_library_platforms;
  insert into public.user_library_counts (user_id, playing, played, completed, backlog, shelved, abandoned, wishlist, favourite)
  select g.user_id,
    count(*) filter (where g.status = 'playing'),
    count(*) filter (where g.status = 'played'),
    count(*) filter (where g.status = 'completed'),
    count(*) filter (where g.status = 'backlog'),
    count(*) filter (where g.status = 'shelved'),
    count(*) filter (where g.status = 'abandoned'),
    count(*) filter (where g.wishlist),
    count(*) filter (where g.favourite)
  from public.user_games g
  group by g.user_id;
  insert into public.user_library_platforms (user_id, platform_id, games)
  select g.user_id, g.platform_id, count(*)
  from public.user_games g
  where g.platform_id is not null
  group by g.user_id, g.platform_id;
end
$$;
revoke execute on function public.rebuild_library_counts() from public;

-- Keeps user_lists.entries_count (also when a deleted game cascades its entries away).
create function public.user_list_entries_count() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.user_lists set entries_count = entries_count + 1 where id = new.list_id;
  elsif tg_op = 'DELETE' then
    update public.user_lists set entries_count = entries_count - 1 where id = old.list_id;
  end if;
  return null;
end
$$;
revoke execute on function public.user_list_entries_count() from public;

-- Keeps user_lists.likes_count and recent_likes_count (replaces the likes-only version).
create function public.user_list_likes_count() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.user_lists
      set likes_count = likes_count + 1, recent_likes_count = recent_likes_count + new.in_window::integer
      where id = new.list_id;
  elsif tg_op = 'DELETE' then
    update public.user_lists
      set likes_count = likes_count - 1, recent_likes_count = recent_likes_count - old.in_window::integer
      where id = old.list_id;
  elsif tg_op = 'UPDATE' then
    -- A like never moves to another list (the primary key holds it); only its window changes.
    if new.list_id is distinct from old.list_id then
      raise exception 'a like cannot move to another list';
    end if;
    if new.in_window is distinct from old.in_window then
      update public.user_lists
        set recent_likes_count = recent_likes_count + new.in_window::integer - old.in_window::integer
        where id = new.list_id;
    end if;
  end if;
  return null;
end
$$;
revoke execute on function public.user_list_likes_count() from public;

-- The window, once, for the trigger and the job (the pages' wording reads
-- POPULAR_WINDOW_DAYS; a test keeps the two equal).
create function public.popular_list_window() returns interval
  language sql immutable
  set search_path = ''
as $$ select interval '30 days' $$;
revoke execute on function public.popular_list_window() from public;

-- Whether a new or redated like is in the window follows its date.
create function public.user_list_likes_window() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  new.in_window := new.created_at > now() - public.popular_list_window();
  return new;
end
$$;
revoke execute on function public.user_list_likes_window() from public;

-- Before a write: decide whether the review counts, opening the game's launch window when
-- the review falls in its first 36 hours after release.
create function public.user_reviews_prepare() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  released date;
begin
  if tg_op = 'INSERT' then
    select g.release_date into released from public.games g where g.id = new.game_id;
    if released is not null
       and new.created_at >= (released::timestamp at time zone 'UTC')
       and new.created_at < (released::timestamp at time zone 'UTC') + interval '36 hours' then
      insert into public.user_review_windows (game_id, kind, starts_at, ends_at)
        values (new.game_id, 'launch', released::timestamp at time zone 'UTC',
                (released::timestamp at time zone 'UTC') + interval '36 hours')
        on conflict (game_id, kind, starts_at) do nothing;
    end if;
  end if;
  new.counted := not new.hidden and not exists (
    select 1 from public.user_review_windows w
     where w.game_id = new.game_id and w.status <> 'cleared'
       and new.created_at >= w.starts_at and new.created_at < w.ends_at);
  return new;
end
$$;
revoke execute on function public.user_reviews_prepare() from public;

-- Adds (sign 1) or removes (sign -1) one review's share of its game's score row.
create function public.apply_user_review_to_score(p_game_id integer, p_rating smallint, p_visible boolean, p_counted boolean, p_sign integer) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if not p_visible then return; end if;
  insert into public.game_user_scores as s (game_id) values (p_game_id) on conflict (game_id) do nothing;
  update public.game_user_scores s set
    review_count = s.review_count + p_sign,
    rating_count = s.rating_count + case when p_counted then p_sign else 0 end,
    rating_sum = s.rating_sum + case when p_counted then p_sign * p_rating else 0 end,
    rating_steps = case when p_counted
      then s.rating_steps[1:p_rating - 1] || (s.rating_steps[p_rating] + p_sign) || s.rating_steps[p_rating + 1:10]
      else s.rating_steps end,
    updated_at = now()
  where s.game_id = p_game_id;
end
$$;
revoke execute on function public.apply_user_review_to_score(p_game_id integer, p_rating smallint, p_visible boolean, p_counted boolean, p_sign integer) from public;

-- Keeps game_user_scores: takes a review's old row out and puts its new row in.
create function public.user_reviews_aggregate() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform public.apply_user_review_to_score(old.game_id, old.rating, not old.hidden, old.counted, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform public.apply_user_review_to_score(new.game_id, new.rating, not new.hidden, new.counted, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.user_reviews_aggregate() from public;

-- A window opened, confirmed or cleared: its reviews are re-decided (the prepare trigger)
-- and re-aggregated, in this transaction.
create function public.user_review_windows_changed() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public.user_reviews r set counted = r.counted
   where r.game_id = new.game_id and r.created_at >= new.starts_at and r.created_at < new.ends_at;
  return null;
end
$$;
revoke execute on function public.user_review_windows_changed() from public;

-- Helpful votes keep the review's count.
create function public.user_review_votes_count() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.user_reviews set helpful_count = helpful_count + 1 where id = new.review_id;
  else
    update public.user_reviews set helpful_count = helpful_count - 1 where id = old.review_id;
  end if;
  return null;
end
$$;
revoke execute on function public.user_review_votes_count() from public;

-- The recount after a bulk load (or to check) covers the platform counts too.
create function public.rebuild_game_user_scores() returns void
  language sql
  set search_path = ''
as $$
  delete from public.game_user_scores;
  insert into public.game_user_scores (game_id, review_count, rating_count, rating_sum, rating_steps)
  select r.game_id,
         count(*)::integer,
         (count(*) filter (where r.counted))::integer,
         coalesce(sum(r.rating) filter (where r.counted), 0)::integer,
         array[(count(*) filter (where r.counted and r.rating = 1))::integer,
               (count(*) filter (where r.counted and r.rating = 2))::integer,
               (count(*) filter (where r.counted and r.rating = 3))::integer,
               (count(*) filter (where r.counted and r.rating = 4))::integer,
               (count(*) filter (where r.counted and r.rating = 5))::integer,
               (count(*) filter (where r.counted and r.rating = 6))::integer,
               (count(*) filter (where r.counted and r.rating = 7))::integer,
               (count(*) filter (where r.counted and r.rating = 8))::integer,
               (count(*) filter (where r.counted and r.rating = 9))::integer,
               (count(*) filter (where r.counted and r.rating = 10))::integer]
    from public.user_reviews r
   where not r.hidden
   group by r.game_id;
  delete from public.game_user_review_platforms;
  insert into public.game_user_review_platforms (game_id, platform_id, review_count)
  select r.game_id, r.platform_id, count(*)::integer
    from public.user_reviews r
   where not r.hidden and r.platform_id is not null
   group by r.game_id, r.platform_id;
$$;
revoke execute on function public.rebuild_game_user_scores() from public;

-- Adds (sign 1) or removes (sign -1) one visible review naming a platform.
create function public.apply_user_review_to_platforms(p_game_id integer, p_platform_id integer, p_sign integer) returns void
  language sql
  set search_path = ''
as $$
  insert into public.game_user_review_platforms as c (game_id, platform_id, review_count)
  values (p_game_id, p_platform_id, greatest(p_sign, 0))
  on conflict (game_id, platform_id) do update set review_count = c.review_count + p_sign;
$$;
revoke execute on function public.apply_user_review_to_platforms(p_game_id integer, p_platform_id integer, p_sign integer) from public;

-- Keeps the per-platform counts of visible user reviews.
create function public.user_reviews_platform_counts() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.platform_id is not null and not old.hidden then
    perform public.apply_user_review_to_platforms(old.game_id, old.platform_id, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.platform_id is not null and not new.hidden then
    perform public.apply_user_review_to_platforms(new.game_id, new.platform_id, 1);
  end if;
  return null;
end
$$;
revoke execute on function public.user_reviews_platform_counts() from public;

-- Keeps follow_counts (followers of a player or outlet, players a player follows) on follow and unfollow.
create function public.keep_follow_counts() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_delta integer := case when tg_op = 'INSERT' then 1 else -1 end;
  v_subject_type text;
  v_subject_id text;
  v_follower uuid;
begin
  if tg_table_name = 'outlet_follows' then
    v_subject_type := 'outlet';
    v_subject_id := coalesce(new.outlet_id, old.outlet_id)::text;
  else
    v_subject_type := 'user';
    if tg_op = 'INSERT' then
      v_subject_id := new.followed_id::text;
      v_follower := new.follower_id;
    else
      v_subject_id := old.followed_id::text;
      v_follower := old.follower_id;
    end if;
    insert into public.follow_counts as c (subject_type, subject_id, following)
      values ('user', v_follower::text, greatest(v_delta, 0))
      on conflict on constraint follow_counts_pkey do update set following = greatest(c.following + v_delta, 0);
  end if;
  insert into public.follow_counts as c (subject_type, subject_id, followers)
    values (v_subject_type, v_subject_id, greatest(v_delta, 0))
    on conflict on constraint follow_counts_pkey do update set followers = greatest(c.followers + v_delta, 0);
  return null;
end
$$;
revoke execute on function public.keep_follow_counts() from public;

-- The trigger as before, calling the function above where the database broadcasts.
create function public.notify_outlet_followers() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.kind <> 'review' then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.counted and not new.counted then
    delete from public.outlet_review_events where review_id = new.id;
    return null;
  end if;
  if not new.counted or (tg_op = 'UPDATE' and old.counted) then
    return null;
  end if;
  insert into public.outlet_review_events as e (review_id, outlet_id, data, created_at)
  select new.id, o.id,
         jsonb_build_object('outletId', o.id, 'outlet', o.name, 'outletSlug', o.slug,
                            'gameId', g.id, 'game', g.title, 'gameSlug', g.slug, 'score', new.score),
         greatest(new.published_at, now() - interval '1 minute')
  from public.outlets o
  join public.games g on g.id = new.game_id
  where o.id = new.outlet_id
  on conflict (review_id) do update set data = excluded.data, created_at = excluded.created_at, recorded_at = now();
  -- Hosted Supabase broadcasts each notification row as it is written: every follower's
  -- row is written now so that the ones with the site open hear of it.
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is not null then
    perform public.write_review_notifications_to_followers(new.id);
  end if;
  return null;
end
$$;
revoke execute on function public.notify_outlet_followers() from public;

-- award_xp as before (the day's row locked first for the cap, the ledger row, a duplicate
-- changes nothing), except that a milestone's points stay out of the day's row.
create function public.award_xp(p_user uuid, p_kind text, p_source text, p_points integer, p_milestone boolean, p_cap integer, p_levels integer[], p_at timestamp with time zone default null::timestamp with time zone) returns table(awarded boolean, points integer, total integer, level integer, previous_level integer)
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_at timestamptz := coalesce(p_at, now());
  v_today integer;
  v_points integer;
  v_applied record;
begin
  -- Locks today's row first, so two awards at once cannot both fit under the cap.
  insert into public.xp_periods as p (period, starts, user_id, points, reached_at)
    values ('day', (v_at at time zone 'utc')::date, p_user, 0, v_at)
    on conflict (period, starts, user_id) do update set points = p.points
    returning p.points into v_today;

  v_points := case when p_milestone then p_points
                   else greatest(0, least(p_points, p_cap - greatest(0, v_today))) end;

  insert into public.xp_ledger (user_id, kind, source, requested, points, created_at)
    values (p_user, p_kind, p_source, p_points, v_points, v_at)
    on conflict (user_id, kind, source) where reverses is null do nothing;
  if not found then
    return query select false, 0, 0, 0, 0;
    return;
  end if;

  select a.total, a.level, a.previous_level into v_applied
    from public.apply_xp_points(p_user, v_points, v_at, v_at, p_levels, not p_milestone) a;
  return query select true, v_points, v_applied.total, v_applied.level, v_applied.previous_level;
end
$$;
revoke execute on function public.award_xp(p_user uuid, p_kind text, p_source text, p_points integer, p_milestone boolean, p_cap integer, p_levels integer[], p_at timestamp with time zone) from public;

-- A user's outlet reviews are found from the outlets they follow (a handful), each through
-- outlet_review_events (outlet_id, recorded_at), instead of from every event recorded in the
-- window: after a bulk publication (an import, embargoes lifting together) the window holds
-- tens of thousands of events, and the planner read them all to keep the user's few.
-- The early exit reads the newest event from its index's end. Same rows as before: followers by the event's time who had the kind on, once per review.
create function public.write_outlet_review_notifications(p_users uuid[], p_after timestamp with time zone) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_added integer;
begin
  -- Most calls (the Realtime service asks twice a second) find nothing new: stop before
  -- looking at anyone's follows. The latest event, read from the end of its index.
  if coalesce((select max(e.recorded_at) from public.outlet_review_events e) <= p_after, true) then
    return 0;
  end if;
  insert into public.notifications (user_id, kind, source, data, created_at)
  select f.user_id, 'outlet_review', 'critic_review:' || e.review_id, e.data, e.created_at
  from public.outlet_follows f
  cross join lateral (
    select e.review_id, e.data, e.created_at, e.recorded_at
    from public.outlet_review_events e
    where e.outlet_id = f.outlet_id and e.recorded_at > p_after and e.recorded_at >= f.created_at
  ) e
  where f.user_id = any (p_users)
    and not exists (select 1 from public.notification_preferences p
                    where p.user_id = f.user_id and p.kind = 'outlet_review'
                      and (not p.enabled or p.enabled_at > e.recorded_at))
  on conflict do nothing;
  get diagnostics v_added = row_count;
  return v_added;
end
$$;
revoke execute on function public.write_outlet_review_notifications(p_users uuid[], p_after timestamp with time zone) from public;

-- Brings one user's notifications up to date before they are read: the outlet reviews since
-- the last time (a minute back, for a publication that committed late), within the hours
-- their tier keeps.
create function public.sync_notification_inbox(p_user uuid, p_hours integer) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_synced timestamptz;
begin
  select i.synced_at into v_synced from public.notification_inbox i where i.user_id = p_user;
  -- Moved on at most once a minute: reading the badge on every page stays a read. Two
  -- readers at once only write the same rows twice, which the unique key absorbs.
  insert into public.notification_inbox as i (user_id, synced_at) values (p_user, now())
    on conflict (user_id) do update set synced_at = excluded.synced_at
    where i.synced_at < excluded.synced_at - interval '1 minute';
  return public.write_outlet_review_notifications(
    array[p_user],
    greatest(now() - make_interval(hours => p_hours), coalesce(v_synced - interval '1 minute', '-infinity')));
end
$$;
revoke execute on function public.sync_notification_inbox(p_user uuid, p_hours integer) from public;

-- Writes the notification of an outlet review to every follower at once (hosted Supabase broadcasts rows as written); returns how many.
create function public.write_review_notifications_to_followers(p_review bigint) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_added integer;
begin
  insert into public.notifications (user_id, kind, source, data, created_at)
  select f.user_id, 'outlet_review', 'critic_review:' || e.review_id, e.data, e.created_at
  from public.outlet_review_events e
  join public.outlet_follows f on f.outlet_id = e.outlet_id and f.created_at <= e.recorded_at
  where e.review_id = p_review
    and not exists (select 1 from public.notification_preferences p
                    where p.user_id = f.user_id and p.kind = 'outlet_review'
                      and (not p.enabled or p.enabled_at > e.recorded_at))
  on conflict do nothing;
  get diagnostics v_added = row_count;
  return v_added;
end
$$;
revoke execute on function public.write_review_notifications_to_followers(p_review bigint) from public;

-- Adds (or, negative, takes) points: to the week and month of p_periods_at and to the kept
-- total, whose level is counted from the thresholds, and to the day only when they count
-- against the cap (p_capped). A period or total never goes below zero; only a gain moves
-- the time a total was reached (ties on the leaderboards).
create function public.apply_xp_points(p_user uuid, p_points integer, p_at timestamp with time zone, p_periods_at timestamp with time zone, p_levels integer[], p_capped boolean default true) returns table(total integer, level integer, previous_level integer)
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_before_total integer;
  v_before_level integer;
  v_total integer;
  v_level integer;
begin
  insert into public.xp_periods as p (period, starts, user_id, points, reached_at)
    select v.period, v.starts, p_user, greatest(p_points, 0), p_at
    from (values ('day', (p_periods_at at time zone 'utc')::date),
                 ('week', date_trunc('week', p_periods_at at time zone 'utc')::date),
                 ('month', date_trunc('month', p_periods_at at time zone 'utc')::date)) as v (period, starts)
    where p_capped or v.period <> 'day'
    on conflict (period, starts, user_id) do update
      set points = greatest(p.points + p_points, 0),
          reached_at = case when p_points > 0 then excluded.reached_at else p.reached_at end;

  select x.total, x.level into v_before_total, v_before_level
    from public.user_xp x where x.user_id = p_user for update;
  v_total := greatest(0, coalesce(v_before_total, 0) + p_points);
  v_level := greatest(1, (select count(*)::integer from unnest(p_levels) as t (xp) where t.xp <= v_total));

  insert into public.user_xp as x (user_id, total, level, reached_at)
    values (p_user, v_total, v_level, p_at)
    on conflict (user_id) do update
      set total = excluded.total,
          level = excluded.level,
          reached_at = case when p_points > 0 then excluded.reached_at else x.reached_at end;

  return query select v_total, v_level, coalesce(v_before_level, 1)::integer;
end
$$;
revoke execute on function public.apply_xp_points(p_user uuid, p_points integer, p_at timestamp with time zone, p_periods_at timestamp with time zone, p_levels integer[], p_capped boolean) from public;

-- Takes back an award whose source was deleted: a reversal row (once), and its points taken
-- from the week and month it was earned in, from the total, and from that day's capped
-- points unless it was a milestone. Returns the points taken.
create function public.reverse_xp(p_user uuid, p_kind text, p_source text, p_levels integer[], p_milestone boolean default false) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_id bigint;
  v_points integer;
  v_earned timestamptz;
begin
  select l.id, l.points, l.created_at into v_id, v_points, v_earned
    from public.xp_ledger l
    where l.user_id = p_user and l.kind = p_kind and l.source = p_source and l.reverses is null;
  if not found then
    return 0;
  end if;
  insert into public.xp_ledger (user_id, kind, source, requested, points, reverses, created_at)
    values (p_user, p_kind, p_source, 0, -v_points, v_id, now())
    on conflict (reverses) where reverses is not null do nothing;
  if not found or v_points = 0 then
    return 0;
  end if;
  perform public.apply_xp_points(p_user, -v_points, now(), v_earned, p_levels, not p_milestone);
  return v_points;
end
$$;
revoke execute on function public.reverse_xp(p_user uuid, p_kind text, p_source text, p_levels integer[], p_milestone boolean) from public;

-- Setting outlets.owner_id (the demo seed, older tools) makes that user an owner too.
create function public.outlets_mirror_owner() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.owner_id is not null then
    insert into public.outlet_owners (outlet_id, user_id) values (new.id, new.owner_id) on conflict do nothing;
  end if;
  return null;
end
$$;
revoke execute on function public.outlets_mirror_owner() from public;

-- Stamps score_updated_at when a published review's score changes.
create function public.critic_reviews_mark_score_update() returns trigger
  language plpgsql security definer
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
revoke execute on function public.critic_reviews_mark_score_update() from public;

-- Keeps votes_count equal to the number of votes.
create function public.game_request_votes_count() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.game_requests set votes_count = votes_count + 1 where id = new.request_id;
  elsif tg_op = 'DELETE' then
    update public.game_requests set votes_count = greatest(votes_count - 1, 0) where id = old.request_id;
  end if;
  return null;
end
$$;
revoke execute on function public.game_request_votes_count() from public;

-- Whether a profile may be read through the API roles: the caller's own, or one that is not
-- private. security definer: profile_settings is not readable by the API roles, and the
-- answer (private or not) is all that leaves the function.
create function public.profile_is_readable(p_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select p_id = (select auth.uid())
      or not exists (select 1 from public.profile_settings s where s.user_id = p_id and s.is_private)
$$;
revoke execute on function public.profile_is_readable(p_id uuid) from public;
grant execute on function public.profile_is_readable(p_id uuid) to anon, authenticated, service_role;

-- =========================================================================================
-- Triggers
-- =========================================================================================

-- Accounts --------------------------------------------------------------------------------

create trigger profiles_check_username before insert or update of username on public.profiles
  for each row execute function public.check_profile_username();
create trigger user_subscriptions_set_updated_at before update on public.user_subscriptions
  for each row execute function public.set_updated_at();

-- Catalogue -------------------------------------------------------------------------------

create trigger game_developers_similar_delete after delete on public.game_developers
  referencing old table as old_rows
  for each statement execute function public.similar_games_on_developers();
create trigger game_developers_similar_insert after insert on public.game_developers
  referencing new table as new_rows
  for each statement execute function public.similar_games_on_developers();
create trigger game_developers_similar_update after update on public.game_developers
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.similar_games_on_developers();
create trigger game_genres_card_links_delete after delete on public.game_genres
  referencing old table as old_rows
  for each statement execute function public.card_links_on_links();
create trigger game_genres_card_links_insert after insert on public.game_genres
  referencing new table as new_rows
  for each statement execute function public.card_links_on_links();
create trigger game_genres_card_links_update after update on public.game_genres
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.card_links_on_links();
create trigger game_genres_similar_delete after delete on public.game_genres
  referencing old table as old_rows
  for each statement execute function public.similar_games_on_genres();
create trigger game_genres_similar_insert after insert on public.game_genres
  referencing new table as new_rows
  for each statement execute function public.similar_games_on_genres();
create trigger game_genres_similar_update after update on public.game_genres
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.similar_games_on_genres();
create trigger game_platforms_card_links_delete after delete on public.game_platforms
  referencing old table as old_rows
  for each statement execute function public.card_links_on_links();
create trigger game_platforms_card_links_insert after insert on public.game_platforms
  referencing new table as new_rows
  for each statement execute function public.card_links_on_links();
create trigger game_platforms_card_links_update after update on public.game_platforms
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.card_links_on_links();
create trigger game_platforms_similar_delete after delete on public.game_platforms
  referencing old table as old_rows
  for each statement execute function public.similar_games_on_platforms();
create trigger game_platforms_similar_insert after insert on public.game_platforms
  referencing new table as new_rows
  for each statement execute function public.similar_games_on_platforms();
create trigger game_platforms_similar_update after update on public.game_platforms
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.similar_games_on_platforms();
create trigger game_publishers_similar_delete after delete on public.game_publishers
  referencing old table as old_rows
  for each statement execute function public.similar_games_on_publishers();
create trigger game_publishers_similar_insert after insert on public.game_publishers
  referencing new table as new_rows
  for each statement execute function public.similar_games_on_publishers();
create trigger game_publishers_similar_update after update on public.game_publishers
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.similar_games_on_publishers();
create trigger games_add_search_words_on_insert after insert on public.games
  referencing new table as changed_games
  for each statement execute function public.add_search_words();
create trigger games_add_search_words_on_update after update on public.games
  referencing new table as changed_games
  for each statement execute function public.add_search_words();
create trigger games_set_updated_at before update on public.games
  for each row execute function public.set_updated_at();
create trigger games_similar_release_date after update of release_date on public.games
  for each row when ((old.release_date is distinct from new.release_date)) execute function public.similar_games_on_release_date();
create trigger genres_card_links_names after update of slug, name on public.genres
  for each row when (((old.slug is distinct from new.slug) or (old.name is distinct from new.name))) execute function public.card_links_on_name();
create trigger platforms_card_links_names after update of slug, name, abbreviation on public.platforms
  for each row when (((old.slug is distinct from new.slug) or (old.name is distinct from new.name) or (old.abbreviation is distinct from new.abbreviation))) execute function public.card_links_on_name();

-- Critics ---------------------------------------------------------------------------------

create trigger authors_set_updated_at before update on public.authors
  for each row execute function public.set_updated_at();
create trigger critic_reviews_aggregate after insert or delete or update on public.critic_reviews
  for each row execute function public.critic_reviews_aggregate();
create trigger critic_reviews_mark_score_update before update of raw_score, recommended on public.critic_reviews
  for each row execute function public.critic_reviews_mark_score_update();
create trigger critic_reviews_notify_followers after insert or update of counted on public.critic_reviews
  for each row execute function public.notify_outlet_followers();
create trigger critic_reviews_outlet_aggregate after insert or delete or update on public.critic_reviews
  for each row execute function public.critic_reviews_outlet_aggregate();
create trigger critic_reviews_prepare before insert or update on public.critic_reviews
  for each row execute function public.critic_reviews_prepare();
create trigger outlets_mirror_owner after insert or update of owner_id on public.outlets
  for each row execute function public.outlets_mirror_owner();
create trigger outlets_set_updated_at before update on public.outlets
  for each row execute function public.set_updated_at();
create trigger outlets_threshold_changed after update of recommendation_threshold on public.outlets
  for each row when ((old.recommendation_threshold is distinct from new.recommendation_threshold)) execute function public.outlets_threshold_changed();

-- Collections -----------------------------------------------------------------------------

create trigger collections_set_updated_at before update on public.collections
  for each row execute function public.set_updated_at();

-- Other -----------------------------------------------------------------------------------

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();
create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (((old.email)::text is distinct from (new.email)::text)) execute function public.handle_user_email_change();
create trigger critic_review_drafts_set_updated_at before update on public.critic_review_drafts
  for each row execute function public.set_updated_at();
create trigger game_request_votes_count after insert or delete on public.game_request_votes
  for each row execute function public.game_request_votes_count();
create trigger game_requests_set_updated_at before update on public.game_requests
  for each row execute function public.set_updated_at();
create trigger outlet_follows_counts after insert or delete on public.outlet_follows
  for each row execute function public.keep_follow_counts();
create trigger poll_votes_set_updated_at before update on public.poll_votes
  for each row execute function public.set_updated_at();
create trigger profile_settings_set_updated_at before update on public.profile_settings
  for each row execute function public.set_updated_at();
create trigger user_follows_counts after insert or delete on public.user_follows
  for each row execute function public.keep_follow_counts();
create trigger user_games_library_counts after insert or delete on public.user_games
  for each row execute function public.library_counts_on_game_row();
create trigger user_games_library_counts_update after update of user_id, status, wishlist, favourite, platform_id on public.user_games
  for each row when (((old.user_id is distinct from new.user_id) or (old.status is distinct from new.status) or (old.wishlist is distinct from new.wishlist) or (old.favourite is distinct from new.favourite) or (old.platform_id is distinct from new.platform_id))) execute function public.library_counts_on_game_row();
create trigger user_games_set_updated_at before update on public.user_games
  for each row execute function public.set_updated_at();
create trigger user_list_entries_count after insert or delete on public.user_list_entries
  for each row execute function public.user_list_entries_count();
create trigger user_list_likes_count after insert or delete or update on public.user_list_likes
  for each row execute function public.user_list_likes_count();
create trigger user_list_likes_window before insert or update of created_at on public.user_list_likes
  for each row execute function public.user_list_likes_window();
create trigger user_lists_set_updated_at before update on public.user_lists
  for each row when (((old.likes_count = new.likes_count) and (old.recent_likes_count = new.recent_likes_count))) execute function public.set_updated_at();
create trigger user_review_votes_count after insert or delete on public.user_review_votes
  for each row execute function public.user_review_votes_count();
create trigger user_review_windows_changed after insert or update of status on public.user_review_windows
  for each row execute function public.user_review_windows_changed();
create trigger user_reviews_aggregate after insert or delete or update of game_id, rating, hidden, counted on public.user_reviews
  for each row execute function public.user_reviews_aggregate();
create trigger user_reviews_platform_counts_delete after delete on public.user_reviews
  for each row when (((old.platform_id is not null) and (not old.hidden))) execute function public.user_reviews_platform_counts();
create trigger user_reviews_platform_counts_insert after insert on public.user_reviews
  for each row when (((new.platform_id is not null) and (not new.hidden))) execute function public.user_reviews_platform_counts();
create trigger user_reviews_platform_counts_update after update of game_id, platform_id, hidden on public.user_reviews
  for each row when (((old.game_id is distinct from new.game_id) or (old.platform_id is distinct from new.platform_id) or (old.hidden is distinct from new.hidden))) execute function public.user_reviews_platform_counts();
create trigger user_reviews_prepare before insert or update on public.user_reviews
  for each row execute function public.user_reviews_prepare();
create trigger user_reviews_set_updated_at before update on public.user_reviews
  for each row execute function public.set_updated_at();

-- =========================================================================================
-- Policies
-- =========================================================================================

-- Accounts --------------------------------------------------------------------------------

create policy profiles_select_public on public.profiles
  for select to anon, authenticated using (public.profile_is_readable(id));
comment on policy profiles_select_public on public.profiles is 'Profiles are public pages, except a private one, which only its owner reads; the column grants hide email.';

create policy subscription_plans_select_public on public.subscription_plans for select to anon, authenticated using (true);
comment on policy subscription_plans_select_public on public.subscription_plans is 'The plan catalogue is public.';

create policy user_subscriptions_select_own on public.user_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy user_subscriptions_select_own on public.user_subscriptions is 'Users see only their own subscriptions; changes go through the server.';

-- Catalogue -------------------------------------------------------------------------------

create policy companies_select_public on public.companies for select to anon, authenticated using (true);
comment on policy companies_select_public on public.companies is 'Developers and publishers are public.';

create policy game_developers_select_public on public.game_developers for select to anon, authenticated using (true);
comment on policy game_developers_select_public on public.game_developers is 'Developers of games are public.';

create policy game_genres_select_public on public.game_genres for select to anon, authenticated using (true);
comment on policy game_genres_select_public on public.game_genres is 'Genres of games are public.';

create policy game_platforms_select_public on public.game_platforms for select to anon, authenticated using (true);
comment on policy game_platforms_select_public on public.game_platforms is 'Platforms and release dates of games are public.';

create policy game_publishers_select_public on public.game_publishers for select to anon, authenticated using (true);
comment on policy game_publishers_select_public on public.game_publishers is 'Publishers of games are public.';

create policy games_select_public on public.games for select to anon, authenticated using (true);
comment on policy games_select_public on public.games is 'The game catalogue is public.';

create policy genres_select_public on public.genres for select to anon, authenticated using (true);
comment on policy genres_select_public on public.genres is 'The genre list is public.';

create policy platforms_select_public on public.platforms for select to anon, authenticated using (true);
comment on policy platforms_select_public on public.platforms is 'The platform list is public.';

-- Critics ---------------------------------------------------------------------------------

create policy authors_select_public on public.authors for select to anon, authenticated using (true);
comment on policy authors_select_public on public.authors is 'Author pages are public; column grants hide the linked account.';

create policy critic_reviews_select_published on public.critic_reviews for select to anon, authenticated using (((published_at <= now()) or public.is_outlet_owner(outlet_id)));
comment on policy critic_reviews_select_published on public.critic_reviews is 'Embargo: a review is public from published_at on; before that only its outlet''s owner sees it.';

create policy game_critic_stats_select_public on public.game_critic_stats for select to anon, authenticated using (true);
comment on policy game_critic_stats_select_public on public.game_critic_stats is 'Aggregates cover published reviews only, so they are public.';

create policy outlet_authors_select_public on public.outlet_authors for select to anon, authenticated using (true);
comment on policy outlet_authors_select_public on public.outlet_authors is 'Who writes for which outlet is public.';

create policy outlets_select_public on public.outlets for select to anon, authenticated using (true);
comment on policy outlets_select_public on public.outlets is 'The outlet directory is public; column grants hide the owner.';

-- Collections -----------------------------------------------------------------------------

create policy collection_games_select_public on public.collection_games for select to anon, authenticated using (true);
comment on policy collection_games_select_public on public.collection_games is 'The games in a collection are public.';

create policy collections_select_public on public.collections for select to anon, authenticated using (true);
comment on policy collections_select_public on public.collections is 'Collections are public pages.';

-- Other -----------------------------------------------------------------------------------

create policy game_slug_redirects_select_public on public.game_slug_redirects
  for select to anon, authenticated using (true);
comment on policy game_slug_redirects_select_public on public.game_slug_redirects is 'Old game URLs are public like the catalogue.';

create policy game_user_review_platforms_select_public on public.game_user_review_platforms
  for select to anon, authenticated using (true);
comment on policy game_user_review_platforms_select_public on public.game_user_review_platforms is 'Derived from visible reviews only, which are public.';

create policy game_user_scores_select_public on public.game_user_scores
  for select to anon, authenticated using (true);
comment on policy game_user_scores_select_public on public.game_user_scores is 'The user score is public, as on every game page.';

create policy "notifications: owner reads own" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy "notifications: owner reads own" on public.notifications is 'A signed-in user reads only their own notifications.';

create policy outlet_critic_stats_select_public on public.outlet_critic_stats for select to anon, authenticated using (true);
comment on policy outlet_critic_stats_select_public on public.outlet_critic_stats is 'Aggregates cover published reviews only, so they are public.';

create policy user_reviews_select_visible on public.user_reviews
  for select to anon, authenticated using (not hidden);
comment on policy user_reviews_select_visible on public.user_reviews is 'Reviews are public on game pages unless a moderator hid them.';

-- Storage (bucket policies) ---------------------------------------------------------------

create policy avatars_delete_own_folder on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_delete_own_folder on storage.objects is 'A signed-in user deletes only avatar files in their own folder.';

create policy avatars_insert_own_folder on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_insert_own_folder on storage.objects is 'A signed-in user uploads avatars only into the folder named after their user id.';

create policy avatars_select_own_folder on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_select_own_folder on storage.objects is 'A signed-in user lists their own avatar files (needed to replace or remove them); everyone else reads avatars through the public URL.';

create policy avatars_update_own_folder on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_update_own_folder on storage.objects is 'A signed-in user overwrites (upserts) only avatar files in their own folder, and cannot move one out of it.';

create policy game_covers_delete_admin on storage.objects
  for delete to authenticated
  using (bucket_id = 'game-covers' and (select private.is_admin()));
comment on policy game_covers_delete_admin on storage.objects is 'Only administrators remove game covers.';

create policy game_covers_insert_admin on storage.objects
  for insert to authenticated
  with check (bucket_id = 'game-covers' and (select private.is_admin()));
comment on policy game_covers_insert_admin on storage.objects is 'Only administrators upload game covers.';

create policy game_covers_select_admin on storage.objects
  for select to authenticated
  using (bucket_id = 'game-covers' and (select private.is_admin()));
comment on policy game_covers_select_admin on storage.objects is 'Administrators list cover files (to replace them); everyone else reads covers through the public URL.';

create policy game_covers_update_admin on storage.objects
  for update to authenticated
  using (bucket_id = 'game-covers' and (select private.is_admin()))
  with check (bucket_id = 'game-covers' and (select private.is_admin()));
comment on policy game_covers_update_admin on storage.objects is 'Only administrators overwrite game covers.';

create policy outlet_logos_delete_owner on storage.objects
  for delete to authenticated
  using (bucket_id = 'outlet-logos' and coalesce(public.is_outlet_owner(private.outlet_folder(name)), false));
comment on policy outlet_logos_delete_owner on storage.objects is 'Only an outlet''s owners remove its logo files.';

create policy outlet_logos_insert_owner on storage.objects
  for insert to authenticated
  with check (bucket_id = 'outlet-logos' and coalesce(public.is_outlet_owner(private.outlet_folder(name)), false));
comment on policy outlet_logos_insert_owner on storage.objects is 'Only an outlet''s owners upload its logo.';

create policy outlet_logos_select_owner on storage.objects
  for select to authenticated
  using (bucket_id = 'outlet-logos' and coalesce(public.is_outlet_owner(private.outlet_folder(name)), false));
comment on policy outlet_logos_select_owner on storage.objects is 'An outlet''s owners list its logo files (to replace them); everyone else reads logos through the public URL.';

create policy outlet_logos_update_owner on storage.objects
  for update to authenticated
  using (bucket_id = 'outlet-logos' and coalesce(public.is_outlet_owner(private.outlet_folder(name)), false))
  with check (bucket_id = 'outlet-logos' and coalesce(public.is_outlet_owner(private.outlet_folder(name)), false));
comment on policy outlet_logos_update_owner on storage.objects is 'Only an outlet''s owners overwrite its logo files, inside its folder.';

-- =========================================================================================
-- Rows the schema starts with
-- =========================================================================================

-- The membership tiers; prices in minor units (a tier is the name of the plan on a user's
-- active subscription).
insert into public.subscription_plans (name, display_name, description, price_cents, price_yearly_cents, sort_order) values
  ('free', 'Free', 'Follow outlets, earn XP, keep default lists, add and link games.', 0, 0, 0),
  ('ad_free', 'Ad-Free', 'Everything in Free, custom lists and no ads.', 299, 2990, 1),
  ('premium', 'Premium', 'Everything in Ad-Free, plus publishing your own user reviews.', 599, 5990, 2);

-- Names nobody may register: role and system words, and every top-level route segment, so
-- that no profile at /{username} shadows a page (a test reads src/pages and checks each).
insert into public.reserved_usernames (name) values
  ('404'), ('500'), ('about'), ('abuse'), ('account'), ('accounts'), ('ad-free'), ('add-game'), ('admin'), ('administrator'),
  ('admins'), ('all'), ('anonymous'), ('api'), ('assets'), ('auth'), ('author'), ('author-features'), ('authors'), ('billing'),
  ('bot'), ('browse'), ('builds'), ('calendar'), ('callback'), ('changelog'), ('collections'), ('confirm'), ('contact'), ('create'),
  ('critic'), ('critics'), ('daemon'), ('dashboard'), ('default'), ('delete'), ('demo'), ('dev'), ('edit'), ('editor'),
  ('editors'), ('error'), ('everyone'), ('example'), ('faq'), ('favicon'), ('features'), ('feed'), ('free'), ('future-features'),
  ('game'), ('games'), ('guest'), ('health'), ('help'), ('home'), ('hostmaster'), ('icons'), ('index'), ('info'),
  ('leaderboard'), ('legal'), ('levels'), ('lists'), ('log-in'), ('log-out'), ('login'), ('logout'), ('mail'), ('manage-outlet'),
  ('manifest'), ('me'), ('media'), ('membership'), ('mod'), ('moderator'), ('moderators'), ('mods'), ('new'), ('nil'),
  ('no-reply'), ('none'), ('noreply'), ('notifications'), ('null'), ('oauth'), ('official'), ('offline'), ('outlet'), ('outlets'),
  ('owner'), ('password'), ('payment'), ('postmaster'), ('pr-features'), ('premium'), ('press'), ('privacy'), ('privacy-policy'), ('profile'),
  ('profiles'), ('public'), ('publishers'), ('realtime'), ('register'), ('reset-password'), ('reviews'), ('robot'), ('robots'), ('root'),
  ('rss'), ('sample'), ('search'), ('security'), ('sentry-example-page'), ('service'), ('session'), ('sessions'), ('settings'), ('sign-in'),
  ('sign-up'), ('signin'), ('signout'), ('signup'), ('site-application'), ('sitemap'), ('sitemaps'), ('staff'), ('static'), ('status'),
  ('storage'), ('subscription'), ('superuser'), ('support'), ('sw'), ('sysadmin'), ('system'), ('team'), ('terms'), ('terms-of-service'),
  ('test'), ('test-vote'), ('tester'), ('testing'), ('token'), ('undefined'), ('unknown'), ('user'), ('user-features'), ('users'),
  ('verify'), ('webmaster'), ('www');

-- The kinds of community activity the site records.
insert into public.activity_kinds (kind, description) values
  ('account_confirmed', 'The user confirmed their account'),
  ('content_hidden', 'A moderator hid content and said why'),
  ('coverage_requested', 'An administrator asked an outlet''s owners to review a game'),
  ('daily_visit', 'The user visited the site on a UTC day'),
  ('game_request_resolved', 'An administrator resolved a game request'),
  ('game_status_set', 'The user set or changed their play status on a game'),
  ('level_up', 'The user reached a new level'),
  ('list_created', 'The user created a custom game list'),
  ('list_entry_added', 'The user added a game to one of their custom lists'),
  ('list_liked', 'The user liked someone else''s list'),
  ('outlet_followed', 'The user followed an outlet'),
  ('profile_updated', 'The user changed their public profile (avatar, name, bio)'),
  ('review_published', 'The user published a review of a game'),
  ('review_voted_helpful', 'The user voted someone else''s review helpful'),
  ('user_followed', 'The user followed another player');

-- Storage buckets, all public (avatars, covers and logos are shown on cached public pages):
-- avatars/<user id>/<file>, written by that user; game-covers/<game id>/cover-<variant>-<version>.webp,
-- written by administrators; outlet-logos/<outlet id>/logo-<variant>-<version>.webp, written
-- by the outlet's owners. The policies that say so are above.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('avatars', 'avatars', true, 5242880, array['image/jpeg', 'image/png', 'image/webp']),
  ('game-covers', 'game-covers', true, 5242880, array['image/jpeg', 'image/png', 'image/webp']),
  ('outlet-logos', 'outlet-logos', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- =========================================================================================
-- Hosted Supabase only: notifications over Realtime
-- =========================================================================================

-- Each new notification is broadcast on the user's private channel `user:{id}`, and only
-- that user may join it (a policy on realtime.messages). Where the realtime schema is
-- absent (embedded, self-hosted) this block does nothing and the node server delivers
-- notifications itself.
do $outer$
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    return;
  end if;
  execute $fn$
    create or replace function public.broadcast_notification() returns trigger
      language plpgsql
      security definer
      set search_path = ''
    as $body$
    begin
      perform realtime.send(
        jsonb_build_object('id', new.id, 'kind', new.kind, 'data', new.data, 'created_at', new.created_at),
        'notification', 'user:' || new.user_id::text, true);
      return null;
    end
    $body$
  $fn$;
  execute 'revoke execute on function public.broadcast_notification() from public, anon, authenticated';
  execute 'create trigger notifications_broadcast after insert on public.notifications
             for each row execute function public.broadcast_notification()';
  execute $p$
    create policy "realtime: a user joins only their own notification channel" on realtime.messages
      for select to authenticated
      using (realtime.topic() = 'user:' || (select auth.uid())::text and extension = 'broadcast')
  $p$;
  execute $c$comment on policy "realtime: a user joins only their own notification channel" on realtime.messages is 'Private channel user:{id} is joinable by that user only.'$c$;
end
$outer$;
