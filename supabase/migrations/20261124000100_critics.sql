-- Critics: outlets, their authors, critic reviews and previews, and the per-game
-- aggregate row that the database keeps current in the same transaction as every
-- review insert, update and delete.
--
-- Scores: each review keeps the raw score exactly as its outlet gave it, with the scale
-- it was given on; the 0-100 score is a generated column computed from those two by
-- public.normalise_critic_score(), so a stored score can never disagree with its raw
-- score. src/lib/scores/scores.ts holds the same table for the pages; a test checks
-- the two agree on every value each scale allows.
--
-- Embargoes: a review is visible to the public from published_at on (row-level security
-- below, and every public query filters on it). The aggregate counts exactly the rows
-- whose `counted` flag is set; a trigger sets the flag from published_at <= now() on every
-- write, and public.release_due_critic_reviews() sets it for reviews whose time has come
-- since (the server calls it before rendering, at most when something is due).

-- Demo games invented for the demo data (upcoming releases) are a source of their own.
alter table public.games drop constraint games_sources_known;
alter table public.games add constraint games_sources_known
  check (sources <@ array['editorial', 'steam_store_2019', 'vgchartz_2024', 'synthetic', 'demo']::text[]);
comment on column public.games.sources is
  'Where the record came from, shown on the game page: editorial, the two licensed demo datasets, invented demo games (demo), or synthetic benchmark data.';

-- Scores ----------------------------------------------------------------------------------

-- Raw score -> 0-100. Accepts only the canonical spellings of each scale; anything else
-- raises, so an invalid raw score is refused on insert (the score is a generated column).
-- Must match normaliseScore() in src/lib/scores/scores.ts.
create function public.normalise_critic_score(scale text, raw text) returns smallint
  language plpgsql immutable parallel safe
as $$
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
$$;
comment on function public.normalise_critic_score(text, text) is
  'Raw score on an outlet scale -> 0-100 (null for no score); raises on a value the scale does not allow. Mirrors normaliseScore() in src/lib/scores/scores.ts.';

-- 0-100 -> band key. Must match scoreBand() in src/lib/scores/scores.ts.
create function public.critic_score_band(score smallint) returns text
  language sql immutable parallel safe
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
comment on function public.critic_score_band(smallint) is 'Score band of a 0-100 score; bands are published on /faq. Mirrors scoreBand() in src/lib/scores/scores.ts.';

-- Outlets ---------------------------------------------------------------------------------

create table public.outlets (
  id integer generated always as identity primary key,
  slug text not null unique,
  name text not null,
  website_url text,
  logo_url text,
  description text not null default '',
  owner_id uuid references auth.users (id) on delete set null,
  score_scale text not null,
  recommendation_threshold smallint not null default 70,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint outlets_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
  constraint outlets_name_length check (char_length(btrim(name)) between 1 and 100),
  constraint outlets_website_url_http check (website_url ~ '^https?://'),
  constraint outlets_logo_url_http check (logo_url ~ '^https?://'),
  constraint outlets_description_length check (char_length(description) <= 2000),
  constraint outlets_score_scale check (score_scale in ('hundred', 'ten', 'stars', 'letter', 'unscored')),
  constraint outlets_recommendation_threshold_range check (recommendation_threshold between 0 and 100)
);
comment on table public.outlets is 'Publications whose critics review games.';
comment on column public.outlets.owner_id is
  'The user who manages the outlet (its authors, reviews, settings); null for demo outlets and outlets nobody has claimed.';
comment on column public.outlets.score_scale is
  'How the outlet scores new reviews: hundred (0-100), ten (0-10, one decimal), stars (0-5 in halves), letter (A+ to F) or unscored (verdict only).';
comment on column public.outlets.recommendation_threshold is
  'Normalised score (0-100) at or above which a scored review counts as recommending the game.';
comment on column public.outlets.is_demo is 'Invented for the demo data; every page that shows the outlet says so.';

create unique index outlets_name_lower_key on public.outlets (lower(name));
create index outlets_owner_idx on public.outlets (owner_id) where owner_id is not null;

create trigger outlets_set_updated_at before update on public.outlets
  for each row execute function public.set_updated_at();

-- Authors ---------------------------------------------------------------------------------

create table public.authors (
  id integer generated always as identity primary key,
  name text not null,
  slug text not null,
  bio text,
  avatar_url text,
  user_id uuid unique references auth.users (id) on delete set null,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint authors_name_length check (char_length(btrim(name)) between 1 and 100),
  constraint authors_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 100),
  constraint authors_bio_length check (char_length(bio) <= 500),
  constraint authors_avatar_url_http check (avatar_url ~ '^https?://')
);
comment on table public.authors is 'Critics who write reviews; the public page is /authors/{id}/{slug}.';
comment on column public.authors.slug is
  'Name part of the author URL. Not unique: the id identifies the author, and a wrong or old slug redirects to the current one.';
comment on column public.authors.user_id is 'The site account this author signs in with, when linked.';
comment on column public.authors.is_demo is 'Invented for the demo data.';

create trigger authors_set_updated_at before update on public.authors
  for each row execute function public.set_updated_at();

create table public.outlet_authors (
  outlet_id integer not null references public.outlets (id) on delete cascade,
  author_id integer not null references public.authors (id) on delete cascade,
  role text not null default 'contributor',
  joined_at timestamptz not null default now(),
  primary key (outlet_id, author_id),
  constraint outlet_authors_role check (role in ('editor', 'staff', 'contributor'))
);
comment on table public.outlet_authors is 'Which authors write for which outlets.';
create index outlet_authors_author_idx on public.outlet_authors (author_id, outlet_id);

-- Critic reviews --------------------------------------------------------------------------

create table public.critic_reviews (
  id bigint generated always as identity primary key,
  game_id integer not null references public.games (id) on delete cascade,
  outlet_id integer not null references public.outlets (id) on delete cascade,
  author_id integer references public.authors (id) on delete set null,
  kind text not null default 'review',
  score_scale text not null,
  raw_score text,
  score smallint generated always as (public.normalise_critic_score(score_scale, raw_score)) stored,
  recommended boolean,
  verdict text,
  excerpt text,
  url text,
  platform_id integer references public.platforms (id) on delete set null,
  published_at timestamptz not null,
  counted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint critic_reviews_kind check (kind in ('review', 'preview')),
  constraint critic_reviews_score_scale check (score_scale in ('hundred', 'ten', 'stars', 'letter', 'unscored')),
  constraint critic_reviews_preview_unscored check (kind = 'review' or raw_score is null),
  constraint critic_reviews_review_has_verdict check (kind = 'preview' or recommended is not null),
  constraint critic_reviews_verdict_length check (char_length(verdict) <= 140),
  constraint critic_reviews_excerpt_length check (char_length(excerpt) <= 1000),
  constraint critic_reviews_url_http check (url ~ '^https?://')
);
comment on table public.critic_reviews is
  'Critic reviews and previews. Invisible to everyone but the outlet before published_at (the embargo).';
comment on column public.critic_reviews.score_scale is 'Scale the raw score was given on (the outlet''s scale at the time; filled from the outlet when omitted).';
comment on column public.critic_reviews.raw_score is 'The score exactly as the outlet gave it (87, 8.5, 4.5, B+), or null for an unscored review or a preview.';
comment on column public.critic_reviews.score is 'The raw score normalised to 0-100; computed by the database, never written.';
comment on column public.critic_reviews.recommended is
  'Does the review recommend the game? For a scored review, set by the database: score >= the outlet''s threshold. For an unscored review, the outlet''s verdict. Null for previews.';
comment on column public.critic_reviews.platform_id is 'The platform the critic played on, when stated.';
comment on column public.critic_reviews.published_at is 'Embargo: the review is public from this moment on.';
comment on column public.critic_reviews.counted is
  'Whether the row is included in game_critic_stats: published_at <= now() when last written, or set by release_due_critic_reviews() once the embargo passed. Maintained by triggers; writes to it are overridden.';

-- One review per outlet per game keeps every outlet to one vote; previews are not limited.
create unique index critic_reviews_one_review_per_outlet on public.critic_reviews (game_id, outlet_id) where kind = 'review';
-- A game's reviews newest first, and the latest published reviews site-wide.
create index critic_reviews_game_idx on public.critic_reviews (game_id, kind, published_at desc);
create index critic_reviews_published_idx on public.critic_reviews (published_at desc, id desc) where kind = 'review';
create index critic_reviews_outlet_idx on public.critic_reviews (outlet_id, published_at desc);
create index critic_reviews_author_idx on public.critic_reviews (author_id, published_at desc) where author_id is not null;
-- Reviews waiting for their embargo to lift (usually a handful): what the release job scans.
create index critic_reviews_pending_idx on public.critic_reviews (published_at) where not counted;

-- The per-game aggregate -------------------------------------------------------------------

create table public.game_critic_stats (
  game_id integer primary key references public.games (id) on delete cascade,
  review_count integer not null default 0,
  scored_count integer not null default 0,
  score_sum integer not null default 0,
  recommended_count integer not null default 0,
  preview_count integer not null default 0,
  acclaimed_count integer not null default 0,
  favourable_count integer not null default 0,
  mixed_count integer not null default 0,
  unfavourable_count integer not null default 0,
  panned_count integer not null default 0,
  critic_score smallint generated always as (
    case when scored_count >= 4 then round(score_sum::numeric / scored_count)::smallint end
  ) stored,
  recommend_percent smallint generated always as (
    case when review_count > 0 then round(100.0 * recommended_count / review_count)::smallint end
  ) stored,
  constraint game_critic_stats_counts_non_negative check (
    review_count >= 0 and scored_count >= 0 and score_sum >= 0 and recommended_count >= 0 and preview_count >= 0
    and acclaimed_count >= 0 and favourable_count >= 0 and mixed_count >= 0 and unfavourable_count >= 0 and panned_count >= 0
  )
);
comment on table public.game_critic_stats is
  'Per-game sums over its published (counted) critic reviews, kept current by triggers on critic_reviews; rebuild_game_critic_stats() recomputes it from scratch.';
comment on column public.game_critic_stats.review_count is 'Published reviews (not previews), scored or not.';
comment on column public.game_critic_stats.scored_count is 'Published reviews with a score.';
comment on column public.game_critic_stats.score_sum is 'Sum of the normalised scores of the scored reviews.';
comment on column public.game_critic_stats.recommended_count is 'Published reviews that recommend the game, scored or not.';
comment on column public.game_critic_stats.critic_score is
  'Plain mean of the normalised scores, rounded half up; null below 4 scored reviews (MIN_SCORED_REVIEWS in src/lib/scores/scores.ts).';
comment on column public.game_critic_stats.recommend_percent is 'Share of published reviews that recommend the game, rounded; counts every review.';

create index game_critic_stats_score_idx on public.game_critic_stats (critic_score desc, scored_count desc, game_id)
  where critic_score is not null;

-- Triggers ---------------------------------------------------------------------------------

-- Before a review is written: fill the scale from the outlet, derive `recommended` for
-- scored reviews from the outlet's threshold, and decide whether the row counts yet.
create function public.critic_reviews_prepare() returns trigger
  language plpgsql
  security definer
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
revoke execute on function public.critic_reviews_prepare() from public, anon, authenticated;

create trigger critic_reviews_prepare before insert or update on public.critic_reviews
  for each row execute function public.critic_reviews_prepare();

-- Adds (delta = 1) or removes (delta = -1) one counted review's share of its game's row.
create function public.apply_critic_review_to_stats(
  p_game_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer
) returns void
  language plpgsql
  security definer
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
revoke execute on function public.apply_critic_review_to_stats(integer, text, smallint, boolean, integer) from public, anon, authenticated;

-- After a review is written: take the old row's share out and put the new row's in.
-- A review moving to another game, changing kind, score or verdict, or being released
-- from its embargo, is just "remove old, add new".
create function public.critic_reviews_aggregate() returns trigger
  language plpgsql
  security definer
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
revoke execute on function public.critic_reviews_aggregate() from public, anon, authenticated;

create trigger critic_reviews_aggregate after insert or update or delete on public.critic_reviews
  for each row execute function public.critic_reviews_aggregate();

-- A changed threshold changes which of the outlet's scored reviews recommend the game;
-- touching them lets the review triggers recompute and re-aggregate each one.
create function public.outlets_threshold_changed() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  update public.critic_reviews r set recommended = r.score >= new.recommendation_threshold
  where r.outlet_id = new.id and r.score is not null and r.kind = 'review';
  return null;
end
$$;
revoke execute on function public.outlets_threshold_changed() from public, anon, authenticated;

create trigger outlets_threshold_changed after update of recommendation_threshold on public.outlets
  for each row when (old.recommendation_threshold is distinct from new.recommendation_threshold)
  execute function public.outlets_threshold_changed();

-- Embargo release and full rebuild ----------------------------------------------------------

-- Counts every review whose embargo has passed since it was written, and returns when the
-- next one is due (null when none is waiting). Cheap: it reads a partial index that holds
-- only the waiting reviews.
create function public.release_due_critic_reviews() returns timestamptz
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  next_due timestamptz;
begin
  update public.critic_reviews set counted = true where not counted and published_at <= now();
  select min(published_at) into next_due from public.critic_reviews where not counted;
  return next_due;
end
$$;
revoke execute on function public.release_due_critic_reviews() from public, anon, authenticated;
comment on function public.release_due_critic_reviews() is
  'Adds reviews whose embargo has lifted to the aggregate; returns the next embargo time. Called by the server before it renders a page, when due.';

-- Recomputes every aggregate row from the reviews (after a bulk load with the triggers
-- disabled, or to repair). Not for the request path.
create function public.rebuild_game_critic_stats() returns void
  language plpgsql
  security definer
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
revoke execute on function public.rebuild_game_critic_stats() from public, anon, authenticated;

-- Row-level security ---------------------------------------------------------------------

-- Is the signed-in user the owner of this outlet? Security definer because the API roles
-- may not read outlets.owner_id themselves.
create function public.is_outlet_owner(p_outlet_id integer) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (
    select 1 from public.outlets o where o.id = p_outlet_id and o.owner_id is not null and o.owner_id = auth.uid()
  )
$$;
revoke execute on function public.is_outlet_owner(integer) from public;
grant execute on function public.is_outlet_owner(integer) to anon, authenticated;

alter table public.outlets enable row level security;
alter table public.authors enable row level security;
alter table public.outlet_authors enable row level security;
alter table public.critic_reviews enable row level security;
alter table public.game_critic_stats enable row level security;

-- Owner and user links stay private: the server shows what is public about them.
grant select (id, slug, name, website_url, logo_url, description, score_scale, recommendation_threshold, is_demo, created_at, updated_at)
  on public.outlets to anon, authenticated;
grant select (id, name, slug, bio, avatar_url, is_demo, created_at, updated_at) on public.authors to anon, authenticated;
grant select on public.outlet_authors, public.critic_reviews, public.game_critic_stats to anon, authenticated;
grant all on public.outlets, public.authors, public.outlet_authors, public.critic_reviews, public.game_critic_stats to service_role;

create policy outlets_select_public on public.outlets for select to anon, authenticated using (true);
comment on policy outlets_select_public on public.outlets is 'The outlet directory is public; column grants hide the owner.';
create policy authors_select_public on public.authors for select to anon, authenticated using (true);
comment on policy authors_select_public on public.authors is 'Author pages are public; column grants hide the linked account.';
create policy outlet_authors_select_public on public.outlet_authors for select to anon, authenticated using (true);
comment on policy outlet_authors_select_public on public.outlet_authors is 'Who writes for which outlet is public.';
create policy critic_reviews_select_published on public.critic_reviews
  for select to anon, authenticated using (published_at <= now() or public.is_outlet_owner(outlet_id));
comment on policy critic_reviews_select_published on public.critic_reviews is
  'Embargo: a review is public from published_at on; before that only its outlet''s owner sees it.';
create policy game_critic_stats_select_public on public.game_critic_stats for select to anon, authenticated using (true);
comment on policy game_critic_stats_select_public on public.game_critic_stats is 'Aggregates cover published reviews only, so they are public.';
