-- The schema the squashed migration chain made (49 migrations), applied to a fresh
-- Supabase-shaped database (tests/supabase-shape/) as `postgres`, as `npm run db:migrate` does;
-- normalised pg_dump --schema-only, then the rows the migrations inserted. The baseline must
-- make exactly this (src/lib/db/baseline.test.ts). Written by scripts/schema-snapshot.ts:
--   npm run db:schema-snapshot -- --chain 288d39f48080
-- Chain: commit 288d39f48080d8caf68dc312fb3135aa497ba3e5
-- End of header.
--
-- PostgreSQL database dump
--



SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: app_meta; Type: SCHEMA; Schema: -; Owner: postgres
--

CREATE SCHEMA app_meta;


ALTER SCHEMA app_meta OWNER TO postgres;

--
-- Name: auth; Type: SCHEMA; Schema: -; Owner: supabase_admin
--

CREATE SCHEMA auth;


ALTER SCHEMA auth OWNER TO supabase_admin;

--
-- Name: extensions; Type: SCHEMA; Schema: -; Owner: postgres
--

CREATE SCHEMA extensions;


ALTER SCHEMA extensions OWNER TO postgres;

--
-- Name: private; Type: SCHEMA; Schema: -; Owner: postgres
--

CREATE SCHEMA private;


ALTER SCHEMA private OWNER TO postgres;

--
-- Name: realtime; Type: SCHEMA; Schema: -; Owner: supabase_admin
--

CREATE SCHEMA realtime;


ALTER SCHEMA realtime OWNER TO supabase_admin;

--
-- Name: storage; Type: SCHEMA; Schema: -; Owner: supabase_admin
--

CREATE SCHEMA storage;


ALTER SCHEMA storage OWNER TO supabase_admin;

--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;


--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: 
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';


--
-- Name: pgcrypto; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA extensions;


--
-- Name: EXTENSION pgcrypto; Type: COMMENT; Schema: -; Owner: 
--

COMMENT ON EXTENSION pgcrypto IS 'cryptographic functions';


--
-- Name: uuid-ossp; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS "uuid-ossp" WITH SCHEMA extensions;


--
-- Name: EXTENSION "uuid-ossp"; Type: COMMENT; Schema: -; Owner: 
--

COMMENT ON EXTENSION "uuid-ossp" IS 'generate universally unique identifiers (UUIDs)';


--
-- Name: aal_level; Type: TYPE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TYPE auth.aal_level AS ENUM (
    'aal1',
    'aal2',
    'aal3'
);


ALTER TYPE auth.aal_level OWNER TO supabase_auth_admin;

--
-- Name: code_challenge_method; Type: TYPE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TYPE auth.code_challenge_method AS ENUM (
    's256',
    'plain'
);


ALTER TYPE auth.code_challenge_method OWNER TO supabase_auth_admin;

--
-- Name: factor_status; Type: TYPE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TYPE auth.factor_status AS ENUM (
    'unverified',
    'verified'
);


ALTER TYPE auth.factor_status OWNER TO supabase_auth_admin;

--
-- Name: factor_type; Type: TYPE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TYPE auth.factor_type AS ENUM (
    'totp',
    'webauthn',
    'phone'
);


ALTER TYPE auth.factor_type OWNER TO supabase_auth_admin;

--
-- Name: one_time_token_type; Type: TYPE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TYPE auth.one_time_token_type AS ENUM (
    'confirmation_token',
    'reauthentication_token',
    'recovery_token',
    'email_change_token_new',
    'email_change_token_current',
    'phone_change_token'
);


ALTER TYPE auth.one_time_token_type OWNER TO supabase_auth_admin;

--
-- Name: buckettype; Type: TYPE; Schema: storage; Owner: supabase_storage_admin
--

CREATE TYPE storage.buckettype AS ENUM (
    'STANDARD',
    'ANALYTICS',
    'VECTOR'
);


ALTER TYPE storage.buckettype OWNER TO supabase_storage_admin;

--
-- Name: email(); Type: FUNCTION; Schema: auth; Owner: supabase_auth_admin
--

CREATE FUNCTION auth.email() RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text
$$;


ALTER FUNCTION auth.email() OWNER TO supabase_auth_admin;

--
-- Name: jwt(); Type: FUNCTION; Schema: auth; Owner: supabase_auth_admin
--

CREATE FUNCTION auth.jwt() RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;


ALTER FUNCTION auth.jwt() OWNER TO supabase_auth_admin;

--
-- Name: role(); Type: FUNCTION; Schema: auth; Owner: supabase_auth_admin
--

CREATE FUNCTION auth.role() RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
$$;


ALTER FUNCTION auth.role() OWNER TO supabase_auth_admin;

--
-- Name: uid(); Type: FUNCTION; Schema: auth; Owner: supabase_auth_admin
--

CREATE FUNCTION auth.uid() RETURNS uuid
    LANGUAGE sql STABLE
    AS $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
$$;


ALTER FUNCTION auth.uid() OWNER TO supabase_auth_admin;

--
-- Name: is_admin(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.is_admin() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from app_meta.admins a where a.user_id = auth.uid())
$$;


ALTER FUNCTION private.is_admin() OWNER TO postgres;

--
-- Name: outlet_folder(text); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.outlet_folder(p_name text) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select case when (storage.foldername(p_name))[1] ~ '^[0-9]{1,9}$' then ((storage.foldername(p_name))[1])::integer end
$_$;


ALTER FUNCTION private.outlet_folder(p_name text) OWNER TO postgres;

--
-- Name: add_search_words(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.add_search_words() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.search_words (word)
  select distinct unnest(public.title_words(changed.title)) from changed_games as changed
  on conflict do nothing;
  return null;
end
$$;


ALTER FUNCTION public.add_search_words() OWNER TO postgres;

--
-- Name: apply_critic_review_to_outlet_stats(integer, text, smallint, boolean, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.apply_critic_review_to_outlet_stats(p_outlet_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.apply_critic_review_to_outlet_stats(p_outlet_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) OWNER TO postgres;

--
-- Name: apply_critic_review_to_stats(integer, text, smallint, boolean, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.apply_critic_review_to_stats(p_game_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.apply_critic_review_to_stats(p_game_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) OWNER TO postgres;

--
-- Name: apply_user_review_to_platforms(integer, integer, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.apply_user_review_to_platforms(p_game_id integer, p_platform_id integer, p_sign integer) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  insert into public.game_user_review_platforms as c (game_id, platform_id, review_count)
  values (p_game_id, p_platform_id, greatest(p_sign, 0))
  on conflict (game_id, platform_id) do update set review_count = c.review_count + p_sign;
$$;


ALTER FUNCTION public.apply_user_review_to_platforms(p_game_id integer, p_platform_id integer, p_sign integer) OWNER TO postgres;

--
-- Name: apply_user_review_to_score(integer, smallint, boolean, boolean, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.apply_user_review_to_score(p_game_id integer, p_rating smallint, p_visible boolean, p_counted boolean, p_sign integer) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.apply_user_review_to_score(p_game_id integer, p_rating smallint, p_visible boolean, p_counted boolean, p_sign integer) OWNER TO postgres;

--
-- Name: apply_xp_points(uuid, integer, timestamp with time zone, timestamp with time zone, integer[], boolean); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.apply_xp_points(p_user uuid, p_points integer, p_at timestamp with time zone, p_periods_at timestamp with time zone, p_levels integer[], p_capped boolean DEFAULT true) RETURNS TABLE(total integer, level integer, previous_level integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.apply_xp_points(p_user uuid, p_points integer, p_at timestamp with time zone, p_periods_at timestamp with time zone, p_levels integer[], p_capped boolean) OWNER TO postgres;

--
-- Name: award_xp(uuid, text, text, integer, boolean, integer, integer[], timestamp with time zone); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.award_xp(p_user uuid, p_kind text, p_source text, p_points integer, p_milestone boolean, p_cap integer, p_levels integer[], p_at timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS TABLE(awarded boolean, points integer, total integer, level integer, previous_level integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.award_xp(p_user uuid, p_kind text, p_source text, p_points integer, p_milestone boolean, p_cap integer, p_levels integer[], p_at timestamp with time zone) OWNER TO postgres;

--
-- Name: broadcast_notification(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.broadcast_notification() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
    begin
      perform realtime.send(
        jsonb_build_object('id', new.id, 'kind', new.kind, 'data', new.data, 'created_at', new.created_at),
        'notification', 'user:' || new.user_id::text, true);
      return null;
    end
    $$;


ALTER FUNCTION public.broadcast_notification() OWNER TO postgres;

--
-- Name: card_links_on_links(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.card_links_on_links() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.card_links_on_links() OWNER TO postgres;

--
-- Name: card_links_on_name(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.card_links_on_name() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_table_name = 'platforms' then
    perform public.keep_game_card_links_in_turn(array(select gp.game_id from public.game_platforms gp where gp.platform_id = new.id));
  else
    perform public.keep_game_card_links_in_turn(array(select gg.game_id from public.game_genres gg where gg.genre_id = new.id));
  end if;
  return null;
end
$$;


ALTER FUNCTION public.card_links_on_name() OWNER TO postgres;

--
-- Name: check_profile_username(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.check_profile_username() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.username is not null
     and exists (select 1 from public.reserved_usernames r where r.name = lower(new.username)) then
    raise exception 'This username is reserved and cannot be used'
      using errcode = 'check_violation', constraint = 'profiles_username_not_reserved', table = 'profiles';
  end if;
  return new;
end
$$;


ALTER FUNCTION public.check_profile_username() OWNER TO postgres;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: user_games; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_games (
    user_id uuid NOT NULL,
    game_id integer NOT NULL,
    status text,
    wishlist boolean DEFAULT false NOT NULL,
    favourite boolean DEFAULT false NOT NULL,
    platform_id integer,
    hours_played numeric(7,1),
    started_on date,
    finished_on date,
    note text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_games_dates_order CHECK (((finished_on IS NULL) OR (started_on IS NULL) OR (finished_on >= started_on))),
    CONSTRAINT user_games_hours_range CHECK (((hours_played >= (0)::numeric) AND (hours_played <= (100000)::numeric))),
    CONSTRAINT user_games_not_empty CHECK (((status IS NOT NULL) OR wishlist OR favourite OR (platform_id IS NOT NULL) OR (hours_played IS NOT NULL) OR (started_on IS NOT NULL) OR (finished_on IS NOT NULL) OR (note IS NOT NULL))),
    CONSTRAINT user_games_note_length CHECK ((char_length(note) <= 1000)),
    CONSTRAINT user_games_status_known CHECK ((status = ANY (ARRAY['playing'::text, 'played'::text, 'completed'::text, 'backlog'::text, 'shelved'::text, 'abandoned'::text])))
);


ALTER TABLE public.user_games OWNER TO postgres;

--
-- Name: TABLE user_games; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_games IS 'A user''s play status, flags and private note per game; the default lists are views of it.';


--
-- Name: COLUMN user_games.note; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.user_games.note IS 'Private to the user: never shown to anyone else, never in a feed or the API roles.';


--
-- Name: count_library_row(public.user_games, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.count_library_row(p_row public.user_games, p_sign integer) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.count_library_row(p_row public.user_games, p_sign integer) OWNER TO postgres;

--
-- Name: critic_reviews_aggregate(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.critic_reviews_aggregate() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.critic_reviews_aggregate() OWNER TO postgres;

--
-- Name: critic_reviews_mark_score_update(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.critic_reviews_mark_score_update() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if old.published_at <= now()
     and (old.raw_score is distinct from new.raw_score or (old.raw_score is null and old.recommended is distinct from new.recommended)) then
    new.score_updated_at := now();
  end if;
  return new;
end
$$;


ALTER FUNCTION public.critic_reviews_mark_score_update() OWNER TO postgres;

--
-- Name: critic_reviews_outlet_aggregate(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.critic_reviews_outlet_aggregate() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.critic_reviews_outlet_aggregate() OWNER TO postgres;

--
-- Name: critic_reviews_prepare(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.critic_reviews_prepare() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.critic_reviews_prepare() OWNER TO postgres;

--
-- Name: critic_score_band(smallint); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.critic_score_band(score smallint) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select case
    when score is null then null
    when score >= 90 then 'acclaimed'
    when score >= 75 then 'favourable'
    when score >= 50 then 'mixed'
    when score >= 20 then 'unfavourable'
    else 'panned'
  end
$$;


ALTER FUNCTION public.critic_score_band(score smallint) OWNER TO postgres;

--
-- Name: FUNCTION critic_score_band(score smallint); Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON FUNCTION public.critic_score_band(score smallint) IS 'Score band of a 0-100 score; bands are published on /faq. Mirrors scoreBand() in src/lib/scores/scores.ts.';


--
-- Name: game_request_votes_count(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.game_request_votes_count() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    update public.game_requests set votes_count = votes_count + 1 where id = new.request_id;
  elsif tg_op = 'DELETE' then
    update public.game_requests set votes_count = greatest(votes_count - 1, 0) where id = old.request_id;
  end if;
  return null;
end
$$;


ALTER FUNCTION public.game_request_votes_count() OWNER TO postgres;

--
-- Name: handle_new_user(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.handle_new_user() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.handle_new_user() OWNER TO postgres;

--
-- Name: FUNCTION handle_new_user(); Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON FUNCTION public.handle_new_user() IS 'Creates the profile of a new auth user from its metadata, in the same transaction; a failure aborts the sign-up.';


--
-- Name: handle_user_email_change(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.handle_user_email_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end
$$;


ALTER FUNCTION public.handle_user_email_change() OWNER TO postgres;

--
-- Name: is_outlet_owner(integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.is_outlet_owner(p_outlet_id integer) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.outlet_owners o where o.outlet_id = p_outlet_id and o.user_id = auth.uid()
  )
$$;


ALTER FUNCTION public.is_outlet_owner(p_outlet_id integer) OWNER TO postgres;

--
-- Name: keep_follow_counts(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.keep_follow_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.keep_follow_counts() OWNER TO postgres;

--
-- Name: keep_game_card_links(integer[]); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.keep_game_card_links(p_games integer[]) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.keep_game_card_links(p_games integer[]) OWNER TO postgres;

--
-- Name: keep_game_card_links_in_turn(integer[]); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.keep_game_card_links_in_turn(p_games integer[]) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.keep_game_card_links_in_turn(p_games integer[]) OWNER TO postgres;

--
-- Name: kept_similar_games(integer, integer, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.kept_similar_games(p_game_id integer, p_limit integer DEFAULT 6, p_pool integer DEFAULT 10) RETURNS TABLE(game_id integer, score integer, shared_genres integer, shared_developers integer, shared_publishers integer, shared_platforms integer)
    LANGUAGE plpgsql STABLE ROWS 12
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.kept_similar_games(p_game_id integer, p_limit integer, p_pool integer) OWNER TO postgres;

--
-- Name: library_counts_on_game_row(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.library_counts_on_game_row() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.library_counts_on_game_row() OWNER TO postgres;

--
-- Name: mark_similar_games_stale(integer[], boolean, integer[], integer[], integer[], date[]); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.mark_similar_games_stale(p_games integer[], p_with_links boolean, p_developers integer[] DEFAULT '{}'::integer[], p_publishers integer[] DEFAULT '{}'::integer[], p_platforms integer[] DEFAULT '{}'::integer[], p_dates date[] DEFAULT '{}'::date[]) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.mark_similar_games_stale(p_games integer[], p_with_links boolean, p_developers integer[], p_publishers integer[], p_platforms integer[], p_dates date[]) OWNER TO postgres;

--
-- Name: normalise_critic_score(text, text); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.normalise_critic_score(scale text, raw text) RETURNS smallint
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$
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


ALTER FUNCTION public.normalise_critic_score(scale text, raw text) OWNER TO postgres;

--
-- Name: FUNCTION normalise_critic_score(scale text, raw text); Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON FUNCTION public.normalise_critic_score(scale text, raw text) IS 'Raw score on an outlet scale -> 0-100 (null for no score); raises on a value the scale does not allow. Mirrors normaliseScore() in src/lib/scores/scores.ts.';


--
-- Name: notify_outlet_followers(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.notify_outlet_followers() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.notify_outlet_followers() OWNER TO postgres;

--
-- Name: outlets_mirror_owner(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.outlets_mirror_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.owner_id is not null then
    insert into public.outlet_owners (outlet_id, user_id) values (new.id, new.owner_id) on conflict do nothing;
  end if;
  return null;
end
$$;


ALTER FUNCTION public.outlets_mirror_owner() OWNER TO postgres;

--
-- Name: outlets_threshold_changed(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.outlets_threshold_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.critic_reviews r set recommended = r.score >= new.recommendation_threshold
  where r.outlet_id = new.id and r.score is not null and r.kind = 'review';
  return null;
end
$$;


ALTER FUNCTION public.outlets_threshold_changed() OWNER TO postgres;

--
-- Name: popular_list_window(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.popular_list_window() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select interval '30 days' $$;


ALTER FUNCTION public.popular_list_window() OWNER TO postgres;

--
-- Name: profile_is_readable(uuid); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.profile_is_readable(p_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select p_id = (select auth.uid())
      or not exists (select 1 from public.profile_settings s where s.user_id = p_id and s.is_private)
$$;


ALTER FUNCTION public.profile_is_readable(p_id uuid) OWNER TO postgres;

--
-- Name: rebuild_game_critic_stats(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.rebuild_game_critic_stats() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.rebuild_game_critic_stats() OWNER TO postgres;

--
-- Name: rebuild_game_user_scores(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.rebuild_game_user_scores() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.rebuild_game_user_scores() OWNER TO postgres;

--
-- Name: rebuild_library_counts(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.rebuild_library_counts() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.rebuild_library_counts() OWNER TO postgres;

--
-- Name: rebuild_outlet_critic_stats(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.rebuild_outlet_critic_stats() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.rebuild_outlet_critic_stats() OWNER TO postgres;

--
-- Name: refill_similar_games(integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.refill_similar_games(p_max integer) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.refill_similar_games(p_max integer) OWNER TO postgres;

--
-- Name: release_due_critic_reviews(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.release_due_critic_reviews() RETURNS timestamp with time zone
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  next_due timestamptz;
begin
  perform public.release_embargoed_critic_reviews();
  select min(published_at) into next_due from public.critic_reviews where not counted;
  return next_due;
end
$$;


ALTER FUNCTION public.release_due_critic_reviews() OWNER TO postgres;

--
-- Name: FUNCTION release_due_critic_reviews(); Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON FUNCTION public.release_due_critic_reviews() IS 'Adds reviews whose embargo has lifted to the aggregate; returns the next embargo time.';


--
-- Name: release_embargoed_critic_reviews(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.release_embargoed_critic_reviews() RETURNS TABLE(game_id integer, outlet_id integer, author_id integer)
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update public.critic_reviews r set counted = true
  where not r.counted and r.published_at <= now()
  returning r.game_id, r.outlet_id, r.author_id;
$$;


ALTER FUNCTION public.release_embargoed_critic_reviews() OWNER TO postgres;

--
-- Name: FUNCTION release_embargoed_critic_reviews(); Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON FUNCTION public.release_embargoed_critic_reviews() IS 'Adds reviews whose embargo has lifted to the aggregate and returns their game, outlet and author. Called by the release-critic-embargoes job.';


--
-- Name: reverse_xp(uuid, text, text, integer[], boolean); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.reverse_xp(p_user uuid, p_kind text, p_source text, p_levels integer[], p_milestone boolean DEFAULT false) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.reverse_xp(p_user uuid, p_kind text, p_source text, p_levels integer[], p_milestone boolean) OWNER TO postgres;

--
-- Name: set_updated_at(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.updated_at := now();
  return new;
end
$$;


ALTER FUNCTION public.set_updated_at() OWNER TO postgres;

--
-- Name: similar_games(integer, integer, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.similar_games(p_game_id integer, p_limit integer DEFAULT 6, p_pool integer DEFAULT 15) RETURNS TABLE(game_id integer, score integer, shared_genres integer, shared_developers integer, shared_publishers integer, shared_platforms integer)
    LANGUAGE plpgsql STABLE ROWS 12
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
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


ALTER FUNCTION public.similar_games(p_game_id integer, p_limit integer, p_pool integer) OWNER TO postgres;

--
-- Name: FUNCTION similar_games(p_game_id integer, p_limit integer, p_pool integer); Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON FUNCTION public.similar_games(p_game_id integer, p_limit integer, p_pool integer) IS 'The games most similar to a game, by shared developers (4), genres (3), publishers (2) and platforms (1); candidates bounded by p_pool per platform.';


--
-- Name: similar_games_kept_shape(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.similar_games_kept_shape(OUT size integer, OUT pool integer) RETURNS record
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select 6, 10 $$;


ALTER FUNCTION public.similar_games_kept_shape(OUT size integer, OUT pool integer) OWNER TO postgres;

--
-- Name: similar_games_on_developers(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.similar_games_on_developers() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.similar_games_on_developers() OWNER TO postgres;

--
-- Name: similar_games_on_genres(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.similar_games_on_genres() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.similar_games_on_genres() OWNER TO postgres;

--
-- Name: similar_games_on_platforms(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.similar_games_on_platforms() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.similar_games_on_platforms() OWNER TO postgres;

--
-- Name: similar_games_on_publishers(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.similar_games_on_publishers() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.similar_games_on_publishers() OWNER TO postgres;

--
-- Name: similar_games_on_release_date(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.similar_games_on_release_date() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform public.mark_similar_games_stale(array[new.id], true);
  return null;
end
$$;


ALTER FUNCTION public.similar_games_on_release_date() OWNER TO postgres;

--
-- Name: sync_notification_inbox(uuid, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.sync_notification_inbox(p_user uuid, p_hours integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.sync_notification_inbox(p_user uuid, p_hours integer) OWNER TO postgres;

--
-- Name: title_words(text); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.title_words(title text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(distinct word order by word), '{}')
  from regexp_split_to_table(lower(title), '[^[:alnum:]]+') as word
  where word <> ''
$$;


ALTER FUNCTION public.title_words(title text) OWNER TO postgres;

--
-- Name: FUNCTION title_words(title text); Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON FUNCTION public.title_words(title text) IS 'Words of a title for search: lower-cased, split on anything not a letter or digit, sorted and distinct.';


--
-- Name: user_list_entries_count(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.user_list_entries_count() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    update public.user_lists set entries_count = entries_count + 1 where id = new.list_id;
  elsif tg_op = 'DELETE' then
    update public.user_lists set entries_count = entries_count - 1 where id = old.list_id;
  end if;
  return null;
end
$$;


ALTER FUNCTION public.user_list_entries_count() OWNER TO postgres;

--
-- Name: user_list_likes_count(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.user_list_likes_count() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.user_list_likes_count() OWNER TO postgres;

--
-- Name: user_list_likes_window(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.user_list_likes_window() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.in_window := new.created_at > now() - public.popular_list_window();
  return new;
end
$$;


ALTER FUNCTION public.user_list_likes_window() OWNER TO postgres;

--
-- Name: user_review_votes_count(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.user_review_votes_count() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    update public.user_reviews set helpful_count = helpful_count + 1 where id = new.review_id;
  else
    update public.user_reviews set helpful_count = helpful_count - 1 where id = old.review_id;
  end if;
  return null;
end
$$;


ALTER FUNCTION public.user_review_votes_count() OWNER TO postgres;

--
-- Name: user_review_windows_changed(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.user_review_windows_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.user_reviews r set counted = r.counted
   where r.game_id = new.game_id and r.created_at >= new.starts_at and r.created_at < new.ends_at;
  return null;
end
$$;


ALTER FUNCTION public.user_review_windows_changed() OWNER TO postgres;

--
-- Name: user_reviews_aggregate(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.user_reviews_aggregate() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.user_reviews_aggregate() OWNER TO postgres;

--
-- Name: user_reviews_platform_counts(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.user_reviews_platform_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.user_reviews_platform_counts() OWNER TO postgres;

--
-- Name: user_reviews_prepare(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.user_reviews_prepare() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.user_reviews_prepare() OWNER TO postgres;

--
-- Name: write_outlet_review_notifications(uuid[], timestamp with time zone); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.write_outlet_review_notifications(p_users uuid[], p_after timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.write_outlet_review_notifications(p_users uuid[], p_after timestamp with time zone) OWNER TO postgres;

--
-- Name: write_review_notifications_to_followers(bigint); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.write_review_notifications_to_followers(p_review bigint) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION public.write_review_notifications_to_followers(p_review bigint) OWNER TO postgres;

--
-- Name: send(jsonb, text, text, boolean); Type: FUNCTION; Schema: realtime; Owner: supabase_realtime_admin
--

CREATE FUNCTION realtime.send(payload jsonb, event text, topic text, private boolean DEFAULT true) RETURNS void
    LANGUAGE plpgsql
    AS $$
declare
  generated_id uuid := gen_random_uuid();
begin
  begin
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(generated_id)) end,
      event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;


ALTER FUNCTION realtime.send(payload jsonb, event text, topic text, private boolean) OWNER TO supabase_realtime_admin;

--
-- Name: topic(); Type: FUNCTION; Schema: realtime; Owner: supabase_realtime_admin
--

CREATE FUNCTION realtime.topic() RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;


ALTER FUNCTION realtime.topic() OWNER TO supabase_realtime_admin;

--
-- Name: extension(text); Type: FUNCTION; Schema: storage; Owner: supabase_storage_admin
--

CREATE FUNCTION storage.extension(name text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    AS $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return reverse(split_part(reverse(parts[array_length(parts, 1)]), '.', 1));
end
$$;


ALTER FUNCTION storage.extension(name text) OWNER TO supabase_storage_admin;

--
-- Name: filename(text); Type: FUNCTION; Schema: storage; Owner: supabase_storage_admin
--

CREATE FUNCTION storage.filename(name text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    AS $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[array_length(parts, 1)];
end
$$;


ALTER FUNCTION storage.filename(name text) OWNER TO supabase_storage_admin;

--
-- Name: foldername(text); Type: FUNCTION; Schema: storage; Owner: supabase_storage_admin
--

CREATE FUNCTION storage.foldername(name text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE
    AS $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[1 : array_length(parts, 1) - 1];
end
$$;


ALTER FUNCTION storage.foldername(name text) OWNER TO supabase_storage_admin;

--
-- Name: operation(); Type: FUNCTION; Schema: storage; Owner: supabase_storage_admin
--

CREATE FUNCTION storage.operation() RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$
begin
  return current_setting('storage.operation', true);
end
$$;


ALTER FUNCTION storage.operation() OWNER TO supabase_storage_admin;

--
-- Name: protect_delete(); Type: FUNCTION; Schema: storage; Owner: supabase_storage_admin
--

CREATE FUNCTION storage.protect_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;


ALTER FUNCTION storage.protect_delete() OWNER TO supabase_storage_admin;

--
-- Name: update_updated_at_column(); Type: FUNCTION; Schema: storage; Owner: supabase_storage_admin
--

CREATE FUNCTION storage.update_updated_at_column() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.updated_at = now();
  return new;
end
$$;


ALTER FUNCTION storage.update_updated_at_column() OWNER TO supabase_storage_admin;

--
-- Name: admin_audit_log; Type: TABLE; Schema: app_meta; Owner: postgres
--

CREATE TABLE app_meta.admin_audit_log (
    id bigint NOT NULL,
    admin_id uuid,
    action text NOT NULL,
    subject_type text NOT NULL,
    subject_id text NOT NULL,
    before jsonb,
    after jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT admin_audit_log_action_format CHECK ((action ~ '^[a-z][a-z_.]{1,63}$'::text)),
    CONSTRAINT admin_audit_log_subject_id_length CHECK (((char_length(subject_id) >= 1) AND (char_length(subject_id) <= 200))),
    CONSTRAINT admin_audit_log_subject_type_format CHECK ((subject_type ~ '^[a-z][a-z_]{1,31}$'::text))
);


ALTER TABLE app_meta.admin_audit_log OWNER TO postgres;

--
-- Name: TABLE admin_audit_log; Type: COMMENT; Schema: app_meta; Owner: postgres
--

COMMENT ON TABLE app_meta.admin_audit_log IS 'One row per admin action, shown on /admin/database-admin.';


--
-- Name: admin_audit_log_id_seq; Type: SEQUENCE; Schema: app_meta; Owner: postgres
--

ALTER TABLE app_meta.admin_audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME app_meta.admin_audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: admins; Type: TABLE; Schema: app_meta; Owner: postgres
--

CREATE TABLE app_meta.admins (
    user_id uuid NOT NULL,
    granted_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE app_meta.admins OWNER TO postgres;

--
-- Name: TABLE admins; Type: COMMENT; Schema: app_meta; Owner: postgres
--

COMMENT ON TABLE app_meta.admins IS 'Users with the admin role; written only by npm run admin, never exposed as data.';


--
-- Name: auth_rate_limits; Type: TABLE; Schema: app_meta; Owner: postgres
--

CREATE TABLE app_meta.auth_rate_limits (
    bucket text NOT NULL,
    key text NOT NULL,
    tokens double precision NOT NULL,
    allowed boolean NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    CONSTRAINT auth_rate_limits_key_is_hash CHECK ((key ~ '^[0-9a-f]{64}$'::text))
);


ALTER TABLE app_meta.auth_rate_limits OWNER TO postgres;

--
-- Name: TABLE auth_rate_limits; Type: COMMENT; Schema: app_meta; Owner: postgres
--

COMMENT ON TABLE app_meta.auth_rate_limits IS 'Auth rate-limit counters shared by every server; expired rows are deleted by a scheduled job.';


--
-- Name: data_loads; Type: TABLE; Schema: app_meta; Owner: postgres
--

CREATE TABLE app_meta.data_loads (
    name text NOT NULL,
    detail jsonb DEFAULT '{}'::jsonb NOT NULL,
    loaded_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE app_meta.data_loads OWNER TO postgres;

--
-- Name: job_runs; Type: TABLE; Schema: app_meta; Owner: postgres
--

CREATE TABLE app_meta.job_runs (
    name text NOT NULL,
    last_started_at timestamp with time zone,
    last_finished_at timestamp with time zone,
    last_failed_at timestamp with time zone,
    last_error text,
    CONSTRAINT job_runs_error_length CHECK ((char_length(last_error) <= 1000)),
    CONSTRAINT job_runs_name_format CHECK ((name ~ '^[a-z][a-z0-9-]{0,62}$'::text))
);


ALTER TABLE app_meta.job_runs OWNER TO postgres;

--
-- Name: TABLE job_runs; Type: COMMENT; Schema: app_meta; Owner: postgres
--

COMMENT ON TABLE app_meta.job_runs IS 'When each scheduled job last started, finished and failed (with its error), written by the job runner under the job''s advisory lock.';


--
-- Name: schema_migrations; Type: TABLE; Schema: app_meta; Owner: postgres
--

CREATE TABLE app_meta.schema_migrations (
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE app_meta.schema_migrations OWNER TO postgres;

--
-- Name: audit_log_entries; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.audit_log_entries (
    instance_id uuid,
    id uuid NOT NULL,
    payload json,
    created_at timestamp with time zone,
    ip_address character varying(64) DEFAULT ''::character varying NOT NULL
);


ALTER TABLE auth.audit_log_entries OWNER TO supabase_auth_admin;

--
-- Name: flow_state; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.flow_state (
    id uuid NOT NULL,
    user_id uuid,
    auth_code text NOT NULL,
    code_challenge_method auth.code_challenge_method NOT NULL,
    code_challenge text NOT NULL,
    provider_type text NOT NULL,
    provider_access_token text,
    provider_refresh_token text,
    created_at timestamp with time zone,
    updated_at timestamp with time zone,
    authentication_method text NOT NULL,
    auth_code_issued_at timestamp with time zone
);


ALTER TABLE auth.flow_state OWNER TO supabase_auth_admin;

--
-- Name: identities; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.identities (
    provider_id text NOT NULL,
    user_id uuid NOT NULL,
    identity_data jsonb NOT NULL,
    provider text NOT NULL,
    last_sign_in_at timestamp with time zone,
    created_at timestamp with time zone,
    updated_at timestamp with time zone,
    email text GENERATED ALWAYS AS (lower((identity_data ->> 'email'::text))) STORED,
    id uuid DEFAULT gen_random_uuid() NOT NULL
);


ALTER TABLE auth.identities OWNER TO supabase_auth_admin;

--
-- Name: instances; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.instances (
    id uuid NOT NULL,
    uuid uuid,
    raw_base_config text,
    created_at timestamp with time zone,
    updated_at timestamp with time zone
);


ALTER TABLE auth.instances OWNER TO supabase_auth_admin;

--
-- Name: mfa_amr_claims; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.mfa_amr_claims (
    session_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    authentication_method text NOT NULL,
    id uuid NOT NULL
);


ALTER TABLE auth.mfa_amr_claims OWNER TO supabase_auth_admin;

--
-- Name: mfa_challenges; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.mfa_challenges (
    id uuid NOT NULL,
    factor_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    verified_at timestamp with time zone,
    ip_address inet NOT NULL,
    otp_code text,
    web_authn_session_data jsonb
);


ALTER TABLE auth.mfa_challenges OWNER TO supabase_auth_admin;

--
-- Name: mfa_factors; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.mfa_factors (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    friendly_name text,
    factor_type auth.factor_type NOT NULL,
    status auth.factor_status NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    secret text,
    phone text,
    last_challenged_at timestamp with time zone,
    web_authn_credential jsonb,
    web_authn_aaguid uuid
);


ALTER TABLE auth.mfa_factors OWNER TO supabase_auth_admin;

--
-- Name: one_time_tokens; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.one_time_tokens (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    token_type auth.one_time_token_type NOT NULL,
    token_hash text NOT NULL,
    relates_to text NOT NULL,
    created_at timestamp without time zone DEFAULT now() NOT NULL,
    updated_at timestamp without time zone DEFAULT now() NOT NULL,
    CONSTRAINT one_time_tokens_token_hash_check CHECK ((char_length(token_hash) > 0))
);


ALTER TABLE auth.one_time_tokens OWNER TO supabase_auth_admin;

--
-- Name: refresh_tokens; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.refresh_tokens (
    instance_id uuid,
    id bigint NOT NULL,
    token character varying(255),
    user_id character varying(255),
    revoked boolean,
    created_at timestamp with time zone,
    updated_at timestamp with time zone,
    parent character varying(255),
    session_id uuid
);


ALTER TABLE auth.refresh_tokens OWNER TO supabase_auth_admin;

--
-- Name: refresh_tokens_id_seq; Type: SEQUENCE; Schema: auth; Owner: supabase_auth_admin
--

CREATE SEQUENCE auth.refresh_tokens_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER TABLE auth.refresh_tokens_id_seq OWNER TO supabase_auth_admin;

--
-- Name: refresh_tokens_id_seq; Type: SEQUENCE OWNED BY; Schema: auth; Owner: supabase_auth_admin
--

ALTER SEQUENCE auth.refresh_tokens_id_seq OWNED BY auth.refresh_tokens.id;


--
-- Name: schema_migrations; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.schema_migrations (
    version character varying(255) NOT NULL
);


ALTER TABLE auth.schema_migrations OWNER TO supabase_auth_admin;

--
-- Name: sessions; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.sessions (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone,
    updated_at timestamp with time zone,
    factor_id uuid,
    aal auth.aal_level,
    not_after timestamp with time zone,
    refreshed_at timestamp without time zone,
    user_agent text,
    ip inet,
    tag text
);


ALTER TABLE auth.sessions OWNER TO supabase_auth_admin;

--
-- Name: users; Type: TABLE; Schema: auth; Owner: supabase_auth_admin
--

CREATE TABLE auth.users (
    instance_id uuid,
    id uuid NOT NULL,
    aud character varying(255),
    role character varying(255),
    email character varying(255),
    encrypted_password character varying(255),
    email_confirmed_at timestamp with time zone,
    invited_at timestamp with time zone,
    confirmation_token character varying(255),
    confirmation_sent_at timestamp with time zone,
    recovery_token character varying(255),
    recovery_sent_at timestamp with time zone,
    email_change_token_new character varying(255),
    email_change character varying(255),
    email_change_sent_at timestamp with time zone,
    last_sign_in_at timestamp with time zone,
    raw_app_meta_data jsonb,
    raw_user_meta_data jsonb,
    is_super_admin boolean,
    created_at timestamp with time zone,
    updated_at timestamp with time zone,
    phone text,
    phone_confirmed_at timestamp with time zone,
    phone_change text DEFAULT ''::text,
    phone_change_token character varying(255) DEFAULT ''::character varying,
    phone_change_sent_at timestamp with time zone,
    confirmed_at timestamp with time zone GENERATED ALWAYS AS (LEAST(email_confirmed_at, phone_confirmed_at)) STORED,
    email_change_token_current character varying(255) DEFAULT ''::character varying,
    email_change_confirm_status smallint DEFAULT 0,
    banned_until timestamp with time zone,
    reauthentication_token character varying(255) DEFAULT ''::character varying,
    reauthentication_sent_at timestamp with time zone,
    is_sso_user boolean DEFAULT false NOT NULL,
    deleted_at timestamp with time zone,
    is_anonymous boolean DEFAULT false NOT NULL,
    CONSTRAINT users_email_change_confirm_status_check CHECK (((email_change_confirm_status >= 0) AND (email_change_confirm_status <= 2)))
);


ALTER TABLE auth.users OWNER TO supabase_auth_admin;

--
-- Name: activity_events; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.activity_events (
    id bigint NOT NULL,
    actor_id uuid NOT NULL,
    kind text NOT NULL,
    subject_type text NOT NULL,
    subject_id text NOT NULL,
    target_user_id uuid,
    game_id integer,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    is_public boolean DEFAULT true NOT NULL,
    dedupe_key text,
    retracted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT activity_events_data_object CHECK ((jsonb_typeof(data) = 'object'::text)),
    CONSTRAINT activity_events_data_size CHECK ((pg_column_size(data) <= 2048)),
    CONSTRAINT activity_events_dedupe_key_length CHECK (((char_length(dedupe_key) >= 1) AND (char_length(dedupe_key) <= 200))),
    CONSTRAINT activity_events_subject_id_length CHECK (((char_length(subject_id) >= 1) AND (char_length(subject_id) <= 64))),
    CONSTRAINT activity_events_subject_type_format CHECK ((subject_type ~ '^[a-z][a-z_]{1,31}$'::text))
);


ALTER TABLE public.activity_events OWNER TO postgres;

--
-- Name: TABLE activity_events; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.activity_events IS 'One row per community action, written in the transaction of the action; XP, notifications and feeds derive from it.';


--
-- Name: activity_events_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.activity_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.activity_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: activity_kinds; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.activity_kinds (
    kind text NOT NULL,
    description text NOT NULL,
    CONSTRAINT activity_kinds_description_length CHECK (((char_length(description) >= 1) AND (char_length(description) <= 200))),
    CONSTRAINT activity_kinds_kind_format CHECK ((kind ~ '^[a-z][a-z0-9_]{1,47}$'::text))
);


ALTER TABLE public.activity_kinds OWNER TO postgres;

--
-- Name: TABLE activity_kinds; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.activity_kinds IS 'The kinds of community activity the site records; one row per kind.';


--
-- Name: analytics_events; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.analytics_events (
    id bigint NOT NULL,
    occurred_at timestamp with time zone DEFAULT now() NOT NULL,
    name text NOT NULL,
    path text NOT NULL,
    referrer_host text,
    outbound_url text,
    device text NOT NULL,
    visitor_hash text NOT NULL,
    props jsonb,
    revenue_cents bigint,
    revenue_currency character(3),
    CONSTRAINT analytics_events_device_known CHECK ((device = ANY (ARRAY['mobile'::text, 'tablet'::text, 'laptop'::text, 'desktop'::text, 'unknown'::text]))),
    CONSTRAINT analytics_events_name_length CHECK (((char_length(name) >= 1) AND (char_length(name) <= 120))),
    CONSTRAINT analytics_events_outbound_length CHECK ((char_length(outbound_url) <= 2000)),
    CONSTRAINT analytics_events_path_length CHECK (((char_length(path) >= 1) AND (char_length(path) <= 2000))),
    CONSTRAINT analytics_events_props_size CHECK (((props IS NULL) OR (octet_length((props)::text) <= 2048))),
    CONSTRAINT analytics_events_referrer_length CHECK ((char_length(referrer_host) <= 255)),
    CONSTRAINT analytics_events_visitor_hash_format CHECK ((visitor_hash ~ '^[0-9a-f]{32}$'::text))
);


ALTER TABLE public.analytics_events OWNER TO postgres;

--
-- Name: TABLE analytics_events; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.analytics_events IS 'Page views and outbound clicks, without cookies or addresses; visitor_hash rotates daily.';


--
-- Name: analytics_events_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.analytics_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.analytics_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: analytics_salts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.analytics_salts (
    day date NOT NULL,
    salt text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT analytics_salts_salt_length CHECK ((salt ~ '^[0-9a-f]{64}$'::text))
);


ALTER TABLE public.analytics_salts OWNER TO postgres;

--
-- Name: TABLE analytics_salts; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.analytics_salts IS 'One random salt per UTC day for visitor hashes; older than yesterday is deleted.';


--
-- Name: author_applications; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.author_applications (
    id bigint NOT NULL,
    outlet_id integer NOT NULL,
    user_id uuid NOT NULL,
    name text NOT NULL,
    message text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    resolved_at timestamp with time zone,
    CONSTRAINT author_applications_message_length CHECK ((char_length(message) <= 1000)),
    CONSTRAINT author_applications_name_length CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 100)))
);


ALTER TABLE public.author_applications OWNER TO postgres;

--
-- Name: TABLE author_applications; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.author_applications IS 'Requests to write for an outlet, shown to its owners.';


--
-- Name: author_applications_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.author_applications ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.author_applications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: author_tokens; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.author_tokens (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    purpose text NOT NULL,
    token_hash text NOT NULL,
    outlet_id integer,
    author_id integer,
    email text,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    used_by uuid,
    revoked_at timestamp with time zone,
    CONSTRAINT author_tokens_author_shape CHECK (((purpose = 'invite'::text) OR (author_id IS NOT NULL))),
    CONSTRAINT author_tokens_email_length CHECK ((char_length(email) <= 254)),
    CONSTRAINT author_tokens_hash_format CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT author_tokens_invite_shape CHECK (((purpose <> 'invite'::text) OR ((outlet_id IS NOT NULL) AND (email IS NOT NULL)))),
    CONSTRAINT author_tokens_purpose CHECK ((purpose = ANY (ARRAY['invite'::text, 'link'::text, 'verify'::text])))
);


ALTER TABLE public.author_tokens OWNER TO postgres;

--
-- Name: TABLE author_tokens; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.author_tokens IS 'Single-use links mailed to authors: only the SHA-256 of the token is stored; valid until expires_at (7 days), once.';


--
-- Name: authors; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.authors (
    id integer NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    bio text,
    avatar_url text,
    user_id uuid,
    is_demo boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    contact_email text,
    contact_email_verified_at timestamp with time zone,
    links text[] DEFAULT '{}'::text[] NOT NULL,
    CONSTRAINT authors_avatar_url_http CHECK ((avatar_url ~ '^https?://'::text)),
    CONSTRAINT authors_bio_length CHECK ((char_length(bio) <= 500)),
    CONSTRAINT authors_contact_email_length CHECK ((char_length(contact_email) <= 254)),
    CONSTRAINT authors_links_count CHECK ((cardinality(links) <= 5)),
    CONSTRAINT authors_name_length CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 100))),
    CONSTRAINT authors_slug_format CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (char_length(slug) <= 100)))
);


ALTER TABLE public.authors OWNER TO postgres;

--
-- Name: TABLE authors; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.authors IS 'Critics who write reviews; the public page is /authors/{id}/{slug}.';


--
-- Name: COLUMN authors.slug; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.authors.slug IS 'Name part of the author URL. Not unique: the id identifies the author, and a wrong or old slug redirects to the current one.';


--
-- Name: COLUMN authors.user_id; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.authors.user_id IS 'The site account this author signs in with, when linked.';


--
-- Name: COLUMN authors.is_demo; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.authors.is_demo IS 'Invented for the demo data.';


--
-- Name: COLUMN authors.contact_email; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.authors.contact_email IS 'Where the outlet reaches the author; private. Verified through /author/verify/{token}.';


--
-- Name: COLUMN authors.links; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.authors.links IS 'Up to 5 public http(s) links (the author''s site, social profiles).';


--
-- Name: authors_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.authors ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.authors_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: billing_customers; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.billing_customers (
    user_id uuid NOT NULL,
    stripe_customer_id text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT billing_customers_id_length CHECK (((char_length(stripe_customer_id) >= 1) AND (char_length(stripe_customer_id) <= 255)))
);


ALTER TABLE public.billing_customers OWNER TO postgres;

--
-- Name: TABLE billing_customers; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.billing_customers IS 'The Stripe customer of each user who has started a checkout.';


--
-- Name: billing_invoices; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.billing_invoices (
    id text NOT NULL,
    user_id uuid NOT NULL,
    stripe_subscription_id text,
    status text NOT NULL,
    amount_cents integer NOT NULL,
    currency character(3) NOT NULL,
    hosted_invoice_url text,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT billing_invoices_amount CHECK ((amount_cents >= 0)),
    CONSTRAINT billing_invoices_status CHECK ((status = ANY (ARRAY['paid'::text, 'payment_failed'::text]))),
    CONSTRAINT billing_invoices_url_length CHECK ((char_length(hosted_invoice_url) <= 2000))
);


ALTER TABLE public.billing_invoices OWNER TO postgres;

--
-- Name: TABLE billing_invoices; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.billing_invoices IS 'Invoices of each user''s subscriptions, written from verified webhooks.';


--
-- Name: collection_games; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.collection_games (
    collection_id integer NOT NULL,
    game_id integer NOT NULL,
    "position" integer NOT NULL,
    note text,
    CONSTRAINT collection_games_note_length CHECK ((char_length(note) <= 500)),
    CONSTRAINT collection_games_position_positive CHECK (("position" >= 1))
);


ALTER TABLE public.collection_games OWNER TO postgres;

--
-- Name: COLUMN collection_games."position"; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.collection_games."position" IS 'Order within the collection, from 1; unique per collection.';


--
-- Name: collections; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.collections (
    id integer NOT NULL,
    slug text NOT NULL,
    title text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    is_demo boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT collections_description_length CHECK ((char_length(description) <= 2000)),
    CONSTRAINT collections_slug_format CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (char_length(slug) <= 80))),
    CONSTRAINT collections_title_length CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 120)))
);


ALTER TABLE public.collections OWNER TO postgres;

--
-- Name: TABLE collections; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.collections IS 'Curated, ordered sets of games.';


--
-- Name: COLUMN collections.is_demo; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.collections.is_demo IS 'Written for the demo data.';


--
-- Name: collections_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.collections ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.collections_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: companies; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.companies (
    id integer NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    CONSTRAINT companies_name_not_blank CHECK ((btrim(name) <> ''::text)),
    CONSTRAINT companies_slug_format CHECK ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text))
);


ALTER TABLE public.companies OWNER TO postgres;

--
-- Name: companies_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.companies ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.companies_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: contact_messages; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.contact_messages (
    id bigint NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    topic text NOT NULL,
    message text NOT NULL,
    user_id uuid,
    sender_hash text NOT NULL,
    emailed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT contact_messages_email_length CHECK (((char_length(email) >= 3) AND (char_length(email) <= 254))),
    CONSTRAINT contact_messages_message_length CHECK (((char_length(message) >= 1) AND (char_length(message) <= 5000))),
    CONSTRAINT contact_messages_name_length CHECK (((char_length(name) >= 1) AND (char_length(name) <= 100))),
    CONSTRAINT contact_messages_sender_hash_format CHECK ((sender_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT contact_messages_topic_known CHECK ((topic = ANY (ARRAY['general'::text, 'support'::text, 'feedback'::text, 'press'::text, 'privacy'::text, 'outlets'::text])))
);


ALTER TABLE public.contact_messages OWNER TO postgres;

--
-- Name: TABLE contact_messages; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.contact_messages IS 'Messages sent through /contact; read by administrators.';


--
-- Name: COLUMN contact_messages.sender_hash; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.contact_messages.sender_hash IS 'Peppered SHA-256 of the client address: rate limit only, never the address.';


--
-- Name: contact_messages_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.contact_messages ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.contact_messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: critic_review_drafts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.critic_review_drafts (
    id bigint NOT NULL,
    outlet_id integer NOT NULL,
    game_id integer NOT NULL,
    author_id integer,
    kind text DEFAULT 'review'::text NOT NULL,
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
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT critic_review_drafts_excerpt_length CHECK ((char_length(excerpt) <= 600)),
    CONSTRAINT critic_review_drafts_headline_length CHECK ((char_length(headline) <= 200)),
    CONSTRAINT critic_review_drafts_kind CHECK ((kind = ANY (ARRAY['review'::text, 'preview'::text]))),
    CONSTRAINT critic_review_drafts_raw_score_length CHECK ((char_length(raw_score) <= 5)),
    CONSTRAINT critic_review_drafts_time_zone_length CHECK ((char_length(time_zone) <= 64)),
    CONSTRAINT critic_review_drafts_url_http CHECK (((url ~ '^https?://'::text) AND (char_length(url) <= 500))),
    CONSTRAINT critic_review_drafts_verdict_length CHECK ((char_length(verdict) <= 140))
);


ALTER TABLE public.critic_review_drafts OWNER TO postgres;

--
-- Name: TABLE critic_review_drafts; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.critic_review_drafts IS 'Critic reviews being written: seen only by the outlet''s owners and the draft''s author; publishing moves the row into critic_reviews.';


--
-- Name: COLUMN critic_review_drafts.publish_at; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_review_drafts.publish_at IS 'The publish time planned for it (an embargo when in the future), applied when it is published.';


--
-- Name: critic_review_drafts_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.critic_review_drafts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.critic_review_drafts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: critic_reviews; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.critic_reviews (
    id bigint NOT NULL,
    game_id integer NOT NULL,
    outlet_id integer NOT NULL,
    author_id integer,
    kind text DEFAULT 'review'::text NOT NULL,
    score_scale text NOT NULL,
    raw_score text,
    score smallint GENERATED ALWAYS AS (public.normalise_critic_score(score_scale, raw_score)) STORED,
    recommended boolean,
    verdict text,
    excerpt text,
    url text,
    platform_id integer,
    published_at timestamp with time zone NOT NULL,
    counted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    time_zone text,
    score_updated_at timestamp with time zone,
    headline text,
    CONSTRAINT critic_reviews_excerpt_length CHECK ((char_length(excerpt) <= 1000)),
    CONSTRAINT critic_reviews_headline_length CHECK ((char_length(headline) <= 200)),
    CONSTRAINT critic_reviews_kind CHECK ((kind = ANY (ARRAY['review'::text, 'preview'::text]))),
    CONSTRAINT critic_reviews_preview_unscored CHECK (((kind = 'review'::text) OR (raw_score IS NULL))),
    CONSTRAINT critic_reviews_review_has_verdict CHECK (((kind = 'preview'::text) OR (recommended IS NOT NULL))),
    CONSTRAINT critic_reviews_score_scale CHECK ((score_scale = ANY (ARRAY['hundred'::text, 'ten'::text, 'stars'::text, 'letter'::text, 'unscored'::text]))),
    CONSTRAINT critic_reviews_time_zone_length CHECK ((char_length(time_zone) <= 64)),
    CONSTRAINT critic_reviews_url_http CHECK ((url ~ '^https?://'::text)),
    CONSTRAINT critic_reviews_verdict_length CHECK ((char_length(verdict) <= 140))
);


ALTER TABLE public.critic_reviews OWNER TO postgres;

--
-- Name: TABLE critic_reviews; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.critic_reviews IS 'Critic reviews and previews. Invisible to everyone but the outlet before published_at (the embargo).';


--
-- Name: COLUMN critic_reviews.score_scale; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_reviews.score_scale IS 'Scale the raw score was given on (the outlet''s scale at the time; filled from the outlet when omitted).';


--
-- Name: COLUMN critic_reviews.raw_score; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_reviews.raw_score IS 'The score exactly as the outlet gave it (87, 8.5, 4.5, B+), or null for an unscored review or a preview.';


--
-- Name: COLUMN critic_reviews.score; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_reviews.score IS 'The raw score normalised to 0-100; computed by the database, never written.';


--
-- Name: COLUMN critic_reviews.recommended; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_reviews.recommended IS 'Does the review recommend the game? For a scored review, set by the database: score >= the outlet''s threshold. For an unscored review, the outlet''s verdict. Null for previews.';


--
-- Name: COLUMN critic_reviews.platform_id; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_reviews.platform_id IS 'The platform the critic played on, when stated.';


--
-- Name: COLUMN critic_reviews.published_at; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_reviews.published_at IS 'Embargo: the review is public from this moment on.';


--
-- Name: COLUMN critic_reviews.counted; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_reviews.counted IS 'Whether the row is included in game_critic_stats: published_at <= now() when last written, or set by release_due_critic_reviews() once the embargo passed. Maintained by triggers; writes to it are overridden.';


--
-- Name: COLUMN critic_reviews.time_zone; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_reviews.time_zone IS 'The IANA time zone the publish time was given in (shown back to the outlet).';


--
-- Name: COLUMN critic_reviews.score_updated_at; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_reviews.score_updated_at IS 'When a published score or verdict last changed; the public review says "updated" with this date because the aggregate changed.';


--
-- Name: COLUMN critic_reviews.headline; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.critic_reviews.headline IS 'The review''s title as the outlet published it.';


--
-- Name: critic_reviews_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.critic_reviews ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.critic_reviews_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: error_reports; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.error_reports (
    fingerprint text NOT NULL,
    source text NOT NULL,
    message text NOT NULL,
    stack text,
    route text NOT NULL,
    release text NOT NULL,
    count bigint DEFAULT 1 NOT NULL,
    first_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT error_reports_count_positive CHECK ((count >= 1)),
    CONSTRAINT error_reports_fingerprint_format CHECK ((fingerprint ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT error_reports_message_length CHECK (((char_length(message) >= 1) AND (char_length(message) <= 1000))),
    CONSTRAINT error_reports_release_length CHECK (((char_length(release) >= 1) AND (char_length(release) <= 100))),
    CONSTRAINT error_reports_route_length CHECK (((char_length(route) >= 1) AND (char_length(route) <= 500))),
    CONSTRAINT error_reports_source_known CHECK ((source = ANY (ARRAY['client'::text, 'server'::text]))),
    CONSTRAINT error_reports_stack_length CHECK ((char_length(stack) <= 8000))
);


ALTER TABLE public.error_reports OWNER TO postgres;

--
-- Name: TABLE error_reports; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.error_reports IS 'Client and server errors, scrubbed of personal data, counted per fingerprint; kept 30 days after last seen.';


--
-- Name: follow_counts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.follow_counts (
    subject_type text NOT NULL,
    subject_id text NOT NULL,
    followers integer DEFAULT 0 NOT NULL,
    following integer DEFAULT 0 NOT NULL,
    CONSTRAINT follow_counts_subject_type CHECK ((subject_type = ANY (ARRAY['outlet'::text, 'user'::text])))
);


ALTER TABLE public.follow_counts OWNER TO postgres;

--
-- Name: TABLE follow_counts; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.follow_counts IS 'Followers of each outlet and user, and how many players each user follows; kept by triggers.';


--
-- Name: game_card_links; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_card_links (
    game_id integer NOT NULL,
    platforms json DEFAULT '[]'::json NOT NULL,
    genres json DEFAULT '[]'::json NOT NULL
);


ALTER TABLE public.game_card_links OWNER TO postgres;

--
-- Name: TABLE game_card_links; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.game_card_links IS 'Each game''s platforms ({slug, name, abbreviation}, by release date then name) and genres ({slug, name}, by name) as its card shows them; rewritten by triggers on the links and names.';


--
-- Name: game_critic_stats; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_critic_stats (
    game_id integer NOT NULL,
    review_count integer DEFAULT 0 NOT NULL,
    scored_count integer DEFAULT 0 NOT NULL,
    score_sum integer DEFAULT 0 NOT NULL,
    recommended_count integer DEFAULT 0 NOT NULL,
    preview_count integer DEFAULT 0 NOT NULL,
    acclaimed_count integer DEFAULT 0 NOT NULL,
    favourable_count integer DEFAULT 0 NOT NULL,
    mixed_count integer DEFAULT 0 NOT NULL,
    unfavourable_count integer DEFAULT 0 NOT NULL,
    panned_count integer DEFAULT 0 NOT NULL,
    critic_score smallint GENERATED ALWAYS AS (
CASE
    WHEN (scored_count >= 4) THEN (round(((score_sum)::numeric / (scored_count)::numeric)))::smallint
    ELSE NULL::smallint
END) STORED,
    recommend_percent smallint GENERATED ALWAYS AS (
CASE
    WHEN (review_count > 0) THEN (round(((100.0 * (recommended_count)::numeric) / (review_count)::numeric)))::smallint
    ELSE NULL::smallint
END) STORED,
    CONSTRAINT game_critic_stats_counts_non_negative CHECK (((review_count >= 0) AND (scored_count >= 0) AND (score_sum >= 0) AND (recommended_count >= 0) AND (preview_count >= 0) AND (acclaimed_count >= 0) AND (favourable_count >= 0) AND (mixed_count >= 0) AND (unfavourable_count >= 0) AND (panned_count >= 0)))
);


ALTER TABLE public.game_critic_stats OWNER TO postgres;

--
-- Name: TABLE game_critic_stats; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.game_critic_stats IS 'Per-game sums over its published (counted) critic reviews, kept current by triggers on critic_reviews; rebuild_game_critic_stats() recomputes it from scratch.';


--
-- Name: COLUMN game_critic_stats.review_count; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.game_critic_stats.review_count IS 'Published reviews (not previews), scored or not.';


--
-- Name: COLUMN game_critic_stats.scored_count; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.game_critic_stats.scored_count IS 'Published reviews with a score.';


--
-- Name: COLUMN game_critic_stats.score_sum; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.game_critic_stats.score_sum IS 'Sum of the normalised scores of the scored reviews.';


--
-- Name: COLUMN game_critic_stats.recommended_count; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.game_critic_stats.recommended_count IS 'Published reviews that recommend the game, scored or not.';


--
-- Name: COLUMN game_critic_stats.critic_score; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.game_critic_stats.critic_score IS 'Plain mean of the normalised scores, rounded half up; null below 4 scored reviews (MIN_SCORED_REVIEWS in src/lib/scores/scores.ts).';


--
-- Name: COLUMN game_critic_stats.recommend_percent; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.game_critic_stats.recommend_percent IS 'Share of published reviews that recommend the game, rounded; counts every review.';


--
-- Name: game_developers; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_developers (
    game_id integer NOT NULL,
    company_id integer NOT NULL
);


ALTER TABLE public.game_developers OWNER TO postgres;

--
-- Name: game_genres; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_genres (
    game_id integer NOT NULL,
    genre_id integer NOT NULL
);


ALTER TABLE public.game_genres OWNER TO postgres;

--
-- Name: game_platforms; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_platforms (
    game_id integer NOT NULL,
    platform_id integer NOT NULL,
    release_date date
);


ALTER TABLE public.game_platforms OWNER TO postgres;

--
-- Name: COLUMN game_platforms.release_date; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.game_platforms.release_date IS 'Release date on this platform; null when not announced.';


--
-- Name: game_publishers; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_publishers (
    game_id integer NOT NULL,
    company_id integer NOT NULL
);


ALTER TABLE public.game_publishers OWNER TO postgres;

--
-- Name: game_request_votes; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_request_votes (
    request_id integer NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE public.game_request_votes OWNER TO postgres;

--
-- Name: TABLE game_request_votes; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.game_request_votes IS 'One "I want this too" per user and request; game_requests.votes_count keeps the total.';


--
-- Name: game_requests; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_requests (
    id integer NOT NULL,
    requester_id uuid NOT NULL,
    title text NOT NULL,
    platforms text[] DEFAULT '{}'::text[] NOT NULL,
    release_date date,
    developer text,
    publisher text,
    official_url text,
    reason text,
    status text DEFAULT 'pending'::text NOT NULL,
    resolution_reason text,
    duplicate_of_game_id integer,
    duplicate_of_request_id integer,
    game_id integer,
    resolved_by uuid,
    resolved_at timestamp with time zone,
    votes_count integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT game_requests_developer_length CHECK ((char_length(developer) <= 200)),
    CONSTRAINT game_requests_official_url_http CHECK (((official_url ~ '^https?://'::text) AND (char_length(official_url) <= 500))),
    CONSTRAINT game_requests_platforms_count CHECK ((cardinality(platforms) <= 20)),
    CONSTRAINT game_requests_publisher_length CHECK ((char_length(publisher) <= 200)),
    CONSTRAINT game_requests_reason_length CHECK ((char_length(reason) <= 1000)),
    CONSTRAINT game_requests_resolution_reason_length CHECK ((char_length(resolution_reason) <= 1000)),
    CONSTRAINT game_requests_resolved CHECK (((status = 'pending'::text) = (resolved_at IS NULL))),
    CONSTRAINT game_requests_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text, 'duplicate'::text]))),
    CONSTRAINT game_requests_title_length CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 200))),
    CONSTRAINT game_requests_votes_count_positive CHECK ((votes_count >= 0))
);


ALTER TABLE public.game_requests OWNER TO postgres;

--
-- Name: TABLE game_requests; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.game_requests IS 'Games users asked the site to add; administrators approve, reject or mark them duplicate.';


--
-- Name: game_requests_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.game_requests ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.game_requests_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: game_slug_redirects; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_slug_redirects (
    old_slug text NOT NULL,
    game_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT game_slug_redirects_slug_format CHECK (((old_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (char_length(old_slug) <= 120)))
);


ALTER TABLE public.game_slug_redirects OWNER TO postgres;

--
-- Name: TABLE game_slug_redirects; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.game_slug_redirects IS 'Slugs that no longer name a game and the game they lead to (301).';


--
-- Name: game_user_review_platforms; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_user_review_platforms (
    game_id integer NOT NULL,
    platform_id integer NOT NULL,
    review_count integer DEFAULT 0 NOT NULL,
    CONSTRAINT game_user_review_platforms_non_negative CHECK ((review_count >= 0))
);


ALTER TABLE public.game_user_review_platforms OWNER TO postgres;

--
-- Name: TABLE game_user_review_platforms; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.game_user_review_platforms IS 'Per game and platform, the visible user reviews naming it; kept by triggers on user_reviews, recounted by rebuild_game_user_scores().';


--
-- Name: game_user_scores; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.game_user_scores (
    game_id integer NOT NULL,
    review_count integer DEFAULT 0 NOT NULL,
    rating_count integer DEFAULT 0 NOT NULL,
    rating_sum integer DEFAULT 0 NOT NULL,
    rating_steps integer[] DEFAULT ARRAY[0, 0, 0, 0, 0, 0, 0, 0, 0, 0] NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT game_user_scores_non_negative CHECK (((review_count >= 0) AND (rating_count >= 0) AND (rating_sum >= 0))),
    CONSTRAINT game_user_scores_ten_steps CHECK ((cardinality(rating_steps) = 10))
);


ALTER TABLE public.game_user_scores OWNER TO postgres;

--
-- Name: TABLE game_user_scores; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.game_user_scores IS 'Per-game sums over counted user reviews, kept by triggers on user_reviews; rebuild_game_user_scores() recounts.';


--
-- Name: games; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.games (
    id integer NOT NULL,
    slug text NOT NULL,
    title text NOT NULL,
    summary text,
    release_date date,
    cover_image_url text,
    sources text[] DEFAULT '{}'::text[] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT games_cover_image_url_http CHECK ((cover_image_url ~ '^https?://'::text)),
    CONSTRAINT games_slug_format CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (char_length(slug) <= 120))),
    CONSTRAINT games_sources_known CHECK ((sources <@ ARRAY['editorial'::text, 'steam_store_2019'::text, 'vgchartz_2024'::text, 'synthetic'::text, 'demo'::text])),
    CONSTRAINT games_summary_length CHECK ((char_length(summary) <= 4000)),
    CONSTRAINT games_title_length CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 200)))
);


ALTER TABLE public.games OWNER TO postgres;

--
-- Name: COLUMN games.release_date; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.games.release_date IS 'First release on any platform; per-platform dates live in game_platforms.';


--
-- Name: COLUMN games.sources; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.games.sources IS 'Where the record came from, shown on the game page: editorial, the two licensed demo datasets, invented demo games (demo), or synthetic benchmark data.';


--
-- Name: games_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.games ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.games_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: genres; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.genres (
    id integer NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    CONSTRAINT genres_slug_format CHECK ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text))
);


ALTER TABLE public.genres OWNER TO postgres;

--
-- Name: genres_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.genres ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.genres_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: notification_inbox; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.notification_inbox (
    user_id uuid NOT NULL,
    synced_at timestamp with time zone NOT NULL
);


ALTER TABLE public.notification_inbox OWNER TO postgres;

--
-- Name: notification_preferences; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.notification_preferences (
    user_id uuid NOT NULL,
    kind text NOT NULL,
    enabled boolean NOT NULL,
    enabled_at timestamp with time zone,
    CONSTRAINT notification_preferences_kind CHECK ((kind = ANY (ARRAY['outlet_review'::text, 'wishlist_release'::text, 'list_liked'::text, 'review_helpful'::text, 'level_up'::text, 'new_follower'::text, 'content_hidden'::text, 'coverage_requested'::text])))
);


ALTER TABLE public.notification_preferences OWNER TO postgres;

--
-- Name: notifications; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.notifications (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    source text NOT NULL,
    actor_id uuid,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    read_at timestamp with time zone,
    CONSTRAINT notifications_data_object CHECK ((jsonb_typeof(data) = 'object'::text)),
    CONSTRAINT notifications_data_size CHECK ((pg_column_size(data) <= 2048)),
    CONSTRAINT notifications_kind CHECK ((kind = ANY (ARRAY['outlet_review'::text, 'wishlist_release'::text, 'list_liked'::text, 'review_helpful'::text, 'level_up'::text, 'new_follower'::text, 'content_hidden'::text, 'coverage_requested'::text]))),
    CONSTRAINT notifications_source_length CHECK (((char_length(source) >= 1) AND (char_length(source) <= 200)))
);


ALTER TABLE public.notifications OWNER TO postgres;

--
-- Name: TABLE notifications; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.notifications IS 'What a user is told about; kept 24, 72 or 168 hours by tier (Free, Ad-Free, Premium), then deleted by a job.';


--
-- Name: notifications_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.notifications ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.notifications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: outlet_applications; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.outlet_applications (
    id integer NOT NULL,
    applicant_id uuid NOT NULL,
    outlet_name text NOT NULL,
    website_url text NOT NULL,
    contact text NOT NULL,
    score_scale text NOT NULL,
    sample_links text[] DEFAULT '{}'::text[] NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    resolution_reason text,
    outlet_id integer,
    resolved_by uuid,
    resolved_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT outlet_applications_contact_length CHECK (((char_length(btrim(contact)) >= 1) AND (char_length(btrim(contact)) <= 320))),
    CONSTRAINT outlet_applications_name_length CHECK (((char_length(btrim(outlet_name)) >= 1) AND (char_length(btrim(outlet_name)) <= 100))),
    CONSTRAINT outlet_applications_reason_length CHECK ((char_length(resolution_reason) <= 1000)),
    CONSTRAINT outlet_applications_resolved CHECK (((status = 'pending'::text) = (resolved_at IS NULL))),
    CONSTRAINT outlet_applications_samples_count CHECK (((cardinality(sample_links) >= 1) AND (cardinality(sample_links) <= 5))),
    CONSTRAINT outlet_applications_score_scale CHECK ((score_scale = ANY (ARRAY['hundred'::text, 'ten'::text, 'stars'::text, 'letter'::text, 'unscored'::text]))),
    CONSTRAINT outlet_applications_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text]))),
    CONSTRAINT outlet_applications_website_http CHECK (((website_url ~ '^https?://'::text) AND (char_length(website_url) <= 500)))
);


ALTER TABLE public.outlet_applications OWNER TO postgres;

--
-- Name: TABLE outlet_applications; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.outlet_applications IS 'Requests from users to list their outlet; approving creates the outlet with the applicant as owner.';


--
-- Name: outlet_applications_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.outlet_applications ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.outlet_applications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: outlet_audit_log; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.outlet_audit_log (
    id bigint NOT NULL,
    outlet_id integer NOT NULL,
    actor_id uuid,
    action text NOT NULL,
    subject text NOT NULL,
    before jsonb,
    after jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT outlet_audit_log_action_length CHECK ((char_length(action) <= 60)),
    CONSTRAINT outlet_audit_log_subject_length CHECK ((char_length(subject) <= 200))
);


ALTER TABLE public.outlet_audit_log OWNER TO postgres;

--
-- Name: TABLE outlet_audit_log; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.outlet_audit_log IS 'Every change an owner or author made to an outlet, its authors and its reviews: who, what, when, before and after.';


--
-- Name: outlet_audit_log_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.outlet_audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.outlet_audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: outlet_authors; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.outlet_authors (
    outlet_id integer NOT NULL,
    author_id integer NOT NULL,
    role text DEFAULT 'contributor'::text NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT outlet_authors_role CHECK ((role = ANY (ARRAY['editor'::text, 'staff'::text, 'contributor'::text])))
);


ALTER TABLE public.outlet_authors OWNER TO postgres;

--
-- Name: TABLE outlet_authors; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.outlet_authors IS 'Which authors write for which outlets.';


--
-- Name: outlet_critic_stats; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.outlet_critic_stats (
    outlet_id integer NOT NULL,
    review_count integer DEFAULT 0 NOT NULL,
    scored_count integer DEFAULT 0 NOT NULL,
    score_sum bigint DEFAULT 0 NOT NULL,
    recommended_count integer DEFAULT 0 NOT NULL,
    preview_count integer DEFAULT 0 NOT NULL,
    acclaimed_count integer DEFAULT 0 NOT NULL,
    favourable_count integer DEFAULT 0 NOT NULL,
    mixed_count integer DEFAULT 0 NOT NULL,
    unfavourable_count integer DEFAULT 0 NOT NULL,
    panned_count integer DEFAULT 0 NOT NULL,
    CONSTRAINT outlet_critic_stats_counts_non_negative CHECK (((review_count >= 0) AND (scored_count >= 0) AND (score_sum >= 0) AND (recommended_count >= 0) AND (preview_count >= 0) AND (acclaimed_count >= 0) AND (favourable_count >= 0) AND (mixed_count >= 0) AND (unfavourable_count >= 0) AND (panned_count >= 0)))
);


ALTER TABLE public.outlet_critic_stats OWNER TO postgres;

--
-- Name: TABLE outlet_critic_stats; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.outlet_critic_stats IS 'Per-outlet sums over its published (counted) critic reviews and previews, kept current by a trigger on critic_reviews; rebuild_outlet_critic_stats() recomputes it from scratch.';


--
-- Name: COLUMN outlet_critic_stats.review_count; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.outlet_critic_stats.review_count IS 'Published reviews (not previews), scored or not.';


--
-- Name: COLUMN outlet_critic_stats.scored_count; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.outlet_critic_stats.scored_count IS 'Published reviews with a score.';


--
-- Name: COLUMN outlet_critic_stats.score_sum; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.outlet_critic_stats.score_sum IS 'Sum of the normalised scores of the scored reviews.';


--
-- Name: COLUMN outlet_critic_stats.preview_count; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.outlet_critic_stats.preview_count IS 'Published previews.';


--
-- Name: outlet_follows; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.outlet_follows (
    user_id uuid NOT NULL,
    outlet_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE public.outlet_follows OWNER TO postgres;

--
-- Name: outlet_owners; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.outlet_owners (
    outlet_id integer NOT NULL,
    user_id uuid NOT NULL,
    added_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE public.outlet_owners OWNER TO postgres;

--
-- Name: TABLE outlet_owners; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.outlet_owners IS 'The users who manage an outlet (its authors, reviews and settings). outlets.owner_id is kept as the first owner and mirrored here.';


--
-- Name: outlet_review_events; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.outlet_review_events (
    review_id bigint NOT NULL,
    outlet_id integer NOT NULL,
    data jsonb NOT NULL,
    created_at timestamp with time zone NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE public.outlet_review_events OWNER TO postgres;

--
-- Name: TABLE outlet_review_events; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.outlet_review_events IS 'Published outlet reviews not yet written into every follower''s notifications; deleted after 168 hours.';


--
-- Name: outlets; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.outlets (
    id integer NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    website_url text,
    logo_url text,
    description text DEFAULT ''::text NOT NULL,
    owner_id uuid,
    score_scale text NOT NULL,
    recommendation_threshold smallint DEFAULT 70 NOT NULL,
    is_demo boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    authors_can_publish boolean DEFAULT false NOT NULL,
    CONSTRAINT outlets_description_length CHECK ((char_length(description) <= 2000)),
    CONSTRAINT outlets_logo_url_http CHECK ((logo_url ~ '^https?://'::text)),
    CONSTRAINT outlets_name_length CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 100))),
    CONSTRAINT outlets_recommendation_threshold_range CHECK (((recommendation_threshold >= 0) AND (recommendation_threshold <= 100))),
    CONSTRAINT outlets_score_scale CHECK ((score_scale = ANY (ARRAY['hundred'::text, 'ten'::text, 'stars'::text, 'letter'::text, 'unscored'::text]))),
    CONSTRAINT outlets_slug_format CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (char_length(slug) <= 80))),
    CONSTRAINT outlets_website_url_http CHECK ((website_url ~ '^https?://'::text))
);


ALTER TABLE public.outlets OWNER TO postgres;

--
-- Name: TABLE outlets; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.outlets IS 'Publications whose critics review games.';


--
-- Name: COLUMN outlets.owner_id; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.outlets.owner_id IS 'The user who manages the outlet (its authors, reviews, settings); null for demo outlets and outlets nobody has claimed.';


--
-- Name: COLUMN outlets.score_scale; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.outlets.score_scale IS 'How the outlet scores new reviews: hundred (0-100), ten (0-10, one decimal), stars (0-5 in halves), letter (A+ to F) or unscored (verdict only).';


--
-- Name: COLUMN outlets.recommendation_threshold; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.outlets.recommendation_threshold IS 'Normalised score (0-100) at or above which a scored review counts as recommending the game.';


--
-- Name: COLUMN outlets.is_demo; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.outlets.is_demo IS 'Invented for the demo data; every page that shows the outlet says so.';


--
-- Name: COLUMN outlets.authors_can_publish; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.outlets.authors_can_publish IS 'Whether the outlet''s authors may publish and schedule their own reviews (otherwise they draft and an owner publishes).';


--
-- Name: outlets_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.outlets ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.outlets_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: platforms; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.platforms (
    id integer NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    abbreviation text NOT NULL,
    CONSTRAINT platforms_slug_format CHECK ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text))
);


ALTER TABLE public.platforms OWNER TO postgres;

--
-- Name: platforms_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.platforms ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.platforms_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: poll_votes; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.poll_votes (
    poll text NOT NULL,
    user_id uuid NOT NULL,
    option text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT poll_votes_option_format CHECK ((option ~ '^[a-z0-9][a-z0-9-]{0,62}$'::text)),
    CONSTRAINT poll_votes_poll_format CHECK ((poll ~ '^[a-z0-9][a-z0-9-]{0,62}$'::text))
);


ALTER TABLE public.poll_votes OWNER TO postgres;

--
-- Name: TABLE poll_votes; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.poll_votes IS 'One changeable vote per user and poll on /test-vote; options come from the roadmap content.';


--
-- Name: profile_settings; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.profile_settings (
    user_id uuid NOT NULL,
    is_private boolean DEFAULT false NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE public.profile_settings OWNER TO postgres;

--
-- Name: TABLE profile_settings; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.profile_settings IS 'Per-user profile settings (privacy); no row means the defaults.';


--
-- Name: profiles; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.profiles (
    id uuid NOT NULL,
    username text,
    full_name text,
    bio text,
    email text,
    avatar_url text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT profiles_avatar_url_http CHECK ((avatar_url ~ '^https?://'::text)),
    CONSTRAINT profiles_bio_length CHECK ((char_length(bio) <= 500)),
    CONSTRAINT profiles_full_name_length CHECK ((char_length(full_name) <= 100)),
    CONSTRAINT profiles_username_format CHECK ((username ~ '^[A-Za-z0-9_-]{3,20}$'::text))
);


ALTER TABLE public.profiles OWNER TO postgres;

--
-- Name: TABLE profiles; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.profiles IS 'Public face of an auth user; id is the auth.users id.';


--
-- Name: COLUMN profiles.username; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.profiles.username IS 'Null until chosen (a Google sign-in creates the profile before the user picks one); unique case-insensitively.';


--
-- Name: COLUMN profiles.email; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.profiles.email IS 'Copy of the sign-up email; never granted to the API roles.';


--
-- Name: reserved_usernames; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.reserved_usernames (
    name text NOT NULL,
    CONSTRAINT reserved_usernames_lower CHECK ((name = lower(name)))
);


ALTER TABLE public.reserved_usernames OWNER TO postgres;

--
-- Name: TABLE reserved_usernames; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.reserved_usernames IS 'Usernames nobody may register (compared case-insensitively).';


--
-- Name: search_words; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.search_words (
    word text NOT NULL
);


ALTER TABLE public.search_words OWNER TO postgres;

--
-- Name: TABLE search_words; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.search_words IS 'Every distinct word of every game title (kept by triggers on games; words of deleted titles may linger and simply match nothing).';


--
-- Name: similar_game_rankings; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.similar_game_rankings (
    game_id integer NOT NULL,
    pool smallint NOT NULL,
    size smallint NOT NULL,
    similar_ids integer[] NOT NULL,
    scores integer[] NOT NULL,
    shared_genres integer[] NOT NULL,
    shared_developers integer[] NOT NULL,
    shared_publishers integer[] NOT NULL,
    shared_platforms integer[] NOT NULL,
    kept_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT similar_game_rankings_same_lengths CHECK (((cardinality(similar_ids) <= size) AND (cardinality(scores) = cardinality(similar_ids)) AND (cardinality(shared_genres) = cardinality(similar_ids)) AND (cardinality(shared_developers) = cardinality(similar_ids)) AND (cardinality(shared_publishers) = cardinality(similar_ids)) AND (cardinality(shared_platforms) = cardinality(similar_ids))))
);


ALTER TABLE public.similar_game_rankings OWNER TO postgres;

--
-- Name: TABLE similar_game_rankings; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.similar_game_rankings IS 'Each dated game''s similar games as public.similar_games ranks them, kept until a catalogue change may alter them.';


--
-- Name: similar_game_refills; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.similar_game_refills (
    game_id integer NOT NULL,
    queued_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE public.similar_game_refills OWNER TO postgres;

--
-- Name: TABLE similar_game_refills; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.similar_game_refills IS 'Games whose similar games are to be ranked again (public.refill_similar_games).';


--
-- Name: stripe_events; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.stripe_events (
    id text NOT NULL,
    type text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT stripe_events_id_length CHECK (((char_length(id) >= 1) AND (char_length(id) <= 255))),
    CONSTRAINT stripe_events_type_length CHECK (((char_length(type) >= 1) AND (char_length(type) <= 100)))
);


ALTER TABLE public.stripe_events OWNER TO postgres;

--
-- Name: TABLE stripe_events; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.stripe_events IS 'Stripe webhook events already applied, by id.';


--
-- Name: subscription_plans; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.subscription_plans (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    display_name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    price_cents integer,
    currency character(3) DEFAULT 'USD'::bpchar NOT NULL,
    sort_order smallint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    price_yearly_cents integer,
    CONSTRAINT subscription_plans_name_format CHECK ((name ~ '^[a-z][a-z0-9_]*$'::text)),
    CONSTRAINT subscription_plans_price_non_negative CHECK ((price_cents >= 0)),
    CONSTRAINT subscription_plans_yearly_price_non_negative CHECK ((price_yearly_cents >= 0))
);


ALTER TABLE public.subscription_plans OWNER TO postgres;

--
-- Name: COLUMN subscription_plans.name; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.subscription_plans.name IS 'Lower-case tier key (free, ad_free, premium); a user''s tier is the name of the plan on their active subscription.';


--
-- Name: COLUMN subscription_plans.price_cents; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.subscription_plans.price_cents IS 'Monthly price in minor units; null while the plan is not on sale.';


--
-- Name: COLUMN subscription_plans.price_yearly_cents; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.subscription_plans.price_yearly_cents IS 'Yearly price in minor units; null while the plan is not on sale.';


--
-- Name: test_checkout_sessions; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.test_checkout_sessions (
    id text NOT NULL,
    user_id uuid NOT NULL,
    plan_name text NOT NULL,
    billing_period text NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    subscription_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT test_checkout_sessions_period CHECK ((billing_period = ANY (ARRAY['month'::text, 'year'::text]))),
    CONSTRAINT test_checkout_sessions_status CHECK ((status = ANY (ARRAY['open'::text, 'complete'::text, 'expired'::text])))
);


ALTER TABLE public.test_checkout_sessions OWNER TO postgres;

--
-- Name: TABLE test_checkout_sessions; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.test_checkout_sessions IS 'Sessions of the built-in test checkout; no payment is taken.';


--
-- Name: user_follows; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_follows (
    follower_id uuid NOT NULL,
    followed_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_follows_not_self CHECK ((follower_id <> followed_id))
);


ALTER TABLE public.user_follows OWNER TO postgres;

--
-- Name: user_library_counts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_library_counts (
    user_id uuid NOT NULL,
    playing integer DEFAULT 0 NOT NULL,
    played integer DEFAULT 0 NOT NULL,
    completed integer DEFAULT 0 NOT NULL,
    backlog integer DEFAULT 0 NOT NULL,
    shelved integer DEFAULT 0 NOT NULL,
    abandoned integer DEFAULT 0 NOT NULL,
    wishlist integer DEFAULT 0 NOT NULL,
    favourite integer DEFAULT 0 NOT NULL
);


ALTER TABLE public.user_library_counts OWNER TO postgres;

--
-- Name: TABLE user_library_counts; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_library_counts IS 'How many of each player''s user_games rows have each status, the wishlist flag and the favourite flag; kept by triggers on user_games.';


--
-- Name: user_library_platforms; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_library_platforms (
    user_id uuid NOT NULL,
    platform_id integer NOT NULL,
    games integer NOT NULL
);


ALTER TABLE public.user_library_platforms OWNER TO postgres;

--
-- Name: TABLE user_library_platforms; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_library_platforms IS 'The platforms each player has set on their games, with how many; kept by triggers on user_games.';


--
-- Name: user_list_entries; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_list_entries (
    list_id integer NOT NULL,
    game_id integer NOT NULL,
    "position" integer NOT NULL,
    note text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_list_entries_note_length CHECK ((char_length(note) <= 500)),
    CONSTRAINT user_list_entries_position_positive CHECK (("position" >= 1))
);


ALTER TABLE public.user_list_entries OWNER TO postgres;

--
-- Name: TABLE user_list_entries; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_list_entries IS 'The games of a custom list, in order, each with an optional note.';


--
-- Name: user_list_likes; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_list_likes (
    list_id integer NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    in_window boolean DEFAULT false NOT NULL
);


ALTER TABLE public.user_list_likes OWNER TO postgres;

--
-- Name: TABLE user_list_likes; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_list_likes IS 'Who liked which list; a user likes a list at most once and never their own.';


--
-- Name: COLUMN user_list_likes.in_window; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.user_list_likes.in_window IS 'Counted in its list''s recent_likes_count: liked within public.popular_list_window().';


--
-- Name: user_list_reports; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_list_reports (
    id bigint NOT NULL,
    list_id integer NOT NULL,
    reporter_id uuid NOT NULL,
    reason text NOT NULL,
    details text,
    status text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    resolved_at timestamp with time zone,
    CONSTRAINT user_list_reports_details_length CHECK ((char_length(details) <= 500)),
    CONSTRAINT user_list_reports_reason_known CHECK ((reason = ANY (ARRAY['spam'::text, 'offensive'::text, 'spoiler'::text, 'off_topic'::text, 'other'::text]))),
    CONSTRAINT user_list_reports_status_known CHECK ((status = ANY (ARRAY['open'::text, 'dismissed'::text, 'actioned'::text])))
);


ALTER TABLE public.user_list_reports OWNER TO postgres;

--
-- Name: TABLE user_list_reports; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_list_reports IS 'Reports of public lists for the moderation queue.';


--
-- Name: user_list_reports_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.user_list_reports ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.user_list_reports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: user_lists; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_lists (
    id integer NOT NULL,
    user_id uuid NOT NULL,
    title text NOT NULL,
    slug text NOT NULL,
    description text,
    visibility text DEFAULT 'public'::text NOT NULL,
    ranked boolean DEFAULT false NOT NULL,
    entries_count integer DEFAULT 0 NOT NULL,
    likes_count integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    hidden boolean DEFAULT false NOT NULL,
    hidden_reason text,
    hidden_at timestamp with time zone,
    hidden_by uuid,
    recent_likes_count integer DEFAULT 0 NOT NULL,
    CONSTRAINT user_lists_counts_positive CHECK (((entries_count >= 0) AND (likes_count >= 0))),
    CONSTRAINT user_lists_description_length CHECK ((char_length(description) <= 2000)),
    CONSTRAINT user_lists_hidden_reason_length CHECK ((char_length(hidden_reason) <= 1000)),
    CONSTRAINT user_lists_recent_likes_positive CHECK (((recent_likes_count >= 0) AND (recent_likes_count <= likes_count))),
    CONSTRAINT user_lists_slug_format CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (char_length(slug) <= 100))),
    CONSTRAINT user_lists_title_length CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 100))),
    CONSTRAINT user_lists_visibility_known CHECK ((visibility = ANY (ARRAY['public'::text, 'unlisted'::text, 'private'::text])))
);


ALTER TABLE public.user_lists OWNER TO postgres;

--
-- Name: TABLE user_lists; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_lists IS 'Custom game lists (Ad-Free and Premium); private ones are their owner''s alone.';


--
-- Name: COLUMN user_lists.hidden; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.user_lists.hidden IS 'Hidden by a moderator: gone from every public page; its owner still sees it with the reason.';


--
-- Name: COLUMN user_lists.recent_likes_count; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.user_lists.recent_likes_count IS 'Likes with in_window (the last 30 days, to the age-list-likes job''s period).';


--
-- Name: user_lists_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.user_lists ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.user_lists_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: user_review_reports; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_review_reports (
    id bigint NOT NULL,
    review_id bigint NOT NULL,
    reporter_id uuid NOT NULL,
    reason text NOT NULL,
    details text,
    status text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    resolved_at timestamp with time zone,
    CONSTRAINT user_review_reports_details_length CHECK ((char_length(details) <= 500)),
    CONSTRAINT user_review_reports_reason_known CHECK ((reason = ANY (ARRAY['spam'::text, 'offensive'::text, 'spoiler'::text, 'off_topic'::text, 'other'::text]))),
    CONSTRAINT user_review_reports_status_known CHECK ((status = ANY (ARRAY['open'::text, 'dismissed'::text, 'actioned'::text])))
);


ALTER TABLE public.user_review_reports OWNER TO postgres;

--
-- Name: TABLE user_review_reports; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_review_reports IS 'Reports of user reviews for the moderation queue.';


--
-- Name: user_review_reports_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.user_review_reports ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.user_review_reports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: user_review_votes; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_review_votes (
    review_id bigint NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE public.user_review_votes OWNER TO postgres;

--
-- Name: TABLE user_review_votes; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_review_votes IS 'Helpful votes: one per user per review, never on one''s own (the server refuses it).';


--
-- Name: user_review_windows; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_review_windows (
    id bigint NOT NULL,
    game_id integer NOT NULL,
    kind text NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    status text DEFAULT 'flagged'::text NOT NULL,
    day_count integer,
    median_count numeric,
    resolved_by uuid,
    resolved_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_review_windows_kind_known CHECK ((kind = ANY (ARRAY['launch'::text, 'anomaly'::text]))),
    CONSTRAINT user_review_windows_order CHECK ((ends_at > starts_at)),
    CONSTRAINT user_review_windows_status_known CHECK ((status = ANY (ARRAY['flagged'::text, 'confirmed'::text, 'cleared'::text])))
);


ALTER TABLE public.user_review_windows OWNER TO postgres;

--
-- Name: TABLE user_review_windows; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_review_windows IS 'Review-bomb guard: reviews written inside a flagged or confirmed window are shown, marked, and not counted.';


--
-- Name: user_review_windows_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.user_review_windows ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.user_review_windows_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: user_reviews; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_reviews (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    game_id integer NOT NULL,
    rating smallint NOT NULL,
    title text,
    body text,
    spoiler boolean DEFAULT false NOT NULL,
    platform_id integer,
    hours_played numeric(7,1),
    finished boolean DEFAULT false NOT NULL,
    helpful_count integer DEFAULT 0 NOT NULL,
    hidden boolean DEFAULT false NOT NULL,
    counted boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    edited_at timestamp with time zone,
    hidden_reason text,
    hidden_at timestamp with time zone,
    hidden_by uuid,
    CONSTRAINT user_reviews_body_length CHECK (((char_length(body) >= 1) AND (char_length(body) <= 10000))),
    CONSTRAINT user_reviews_helpful_non_negative CHECK ((helpful_count >= 0)),
    CONSTRAINT user_reviews_hidden_reason_length CHECK ((char_length(hidden_reason) <= 1000)),
    CONSTRAINT user_reviews_hours_range CHECK (((hours_played >= (0)::numeric) AND (hours_played <= (100000)::numeric))),
    CONSTRAINT user_reviews_rating_range CHECK (((rating >= 1) AND (rating <= 10))),
    CONSTRAINT user_reviews_title_length CHECK (((char_length(title) >= 1) AND (char_length(title) <= 120)))
);
ALTER TABLE ONLY public.user_reviews ALTER COLUMN game_id SET STATISTICS 1000;


ALTER TABLE public.user_reviews OWNER TO postgres;

--
-- Name: TABLE user_reviews; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_reviews IS 'One review per user and game by Premium members; plain text, never rendered as HTML.';


--
-- Name: user_reviews_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.user_reviews ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.user_reviews_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: user_subscriptions; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_subscriptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    plan_id uuid NOT NULL,
    status text NOT NULL,
    current_period_start timestamp with time zone DEFAULT now() NOT NULL,
    current_period_end timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    stripe_subscription_id text,
    billing_period text,
    cancel_at_period_end boolean DEFAULT false NOT NULL,
    stripe_event_at timestamp with time zone,
    stripe_status text,
    CONSTRAINT user_subscriptions_billing_period CHECK ((billing_period = ANY (ARRAY['month'::text, 'year'::text]))),
    CONSTRAINT user_subscriptions_period CHECK (((current_period_end IS NULL) OR (current_period_end > current_period_start))),
    CONSTRAINT user_subscriptions_status CHECK ((status = ANY (ARRAY['active'::text, 'trialing'::text, 'past_due'::text, 'canceled'::text, 'expired'::text]))),
    CONSTRAINT user_subscriptions_stripe_status_length CHECK ((char_length(stripe_status) <= 40))
);


ALTER TABLE public.user_subscriptions OWNER TO postgres;

--
-- Name: COLUMN user_subscriptions.status; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.user_subscriptions.status IS 'Only status = active grants the plan''s tier.';


--
-- Name: COLUMN user_subscriptions.stripe_event_at; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON COLUMN public.user_subscriptions.stripe_event_at IS 'Creation time of the newest Stripe event applied to this row; older events are ignored.';


--
-- Name: user_xp; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.user_xp (
    user_id uuid NOT NULL,
    total integer DEFAULT 0 NOT NULL,
    level smallint DEFAULT 1 NOT NULL,
    reached_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_xp_total_nonnegative CHECK ((total >= 0))
);


ALTER TABLE public.user_xp OWNER TO postgres;

--
-- Name: TABLE user_xp; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.user_xp IS 'Kept XP total and level per user, written with each ledger row.';


--
-- Name: xp_ledger; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.xp_ledger (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    source text NOT NULL,
    requested smallint NOT NULL,
    points smallint NOT NULL,
    reverses bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT xp_ledger_kind_format CHECK ((kind ~ '^[a-z][a-z_]{1,47}$'::text)),
    CONSTRAINT xp_ledger_sign CHECK ((((reverses IS NULL) AND (points >= 0)) OR ((reverses IS NOT NULL) AND (points <= 0)))),
    CONSTRAINT xp_ledger_source_length CHECK (((char_length(source) >= 1) AND (char_length(source) <= 200)))
);


ALTER TABLE public.xp_ledger OWNER TO postgres;

--
-- Name: TABLE xp_ledger; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.xp_ledger IS 'Every XP award (and reversal) as a row; append-only. user_xp and xp_periods are kept from it in the same transaction.';


--
-- Name: xp_ledger_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.xp_ledger ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.xp_ledger_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: xp_periods; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.xp_periods (
    period text NOT NULL,
    starts date NOT NULL,
    user_id uuid NOT NULL,
    points integer DEFAULT 0 NOT NULL,
    reached_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT xp_periods_period CHECK ((period = ANY (ARRAY['day'::text, 'week'::text, 'month'::text])))
);


ALTER TABLE public.xp_periods OWNER TO postgres;

--
-- Name: TABLE xp_periods; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON TABLE public.xp_periods IS 'XP earned per user per UTC day, week (from Monday) and month.';


--
-- Name: messages; Type: TABLE; Schema: realtime; Owner: supabase_realtime_admin
--

CREATE TABLE realtime.messages (
    topic text NOT NULL,
    extension text NOT NULL,
    payload jsonb,
    event text,
    private boolean DEFAULT false,
    updated_at timestamp without time zone DEFAULT now() NOT NULL,
    inserted_at timestamp without time zone DEFAULT now() NOT NULL,
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    binary_payload bytea,
    CONSTRAINT messages_payload_exclusive CHECK (((payload IS NULL) OR (binary_payload IS NULL)))
)
PARTITION BY RANGE (inserted_at);


ALTER TABLE realtime.messages OWNER TO supabase_realtime_admin;

--
-- Name: schema_migrations; Type: TABLE; Schema: realtime; Owner: supabase_realtime_admin
--

CREATE TABLE realtime.schema_migrations (
    version bigint NOT NULL,
    inserted_at timestamp(0) without time zone
);


ALTER TABLE realtime.schema_migrations OWNER TO supabase_realtime_admin;

--
-- Name: buckets; Type: TABLE; Schema: storage; Owner: supabase_storage_admin
--

CREATE TABLE storage.buckets (
    id text NOT NULL,
    name text NOT NULL,
    owner uuid,
    created_at timestamp with time zone DEFAULT now(),
    updated_at timestamp with time zone DEFAULT now(),
    public boolean DEFAULT false,
    avif_autodetection boolean DEFAULT false,
    file_size_limit bigint,
    allowed_mime_types text[],
    owner_id text,
    type storage.buckettype DEFAULT 'STANDARD'::storage.buckettype NOT NULL
);


ALTER TABLE storage.buckets OWNER TO supabase_storage_admin;

--
-- Name: migrations; Type: TABLE; Schema: storage; Owner: supabase_storage_admin
--

CREATE TABLE storage.migrations (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    hash character varying(40) NOT NULL,
    executed_at timestamp without time zone DEFAULT CURRENT_TIMESTAMP
);


ALTER TABLE storage.migrations OWNER TO supabase_storage_admin;

--
-- Name: objects; Type: TABLE; Schema: storage; Owner: supabase_storage_admin
--

CREATE TABLE storage.objects (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    bucket_id text,
    name text,
    owner uuid,
    created_at timestamp with time zone DEFAULT now(),
    updated_at timestamp with time zone DEFAULT now(),
    last_accessed_at timestamp with time zone DEFAULT now(),
    metadata jsonb,
    path_tokens text[] GENERATED ALWAYS AS (string_to_array(name, '/'::text)) STORED,
    version text,
    owner_id text,
    user_metadata jsonb
);


ALTER TABLE storage.objects OWNER TO supabase_storage_admin;

--
-- Name: refresh_tokens id; Type: DEFAULT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.refresh_tokens ALTER COLUMN id SET DEFAULT nextval('auth.refresh_tokens_id_seq'::regclass);


--
-- Name: admin_audit_log admin_audit_log_pkey; Type: CONSTRAINT; Schema: app_meta; Owner: postgres
--

ALTER TABLE ONLY app_meta.admin_audit_log
    ADD CONSTRAINT admin_audit_log_pkey PRIMARY KEY (id);


--
-- Name: admins admins_pkey; Type: CONSTRAINT; Schema: app_meta; Owner: postgres
--

ALTER TABLE ONLY app_meta.admins
    ADD CONSTRAINT admins_pkey PRIMARY KEY (user_id);


--
-- Name: auth_rate_limits auth_rate_limits_pkey; Type: CONSTRAINT; Schema: app_meta; Owner: postgres
--

ALTER TABLE ONLY app_meta.auth_rate_limits
    ADD CONSTRAINT auth_rate_limits_pkey PRIMARY KEY (bucket, key);


--
-- Name: data_loads data_loads_pkey; Type: CONSTRAINT; Schema: app_meta; Owner: postgres
--

ALTER TABLE ONLY app_meta.data_loads
    ADD CONSTRAINT data_loads_pkey PRIMARY KEY (name);


--
-- Name: job_runs job_runs_pkey; Type: CONSTRAINT; Schema: app_meta; Owner: postgres
--

ALTER TABLE ONLY app_meta.job_runs
    ADD CONSTRAINT job_runs_pkey PRIMARY KEY (name);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: app_meta; Owner: postgres
--

ALTER TABLE ONLY app_meta.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (name);


--
-- Name: audit_log_entries audit_log_entries_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.audit_log_entries
    ADD CONSTRAINT audit_log_entries_pkey PRIMARY KEY (id);


--
-- Name: flow_state flow_state_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.flow_state
    ADD CONSTRAINT flow_state_pkey PRIMARY KEY (id);


--
-- Name: identities identities_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.identities
    ADD CONSTRAINT identities_pkey PRIMARY KEY (id);


--
-- Name: identities identities_provider_id_provider_key; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.identities
    ADD CONSTRAINT identities_provider_id_provider_key UNIQUE (provider_id, provider);


--
-- Name: instances instances_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.instances
    ADD CONSTRAINT instances_pkey PRIMARY KEY (id);


--
-- Name: mfa_amr_claims mfa_amr_claims_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.mfa_amr_claims
    ADD CONSTRAINT mfa_amr_claims_pkey PRIMARY KEY (id);


--
-- Name: mfa_amr_claims mfa_amr_claims_session_id_authentication_method_key; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.mfa_amr_claims
    ADD CONSTRAINT mfa_amr_claims_session_id_authentication_method_key UNIQUE (session_id, authentication_method);


--
-- Name: mfa_challenges mfa_challenges_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.mfa_challenges
    ADD CONSTRAINT mfa_challenges_pkey PRIMARY KEY (id);


--
-- Name: mfa_factors mfa_factors_last_challenged_at_key; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.mfa_factors
    ADD CONSTRAINT mfa_factors_last_challenged_at_key UNIQUE (last_challenged_at);


--
-- Name: mfa_factors mfa_factors_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.mfa_factors
    ADD CONSTRAINT mfa_factors_pkey PRIMARY KEY (id);


--
-- Name: one_time_tokens one_time_tokens_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.one_time_tokens
    ADD CONSTRAINT one_time_tokens_pkey PRIMARY KEY (id);


--
-- Name: refresh_tokens refresh_tokens_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.refresh_tokens
    ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (id);


--
-- Name: refresh_tokens refresh_tokens_token_key; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.refresh_tokens
    ADD CONSTRAINT refresh_tokens_token_key UNIQUE (token);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);


--
-- Name: users users_phone_key; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.users
    ADD CONSTRAINT users_phone_key UNIQUE (phone);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: activity_events activity_events_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.activity_events
    ADD CONSTRAINT activity_events_pkey PRIMARY KEY (id);


--
-- Name: activity_kinds activity_kinds_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.activity_kinds
    ADD CONSTRAINT activity_kinds_pkey PRIMARY KEY (kind);


--
-- Name: analytics_events analytics_events_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.analytics_events
    ADD CONSTRAINT analytics_events_pkey PRIMARY KEY (id);


--
-- Name: analytics_salts analytics_salts_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.analytics_salts
    ADD CONSTRAINT analytics_salts_pkey PRIMARY KEY (day);


--
-- Name: author_applications author_applications_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.author_applications
    ADD CONSTRAINT author_applications_pkey PRIMARY KEY (id);


--
-- Name: author_tokens author_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.author_tokens
    ADD CONSTRAINT author_tokens_pkey PRIMARY KEY (id);


--
-- Name: author_tokens author_tokens_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.author_tokens
    ADD CONSTRAINT author_tokens_token_hash_key UNIQUE (token_hash);


--
-- Name: authors authors_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.authors
    ADD CONSTRAINT authors_pkey PRIMARY KEY (id);


--
-- Name: authors authors_user_id_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.authors
    ADD CONSTRAINT authors_user_id_key UNIQUE (user_id);


--
-- Name: billing_customers billing_customers_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.billing_customers
    ADD CONSTRAINT billing_customers_pkey PRIMARY KEY (user_id);


--
-- Name: billing_customers billing_customers_stripe_customer_id_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.billing_customers
    ADD CONSTRAINT billing_customers_stripe_customer_id_key UNIQUE (stripe_customer_id);


--
-- Name: billing_invoices billing_invoices_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.billing_invoices
    ADD CONSTRAINT billing_invoices_pkey PRIMARY KEY (id);


--
-- Name: collection_games collection_games_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.collection_games
    ADD CONSTRAINT collection_games_pkey PRIMARY KEY (collection_id, game_id);


--
-- Name: collections collections_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.collections
    ADD CONSTRAINT collections_pkey PRIMARY KEY (id);


--
-- Name: collections collections_slug_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.collections
    ADD CONSTRAINT collections_slug_key UNIQUE (slug);


--
-- Name: companies companies_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.companies
    ADD CONSTRAINT companies_pkey PRIMARY KEY (id);


--
-- Name: companies companies_slug_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.companies
    ADD CONSTRAINT companies_slug_key UNIQUE (slug);


--
-- Name: contact_messages contact_messages_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.contact_messages
    ADD CONSTRAINT contact_messages_pkey PRIMARY KEY (id);


--
-- Name: critic_review_drafts critic_review_drafts_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_review_drafts
    ADD CONSTRAINT critic_review_drafts_pkey PRIMARY KEY (id);


--
-- Name: critic_reviews critic_reviews_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_reviews
    ADD CONSTRAINT critic_reviews_pkey PRIMARY KEY (id);


--
-- Name: error_reports error_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.error_reports
    ADD CONSTRAINT error_reports_pkey PRIMARY KEY (fingerprint);


--
-- Name: follow_counts follow_counts_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.follow_counts
    ADD CONSTRAINT follow_counts_pkey PRIMARY KEY (subject_type, subject_id);


--
-- Name: game_card_links game_card_links_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_card_links
    ADD CONSTRAINT game_card_links_pkey PRIMARY KEY (game_id);


--
-- Name: game_critic_stats game_critic_stats_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_critic_stats
    ADD CONSTRAINT game_critic_stats_pkey PRIMARY KEY (game_id);


--
-- Name: game_developers game_developers_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_developers
    ADD CONSTRAINT game_developers_pkey PRIMARY KEY (game_id, company_id);


--
-- Name: game_genres game_genres_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_genres
    ADD CONSTRAINT game_genres_pkey PRIMARY KEY (game_id, genre_id);


--
-- Name: game_platforms game_platforms_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_platforms
    ADD CONSTRAINT game_platforms_pkey PRIMARY KEY (game_id, platform_id);


--
-- Name: game_publishers game_publishers_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_publishers
    ADD CONSTRAINT game_publishers_pkey PRIMARY KEY (game_id, company_id);


--
-- Name: game_request_votes game_request_votes_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_request_votes
    ADD CONSTRAINT game_request_votes_pkey PRIMARY KEY (request_id, user_id);


--
-- Name: game_requests game_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_requests
    ADD CONSTRAINT game_requests_pkey PRIMARY KEY (id);


--
-- Name: game_slug_redirects game_slug_redirects_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_slug_redirects
    ADD CONSTRAINT game_slug_redirects_pkey PRIMARY KEY (old_slug);


--
-- Name: game_user_review_platforms game_user_review_platforms_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_user_review_platforms
    ADD CONSTRAINT game_user_review_platforms_pkey PRIMARY KEY (game_id, platform_id);


--
-- Name: game_user_scores game_user_scores_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_user_scores
    ADD CONSTRAINT game_user_scores_pkey PRIMARY KEY (game_id);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: games games_slug_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_slug_key UNIQUE (slug);


--
-- Name: genres genres_name_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.genres
    ADD CONSTRAINT genres_name_key UNIQUE (name);


--
-- Name: genres genres_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.genres
    ADD CONSTRAINT genres_pkey PRIMARY KEY (id);


--
-- Name: genres genres_slug_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.genres
    ADD CONSTRAINT genres_slug_key UNIQUE (slug);


--
-- Name: notification_inbox notification_inbox_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.notification_inbox
    ADD CONSTRAINT notification_inbox_pkey PRIMARY KEY (user_id);


--
-- Name: notification_preferences notification_preferences_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.notification_preferences
    ADD CONSTRAINT notification_preferences_pkey PRIMARY KEY (user_id, kind);


--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);


--
-- Name: outlet_applications outlet_applications_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_applications
    ADD CONSTRAINT outlet_applications_pkey PRIMARY KEY (id);


--
-- Name: outlet_audit_log outlet_audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_audit_log
    ADD CONSTRAINT outlet_audit_log_pkey PRIMARY KEY (id);


--
-- Name: outlet_authors outlet_authors_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_authors
    ADD CONSTRAINT outlet_authors_pkey PRIMARY KEY (outlet_id, author_id);


--
-- Name: outlet_critic_stats outlet_critic_stats_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_critic_stats
    ADD CONSTRAINT outlet_critic_stats_pkey PRIMARY KEY (outlet_id);


--
-- Name: outlet_follows outlet_follows_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_follows
    ADD CONSTRAINT outlet_follows_pkey PRIMARY KEY (user_id, outlet_id);


--
-- Name: outlet_owners outlet_owners_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_owners
    ADD CONSTRAINT outlet_owners_pkey PRIMARY KEY (outlet_id, user_id);


--
-- Name: outlet_review_events outlet_review_events_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_review_events
    ADD CONSTRAINT outlet_review_events_pkey PRIMARY KEY (review_id);


--
-- Name: outlets outlets_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlets
    ADD CONSTRAINT outlets_pkey PRIMARY KEY (id);


--
-- Name: outlets outlets_slug_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlets
    ADD CONSTRAINT outlets_slug_key UNIQUE (slug);


--
-- Name: platforms platforms_name_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.platforms
    ADD CONSTRAINT platforms_name_key UNIQUE (name);


--
-- Name: platforms platforms_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.platforms
    ADD CONSTRAINT platforms_pkey PRIMARY KEY (id);


--
-- Name: platforms platforms_slug_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.platforms
    ADD CONSTRAINT platforms_slug_key UNIQUE (slug);


--
-- Name: poll_votes poll_votes_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.poll_votes
    ADD CONSTRAINT poll_votes_pkey PRIMARY KEY (poll, user_id);


--
-- Name: profile_settings profile_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.profile_settings
    ADD CONSTRAINT profile_settings_pkey PRIMARY KEY (user_id);


--
-- Name: profiles profiles_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);


--
-- Name: reserved_usernames reserved_usernames_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.reserved_usernames
    ADD CONSTRAINT reserved_usernames_pkey PRIMARY KEY (name);


--
-- Name: search_words search_words_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.search_words
    ADD CONSTRAINT search_words_pkey PRIMARY KEY (word);


--
-- Name: similar_game_rankings similar_game_rankings_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.similar_game_rankings
    ADD CONSTRAINT similar_game_rankings_pkey PRIMARY KEY (game_id);


--
-- Name: similar_game_refills similar_game_refills_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.similar_game_refills
    ADD CONSTRAINT similar_game_refills_pkey PRIMARY KEY (game_id);


--
-- Name: stripe_events stripe_events_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.stripe_events
    ADD CONSTRAINT stripe_events_pkey PRIMARY KEY (id);


--
-- Name: subscription_plans subscription_plans_name_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.subscription_plans
    ADD CONSTRAINT subscription_plans_name_key UNIQUE (name);


--
-- Name: subscription_plans subscription_plans_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.subscription_plans
    ADD CONSTRAINT subscription_plans_pkey PRIMARY KEY (id);


--
-- Name: test_checkout_sessions test_checkout_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.test_checkout_sessions
    ADD CONSTRAINT test_checkout_sessions_pkey PRIMARY KEY (id);


--
-- Name: user_follows user_follows_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_follows
    ADD CONSTRAINT user_follows_pkey PRIMARY KEY (follower_id, followed_id);


--
-- Name: user_games user_games_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_games
    ADD CONSTRAINT user_games_pkey PRIMARY KEY (user_id, game_id);


--
-- Name: user_library_counts user_library_counts_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_library_counts
    ADD CONSTRAINT user_library_counts_pkey PRIMARY KEY (user_id);


--
-- Name: user_library_platforms user_library_platforms_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_library_platforms
    ADD CONSTRAINT user_library_platforms_pkey PRIMARY KEY (user_id, platform_id);


--
-- Name: user_list_entries user_list_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_list_entries
    ADD CONSTRAINT user_list_entries_pkey PRIMARY KEY (list_id, game_id);


--
-- Name: user_list_likes user_list_likes_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_list_likes
    ADD CONSTRAINT user_list_likes_pkey PRIMARY KEY (list_id, user_id);


--
-- Name: user_list_reports user_list_reports_once; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_list_reports
    ADD CONSTRAINT user_list_reports_once UNIQUE (list_id, reporter_id);


--
-- Name: user_list_reports user_list_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_list_reports
    ADD CONSTRAINT user_list_reports_pkey PRIMARY KEY (id);


--
-- Name: user_lists user_lists_owner_slug_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_lists
    ADD CONSTRAINT user_lists_owner_slug_key UNIQUE (user_id, slug);


--
-- Name: user_lists user_lists_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_lists
    ADD CONSTRAINT user_lists_pkey PRIMARY KEY (id);


--
-- Name: user_review_reports user_review_reports_once; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_reports
    ADD CONSTRAINT user_review_reports_once UNIQUE (review_id, reporter_id);


--
-- Name: user_review_reports user_review_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_reports
    ADD CONSTRAINT user_review_reports_pkey PRIMARY KEY (id);


--
-- Name: user_review_votes user_review_votes_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_votes
    ADD CONSTRAINT user_review_votes_pkey PRIMARY KEY (review_id, user_id);


--
-- Name: user_review_windows user_review_windows_once; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_windows
    ADD CONSTRAINT user_review_windows_once UNIQUE (game_id, kind, starts_at);


--
-- Name: user_review_windows user_review_windows_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_windows
    ADD CONSTRAINT user_review_windows_pkey PRIMARY KEY (id);


--
-- Name: user_reviews user_reviews_one_per_game; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_reviews
    ADD CONSTRAINT user_reviews_one_per_game UNIQUE (user_id, game_id);


--
-- Name: user_reviews user_reviews_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_reviews
    ADD CONSTRAINT user_reviews_pkey PRIMARY KEY (id);


--
-- Name: user_subscriptions user_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_subscriptions
    ADD CONSTRAINT user_subscriptions_pkey PRIMARY KEY (id);


--
-- Name: user_xp user_xp_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_xp
    ADD CONSTRAINT user_xp_pkey PRIMARY KEY (user_id);


--
-- Name: xp_ledger xp_ledger_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.xp_ledger
    ADD CONSTRAINT xp_ledger_pkey PRIMARY KEY (id);


--
-- Name: xp_periods xp_periods_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.xp_periods
    ADD CONSTRAINT xp_periods_pkey PRIMARY KEY (period, starts, user_id);


--
-- Name: messages messages_pkey; Type: CONSTRAINT; Schema: realtime; Owner: supabase_realtime_admin
--

ALTER TABLE ONLY realtime.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id, inserted_at);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: realtime; Owner: supabase_realtime_admin
--

ALTER TABLE ONLY realtime.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: buckets buckets_pkey; Type: CONSTRAINT; Schema: storage; Owner: supabase_storage_admin
--

ALTER TABLE ONLY storage.buckets
    ADD CONSTRAINT buckets_pkey PRIMARY KEY (id);


--
-- Name: migrations migrations_name_key; Type: CONSTRAINT; Schema: storage; Owner: supabase_storage_admin
--

ALTER TABLE ONLY storage.migrations
    ADD CONSTRAINT migrations_name_key UNIQUE (name);


--
-- Name: migrations migrations_pkey; Type: CONSTRAINT; Schema: storage; Owner: supabase_storage_admin
--

ALTER TABLE ONLY storage.migrations
    ADD CONSTRAINT migrations_pkey PRIMARY KEY (id);


--
-- Name: objects objects_pkey; Type: CONSTRAINT; Schema: storage; Owner: supabase_storage_admin
--

ALTER TABLE ONLY storage.objects
    ADD CONSTRAINT objects_pkey PRIMARY KEY (id);


--
-- Name: admin_audit_log_newest_idx; Type: INDEX; Schema: app_meta; Owner: postgres
--

CREATE INDEX admin_audit_log_newest_idx ON app_meta.admin_audit_log USING btree (created_at DESC, id DESC);


--
-- Name: auth_rate_limits_expires_at; Type: INDEX; Schema: app_meta; Owner: postgres
--

CREATE INDEX auth_rate_limits_expires_at ON app_meta.auth_rate_limits USING btree (expires_at);


--
-- Name: identities_user_id_idx; Type: INDEX; Schema: auth; Owner: supabase_auth_admin
--

CREATE INDEX identities_user_id_idx ON auth.identities USING btree (user_id);


--
-- Name: sessions_user_id_idx; Type: INDEX; Schema: auth; Owner: supabase_auth_admin
--

CREATE INDEX sessions_user_id_idx ON auth.sessions USING btree (user_id);


--
-- Name: users_email_partial_key; Type: INDEX; Schema: auth; Owner: supabase_auth_admin
--

CREATE UNIQUE INDEX users_email_partial_key ON auth.users USING btree (email) WHERE (is_sso_user = false);


--
-- Name: users_instance_id_idx; Type: INDEX; Schema: auth; Owner: supabase_auth_admin
--

CREATE INDEX users_instance_id_idx ON auth.users USING btree (instance_id);


--
-- Name: users_is_anonymous_idx; Type: INDEX; Schema: auth; Owner: supabase_auth_admin
--

CREATE INDEX users_is_anonymous_idx ON auth.users USING btree (is_anonymous);


--
-- Name: activity_events_actor_feed_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX activity_events_actor_feed_idx ON public.activity_events USING btree (actor_id, created_at DESC, id DESC) WHERE (is_public AND (retracted_at IS NULL));


--
-- Name: activity_events_game_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX activity_events_game_idx ON public.activity_events USING btree (game_id) WHERE (game_id IS NOT NULL);


--
-- Name: activity_events_once_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX activity_events_once_key ON public.activity_events USING btree (actor_id, kind, dedupe_key) WHERE (dedupe_key IS NOT NULL);


--
-- Name: activity_events_subject_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX activity_events_subject_idx ON public.activity_events USING btree (subject_type, subject_id);


--
-- Name: activity_events_target_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX activity_events_target_idx ON public.activity_events USING btree (target_user_id, created_at DESC) WHERE (target_user_id IS NOT NULL);


--
-- Name: analytics_events_name_time_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX analytics_events_name_time_idx ON public.analytics_events USING btree (name, occurred_at);


--
-- Name: analytics_events_time_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX analytics_events_time_idx ON public.analytics_events USING btree (occurred_at);


--
-- Name: author_applications_open_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX author_applications_open_key ON public.author_applications USING btree (outlet_id, user_id) WHERE (resolved_at IS NULL);


--
-- Name: author_tokens_outlet_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX author_tokens_outlet_idx ON public.author_tokens USING btree (outlet_id, created_at DESC) WHERE (outlet_id IS NOT NULL);


--
-- Name: billing_invoices_user_id; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX billing_invoices_user_id ON public.billing_invoices USING btree (user_id, created_at DESC);


--
-- Name: collection_games_game_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX collection_games_game_idx ON public.collection_games USING btree (game_id);


--
-- Name: collection_games_position_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX collection_games_position_key ON public.collection_games USING btree (collection_id, "position");


--
-- Name: companies_name_lower_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX companies_name_lower_key ON public.companies USING btree (lower(name));


--
-- Name: contact_messages_created_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX contact_messages_created_idx ON public.contact_messages USING btree (created_at DESC);


--
-- Name: contact_messages_email_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX contact_messages_email_idx ON public.contact_messages USING btree (lower(email), created_at DESC);


--
-- Name: contact_messages_sender_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX contact_messages_sender_idx ON public.contact_messages USING btree (sender_hash, created_at DESC);


--
-- Name: contact_messages_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX contact_messages_user_idx ON public.contact_messages USING btree (user_id) WHERE (user_id IS NOT NULL);


--
-- Name: critic_review_drafts_author_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX critic_review_drafts_author_idx ON public.critic_review_drafts USING btree (author_id, updated_at DESC) WHERE (author_id IS NOT NULL);


--
-- Name: critic_review_drafts_outlet_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX critic_review_drafts_outlet_idx ON public.critic_review_drafts USING btree (outlet_id, updated_at DESC);


--
-- Name: critic_reviews_author_order_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX critic_reviews_author_order_idx ON public.critic_reviews USING btree (author_id, published_at DESC, id DESC) WHERE (author_id IS NOT NULL);


--
-- Name: critic_reviews_game_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX critic_reviews_game_idx ON public.critic_reviews USING btree (game_id, kind, published_at DESC);


--
-- Name: critic_reviews_one_review_per_outlet; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX critic_reviews_one_review_per_outlet ON public.critic_reviews USING btree (game_id, outlet_id) WHERE (kind = 'review'::text);


--
-- Name: critic_reviews_outlet_order_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX critic_reviews_outlet_order_idx ON public.critic_reviews USING btree (outlet_id, published_at DESC, id DESC);


--
-- Name: critic_reviews_pending_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX critic_reviews_pending_idx ON public.critic_reviews USING btree (published_at) WHERE (NOT counted);


--
-- Name: critic_reviews_published_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX critic_reviews_published_idx ON public.critic_reviews USING btree (published_at DESC, id DESC) WHERE (kind = 'review'::text);


--
-- Name: error_reports_last_seen_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX error_reports_last_seen_idx ON public.error_reports USING btree (last_seen_at DESC);


--
-- Name: game_critic_stats_score_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_critic_stats_score_idx ON public.game_critic_stats USING btree (critic_score DESC, scored_count DESC, game_id) WHERE (critic_score IS NOT NULL);


--
-- Name: game_developers_company_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_developers_company_idx ON public.game_developers USING btree (company_id, game_id);


--
-- Name: game_genres_genre_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_genres_genre_idx ON public.game_genres USING btree (genre_id, game_id);


--
-- Name: game_platforms_platform_date_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_platforms_platform_date_idx ON public.game_platforms USING btree (platform_id, release_date, game_id);


--
-- Name: game_platforms_platform_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_platforms_platform_idx ON public.game_platforms USING btree (platform_id, game_id);


--
-- Name: game_platforms_release_date_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_platforms_release_date_idx ON public.game_platforms USING btree (release_date, game_id);


--
-- Name: game_publishers_company_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_publishers_company_idx ON public.game_publishers USING btree (company_id, game_id);


--
-- Name: game_request_votes_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_request_votes_user_idx ON public.game_request_votes USING btree (user_id);


--
-- Name: game_requests_duplicate_game_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_requests_duplicate_game_idx ON public.game_requests USING btree (duplicate_of_game_id) WHERE (duplicate_of_game_id IS NOT NULL);


--
-- Name: game_requests_game_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_requests_game_idx ON public.game_requests USING btree (game_id) WHERE (game_id IS NOT NULL);


--
-- Name: game_requests_one_per_title; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX game_requests_one_per_title ON public.game_requests USING btree (requester_id, lower(btrim(title)));


--
-- Name: game_requests_requester_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_requests_requester_idx ON public.game_requests USING btree (requester_id, created_at DESC);


--
-- Name: game_requests_status_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_requests_status_idx ON public.game_requests USING btree (status, votes_count DESC, id DESC);


--
-- Name: game_requests_title_trgm_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_requests_title_trgm_idx ON public.game_requests USING gin (lower(title) extensions.gin_trgm_ops);


--
-- Name: game_slug_redirects_game_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX game_slug_redirects_game_idx ON public.game_slug_redirects USING btree (game_id);


--
-- Name: games_release_date_asc_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX games_release_date_asc_idx ON public.games USING btree (release_date, id);


--
-- Name: games_release_date_desc_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX games_release_date_desc_idx ON public.games USING btree (release_date DESC NULLS LAST, id DESC);


--
-- Name: games_title_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX games_title_idx ON public.games USING btree (lower(title), id);


--
-- Name: games_title_prefix_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX games_title_prefix_idx ON public.games USING btree (lower(title) text_pattern_ops);


--
-- Name: games_title_trgm_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX games_title_trgm_idx ON public.games USING gin (lower(title) extensions.gin_trgm_ops);


--
-- Name: games_title_words_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX games_title_words_idx ON public.games USING gin (public.title_words(title));


--
-- Name: notifications_created_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX notifications_created_idx ON public.notifications USING btree (created_at);


--
-- Name: notifications_once_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX notifications_once_key ON public.notifications USING btree (user_id, kind, source);


--
-- Name: notifications_unread_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX notifications_unread_idx ON public.notifications USING btree (user_id, created_at) WHERE (read_at IS NULL);


--
-- Name: notifications_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX notifications_user_idx ON public.notifications USING btree (user_id, created_at DESC, id DESC);


--
-- Name: outlet_applications_applicant_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX outlet_applications_applicant_idx ON public.outlet_applications USING btree (applicant_id, created_at DESC);


--
-- Name: outlet_applications_one_pending; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX outlet_applications_one_pending ON public.outlet_applications USING btree (applicant_id) WHERE (status = 'pending'::text);


--
-- Name: outlet_applications_queue_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX outlet_applications_queue_idx ON public.outlet_applications USING btree (status, created_at);


--
-- Name: outlet_audit_log_outlet_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX outlet_audit_log_outlet_idx ON public.outlet_audit_log USING btree (outlet_id, created_at DESC, id DESC);


--
-- Name: outlet_authors_author_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX outlet_authors_author_idx ON public.outlet_authors USING btree (author_id, outlet_id);


--
-- Name: outlet_follows_outlet_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX outlet_follows_outlet_idx ON public.outlet_follows USING btree (outlet_id, user_id);


--
-- Name: outlet_owners_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX outlet_owners_user_idx ON public.outlet_owners USING btree (user_id, outlet_id);


--
-- Name: outlet_review_events_outlet_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX outlet_review_events_outlet_idx ON public.outlet_review_events USING btree (outlet_id, recorded_at);


--
-- Name: outlet_review_events_recorded_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX outlet_review_events_recorded_idx ON public.outlet_review_events USING btree (recorded_at);


--
-- Name: outlets_name_lower_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX outlets_name_lower_key ON public.outlets USING btree (lower(name));


--
-- Name: outlets_name_trgm_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX outlets_name_trgm_idx ON public.outlets USING gin (lower(name) extensions.gin_trgm_ops);


--
-- Name: outlets_owner_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX outlets_owner_idx ON public.outlets USING btree (owner_id) WHERE (owner_id IS NOT NULL);


--
-- Name: poll_votes_poll_option_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX poll_votes_poll_option_idx ON public.poll_votes USING btree (poll, option);


--
-- Name: profile_settings_private_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX profile_settings_private_idx ON public.profile_settings USING btree (user_id) WHERE is_private;


--
-- Name: profiles_username_lower_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX profiles_username_lower_key ON public.profiles USING btree (lower(username));


--
-- Name: search_words_trgm_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX search_words_trgm_idx ON public.search_words USING gin (word extensions.gin_trgm_ops);


--
-- Name: similar_game_refills_queued_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX similar_game_refills_queued_idx ON public.similar_game_refills USING btree (queued_at, game_id);


--
-- Name: stripe_events_received_at; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX stripe_events_received_at ON public.stripe_events USING btree (received_at);


--
-- Name: test_checkout_sessions_user_id; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX test_checkout_sessions_user_id ON public.test_checkout_sessions USING btree (user_id);


--
-- Name: user_follows_followed_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_follows_followed_idx ON public.user_follows USING btree (followed_id, follower_id);


--
-- Name: user_games_game_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_games_game_idx ON public.user_games USING btree (game_id, status);


--
-- Name: user_games_user_favourite_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_games_user_favourite_idx ON public.user_games USING btree (user_id, updated_at DESC) WHERE favourite;


--
-- Name: user_games_user_status_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_games_user_status_idx ON public.user_games USING btree (user_id, status, updated_at DESC);


--
-- Name: user_games_user_wishlist_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_games_user_wishlist_idx ON public.user_games USING btree (user_id, updated_at DESC) WHERE wishlist;


--
-- Name: user_list_entries_game_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_list_entries_game_idx ON public.user_list_entries USING btree (game_id);


--
-- Name: user_list_entries_order_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_list_entries_order_idx ON public.user_list_entries USING btree (list_id, "position");


--
-- Name: user_list_likes_in_window_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_list_likes_in_window_idx ON public.user_list_likes USING btree (created_at) WHERE in_window;


--
-- Name: user_list_likes_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_list_likes_user_idx ON public.user_list_likes USING btree (user_id, created_at DESC);


--
-- Name: user_list_reports_open_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_list_reports_open_idx ON public.user_list_reports USING btree (created_at) WHERE (status = 'open'::text);


--
-- Name: user_lists_public_likes_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_lists_public_likes_idx ON public.user_lists USING btree (likes_count DESC, id DESC) WHERE (visibility = 'public'::text);


--
-- Name: user_lists_public_popular_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_lists_public_popular_idx ON public.user_lists USING btree (recent_likes_count DESC, likes_count DESC, id DESC) WHERE ((visibility = 'public'::text) AND (hidden = false));


--
-- Name: user_lists_public_recent_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_lists_public_recent_idx ON public.user_lists USING btree (created_at DESC) WHERE (visibility = 'public'::text);


--
-- Name: user_lists_public_title_trgm_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_lists_public_title_trgm_idx ON public.user_lists USING gin (title extensions.gin_trgm_ops) WHERE (visibility = 'public'::text);


--
-- Name: user_lists_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_lists_user_idx ON public.user_lists USING btree (user_id, updated_at DESC);


--
-- Name: user_review_reports_open_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_review_reports_open_idx ON public.user_review_reports USING btree (created_at) WHERE (status = 'open'::text);


--
-- Name: user_review_votes_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_review_votes_user_idx ON public.user_review_votes USING btree (user_id);


--
-- Name: user_review_windows_game_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_review_windows_game_idx ON public.user_review_windows USING btree (game_id, starts_at);


--
-- Name: user_reviews_created_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_reviews_created_idx ON public.user_reviews USING btree (created_at);


--
-- Name: user_reviews_game_helpful_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_reviews_game_helpful_idx ON public.user_reviews USING btree (game_id, helpful_count DESC, id DESC) WHERE (NOT hidden);


--
-- Name: user_reviews_game_newest_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_reviews_game_newest_idx ON public.user_reviews USING btree (game_id, created_at DESC, id DESC) WHERE (NOT hidden);


--
-- Name: user_reviews_game_rating_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_reviews_game_rating_idx ON public.user_reviews USING btree (game_id, rating, id) WHERE (NOT hidden);


--
-- Name: user_reviews_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_reviews_user_idx ON public.user_reviews USING btree (user_id, created_at DESC, id DESC);


--
-- Name: user_subscriptions_one_active; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX user_subscriptions_one_active ON public.user_subscriptions USING btree (user_id) WHERE (status = 'active'::text);


--
-- Name: user_subscriptions_plan_id; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_subscriptions_plan_id ON public.user_subscriptions USING btree (plan_id);


--
-- Name: user_subscriptions_stripe_subscription_id; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX user_subscriptions_stripe_subscription_id ON public.user_subscriptions USING btree (stripe_subscription_id);


--
-- Name: user_subscriptions_user_id; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_subscriptions_user_id ON public.user_subscriptions USING btree (user_id);


--
-- Name: user_xp_rank_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX user_xp_rank_idx ON public.user_xp USING btree (total DESC, reached_at, user_id);


--
-- Name: xp_ledger_award_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX xp_ledger_award_key ON public.xp_ledger USING btree (user_id, kind, source) WHERE (reverses IS NULL);


--
-- Name: xp_ledger_reversal_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX xp_ledger_reversal_key ON public.xp_ledger USING btree (reverses) WHERE (reverses IS NOT NULL);


--
-- Name: xp_ledger_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX xp_ledger_user_idx ON public.xp_ledger USING btree (user_id, created_at DESC);


--
-- Name: xp_periods_rank_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX xp_periods_rank_idx ON public.xp_periods USING btree (period, starts, points DESC, reached_at, user_id);


--
-- Name: messages_inserted_at_topic_index; Type: INDEX; Schema: realtime; Owner: supabase_realtime_admin
--

CREATE INDEX messages_inserted_at_topic_index ON ONLY realtime.messages USING btree (inserted_at DESC, topic) WHERE ((extension = 'broadcast'::text) AND (private IS TRUE));


--
-- Name: bname; Type: INDEX; Schema: storage; Owner: supabase_storage_admin
--

CREATE UNIQUE INDEX bname ON storage.buckets USING btree (name);


--
-- Name: bucketid_objname; Type: INDEX; Schema: storage; Owner: supabase_storage_admin
--

CREATE UNIQUE INDEX bucketid_objname ON storage.objects USING btree (bucket_id, name);


--
-- Name: users on_auth_user_created; Type: TRIGGER; Schema: auth; Owner: supabase_auth_admin
--

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION public.handle_new_user();


--
-- Name: users on_auth_user_email_changed; Type: TRIGGER; Schema: auth; Owner: supabase_auth_admin
--

CREATE TRIGGER on_auth_user_email_changed AFTER UPDATE OF email ON auth.users FOR EACH ROW WHEN (((old.email)::text IS DISTINCT FROM (new.email)::text)) EXECUTE FUNCTION public.handle_user_email_change();


--
-- Name: authors authors_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER authors_set_updated_at BEFORE UPDATE ON public.authors FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: collections collections_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER collections_set_updated_at BEFORE UPDATE ON public.collections FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: critic_review_drafts critic_review_drafts_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER critic_review_drafts_set_updated_at BEFORE UPDATE ON public.critic_review_drafts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: critic_reviews critic_reviews_aggregate; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER critic_reviews_aggregate AFTER INSERT OR DELETE OR UPDATE ON public.critic_reviews FOR EACH ROW EXECUTE FUNCTION public.critic_reviews_aggregate();


--
-- Name: critic_reviews critic_reviews_mark_score_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER critic_reviews_mark_score_update BEFORE UPDATE OF raw_score, recommended ON public.critic_reviews FOR EACH ROW EXECUTE FUNCTION public.critic_reviews_mark_score_update();


--
-- Name: critic_reviews critic_reviews_notify_followers; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER critic_reviews_notify_followers AFTER INSERT OR UPDATE OF counted ON public.critic_reviews FOR EACH ROW EXECUTE FUNCTION public.notify_outlet_followers();


--
-- Name: critic_reviews critic_reviews_outlet_aggregate; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER critic_reviews_outlet_aggregate AFTER INSERT OR DELETE OR UPDATE ON public.critic_reviews FOR EACH ROW EXECUTE FUNCTION public.critic_reviews_outlet_aggregate();


--
-- Name: critic_reviews critic_reviews_prepare; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER critic_reviews_prepare BEFORE INSERT OR UPDATE ON public.critic_reviews FOR EACH ROW EXECUTE FUNCTION public.critic_reviews_prepare();


--
-- Name: game_developers game_developers_similar_delete; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_developers_similar_delete AFTER DELETE ON public.game_developers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_developers();


--
-- Name: game_developers game_developers_similar_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_developers_similar_insert AFTER INSERT ON public.game_developers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_developers();


--
-- Name: game_developers game_developers_similar_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_developers_similar_update AFTER UPDATE ON public.game_developers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_developers();


--
-- Name: game_genres game_genres_card_links_delete; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_genres_card_links_delete AFTER DELETE ON public.game_genres REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.card_links_on_links();


--
-- Name: game_genres game_genres_card_links_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_genres_card_links_insert AFTER INSERT ON public.game_genres REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.card_links_on_links();


--
-- Name: game_genres game_genres_card_links_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_genres_card_links_update AFTER UPDATE ON public.game_genres REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.card_links_on_links();


--
-- Name: game_genres game_genres_similar_delete; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_genres_similar_delete AFTER DELETE ON public.game_genres REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_genres();


--
-- Name: game_genres game_genres_similar_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_genres_similar_insert AFTER INSERT ON public.game_genres REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_genres();


--
-- Name: game_genres game_genres_similar_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_genres_similar_update AFTER UPDATE ON public.game_genres REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_genres();


--
-- Name: game_platforms game_platforms_card_links_delete; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_platforms_card_links_delete AFTER DELETE ON public.game_platforms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.card_links_on_links();


--
-- Name: game_platforms game_platforms_card_links_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_platforms_card_links_insert AFTER INSERT ON public.game_platforms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.card_links_on_links();


--
-- Name: game_platforms game_platforms_card_links_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_platforms_card_links_update AFTER UPDATE ON public.game_platforms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.card_links_on_links();


--
-- Name: game_platforms game_platforms_similar_delete; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_platforms_similar_delete AFTER DELETE ON public.game_platforms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_platforms();


--
-- Name: game_platforms game_platforms_similar_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_platforms_similar_insert AFTER INSERT ON public.game_platforms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_platforms();


--
-- Name: game_platforms game_platforms_similar_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_platforms_similar_update AFTER UPDATE ON public.game_platforms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_platforms();


--
-- Name: game_publishers game_publishers_similar_delete; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_publishers_similar_delete AFTER DELETE ON public.game_publishers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_publishers();


--
-- Name: game_publishers game_publishers_similar_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_publishers_similar_insert AFTER INSERT ON public.game_publishers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_publishers();


--
-- Name: game_publishers game_publishers_similar_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_publishers_similar_update AFTER UPDATE ON public.game_publishers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.similar_games_on_publishers();


--
-- Name: game_request_votes game_request_votes_count; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_request_votes_count AFTER INSERT OR DELETE ON public.game_request_votes FOR EACH ROW EXECUTE FUNCTION public.game_request_votes_count();


--
-- Name: game_requests game_requests_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER game_requests_set_updated_at BEFORE UPDATE ON public.game_requests FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: games games_add_search_words_on_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER games_add_search_words_on_insert AFTER INSERT ON public.games REFERENCING NEW TABLE AS changed_games FOR EACH STATEMENT EXECUTE FUNCTION public.add_search_words();


--
-- Name: games games_add_search_words_on_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER games_add_search_words_on_update AFTER UPDATE ON public.games REFERENCING NEW TABLE AS changed_games FOR EACH STATEMENT EXECUTE FUNCTION public.add_search_words();


--
-- Name: games games_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER games_set_updated_at BEFORE UPDATE ON public.games FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: games games_similar_release_date; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER games_similar_release_date AFTER UPDATE OF release_date ON public.games FOR EACH ROW WHEN ((old.release_date IS DISTINCT FROM new.release_date)) EXECUTE FUNCTION public.similar_games_on_release_date();


--
-- Name: genres genres_card_links_names; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER genres_card_links_names AFTER UPDATE OF slug, name ON public.genres FOR EACH ROW WHEN (((old.slug IS DISTINCT FROM new.slug) OR (old.name IS DISTINCT FROM new.name))) EXECUTE FUNCTION public.card_links_on_name();


--
-- Name: notifications notifications_broadcast; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER notifications_broadcast AFTER INSERT ON public.notifications FOR EACH ROW EXECUTE FUNCTION public.broadcast_notification();


--
-- Name: outlet_follows outlet_follows_counts; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER outlet_follows_counts AFTER INSERT OR DELETE ON public.outlet_follows FOR EACH ROW EXECUTE FUNCTION public.keep_follow_counts();


--
-- Name: outlets outlets_mirror_owner; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER outlets_mirror_owner AFTER INSERT OR UPDATE OF owner_id ON public.outlets FOR EACH ROW EXECUTE FUNCTION public.outlets_mirror_owner();


--
-- Name: outlets outlets_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER outlets_set_updated_at BEFORE UPDATE ON public.outlets FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: outlets outlets_threshold_changed; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER outlets_threshold_changed AFTER UPDATE OF recommendation_threshold ON public.outlets FOR EACH ROW WHEN ((old.recommendation_threshold IS DISTINCT FROM new.recommendation_threshold)) EXECUTE FUNCTION public.outlets_threshold_changed();


--
-- Name: platforms platforms_card_links_names; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER platforms_card_links_names AFTER UPDATE OF slug, name, abbreviation ON public.platforms FOR EACH ROW WHEN (((old.slug IS DISTINCT FROM new.slug) OR (old.name IS DISTINCT FROM new.name) OR (old.abbreviation IS DISTINCT FROM new.abbreviation))) EXECUTE FUNCTION public.card_links_on_name();


--
-- Name: poll_votes poll_votes_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER poll_votes_set_updated_at BEFORE UPDATE ON public.poll_votes FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: profile_settings profile_settings_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER profile_settings_set_updated_at BEFORE UPDATE ON public.profile_settings FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: profiles profiles_check_username; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER profiles_check_username BEFORE INSERT OR UPDATE OF username ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.check_profile_username();


--
-- Name: user_follows user_follows_counts; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_follows_counts AFTER INSERT OR DELETE ON public.user_follows FOR EACH ROW EXECUTE FUNCTION public.keep_follow_counts();


--
-- Name: user_games user_games_library_counts; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_games_library_counts AFTER INSERT OR DELETE ON public.user_games FOR EACH ROW EXECUTE FUNCTION public.library_counts_on_game_row();


--
-- Name: user_games user_games_library_counts_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_games_library_counts_update AFTER UPDATE OF user_id, status, wishlist, favourite, platform_id ON public.user_games FOR EACH ROW WHEN (((old.user_id IS DISTINCT FROM new.user_id) OR (old.status IS DISTINCT FROM new.status) OR (old.wishlist IS DISTINCT FROM new.wishlist) OR (old.favourite IS DISTINCT FROM new.favourite) OR (old.platform_id IS DISTINCT FROM new.platform_id))) EXECUTE FUNCTION public.library_counts_on_game_row();


--
-- Name: user_games user_games_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_games_set_updated_at BEFORE UPDATE ON public.user_games FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: user_list_entries user_list_entries_count; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_list_entries_count AFTER INSERT OR DELETE ON public.user_list_entries FOR EACH ROW EXECUTE FUNCTION public.user_list_entries_count();


--
-- Name: user_list_likes user_list_likes_count; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_list_likes_count AFTER INSERT OR DELETE OR UPDATE ON public.user_list_likes FOR EACH ROW EXECUTE FUNCTION public.user_list_likes_count();


--
-- Name: user_list_likes user_list_likes_window; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_list_likes_window BEFORE INSERT OR UPDATE OF created_at ON public.user_list_likes FOR EACH ROW EXECUTE FUNCTION public.user_list_likes_window();


--
-- Name: user_lists user_lists_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_lists_set_updated_at BEFORE UPDATE ON public.user_lists FOR EACH ROW WHEN (((old.likes_count = new.likes_count) AND (old.recent_likes_count = new.recent_likes_count))) EXECUTE FUNCTION public.set_updated_at();


--
-- Name: user_review_votes user_review_votes_count; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_review_votes_count AFTER INSERT OR DELETE ON public.user_review_votes FOR EACH ROW EXECUTE FUNCTION public.user_review_votes_count();


--
-- Name: user_review_windows user_review_windows_changed; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_review_windows_changed AFTER INSERT OR UPDATE OF status ON public.user_review_windows FOR EACH ROW EXECUTE FUNCTION public.user_review_windows_changed();


--
-- Name: user_reviews user_reviews_aggregate; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_reviews_aggregate AFTER INSERT OR DELETE OR UPDATE OF game_id, rating, hidden, counted ON public.user_reviews FOR EACH ROW EXECUTE FUNCTION public.user_reviews_aggregate();


--
-- Name: user_reviews user_reviews_platform_counts_delete; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_reviews_platform_counts_delete AFTER DELETE ON public.user_reviews FOR EACH ROW WHEN (((old.platform_id IS NOT NULL) AND (NOT old.hidden))) EXECUTE FUNCTION public.user_reviews_platform_counts();


--
-- Name: user_reviews user_reviews_platform_counts_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_reviews_platform_counts_insert AFTER INSERT ON public.user_reviews FOR EACH ROW WHEN (((new.platform_id IS NOT NULL) AND (NOT new.hidden))) EXECUTE FUNCTION public.user_reviews_platform_counts();


--
-- Name: user_reviews user_reviews_platform_counts_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_reviews_platform_counts_update AFTER UPDATE OF game_id, platform_id, hidden ON public.user_reviews FOR EACH ROW WHEN (((old.game_id IS DISTINCT FROM new.game_id) OR (old.platform_id IS DISTINCT FROM new.platform_id) OR (old.hidden IS DISTINCT FROM new.hidden))) EXECUTE FUNCTION public.user_reviews_platform_counts();


--
-- Name: user_reviews user_reviews_prepare; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_reviews_prepare BEFORE INSERT OR UPDATE ON public.user_reviews FOR EACH ROW EXECUTE FUNCTION public.user_reviews_prepare();


--
-- Name: user_reviews user_reviews_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_reviews_set_updated_at BEFORE UPDATE ON public.user_reviews FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: user_subscriptions user_subscriptions_set_updated_at; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER user_subscriptions_set_updated_at BEFORE UPDATE ON public.user_subscriptions FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: buckets protect_buckets_delete; Type: TRIGGER; Schema: storage; Owner: supabase_storage_admin
--

CREATE TRIGGER protect_buckets_delete BEFORE DELETE ON storage.buckets FOR EACH STATEMENT EXECUTE FUNCTION storage.protect_delete();


--
-- Name: objects protect_objects_delete; Type: TRIGGER; Schema: storage; Owner: supabase_storage_admin
--

CREATE TRIGGER protect_objects_delete BEFORE DELETE ON storage.objects FOR EACH STATEMENT EXECUTE FUNCTION storage.protect_delete();


--
-- Name: objects update_objects_updated_at; Type: TRIGGER; Schema: storage; Owner: supabase_storage_admin
--

CREATE TRIGGER update_objects_updated_at BEFORE UPDATE ON storage.objects FOR EACH ROW EXECUTE FUNCTION storage.update_updated_at_column();


--
-- Name: admin_audit_log admin_audit_log_admin_id_fkey; Type: FK CONSTRAINT; Schema: app_meta; Owner: postgres
--

ALTER TABLE ONLY app_meta.admin_audit_log
    ADD CONSTRAINT admin_audit_log_admin_id_fkey FOREIGN KEY (admin_id) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: admins admins_user_id_fkey; Type: FK CONSTRAINT; Schema: app_meta; Owner: postgres
--

ALTER TABLE ONLY app_meta.admins
    ADD CONSTRAINT admins_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: identities identities_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.identities
    ADD CONSTRAINT identities_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: mfa_amr_claims mfa_amr_claims_session_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.mfa_amr_claims
    ADD CONSTRAINT mfa_amr_claims_session_id_fkey FOREIGN KEY (session_id) REFERENCES auth.sessions(id) ON DELETE CASCADE;


--
-- Name: mfa_challenges mfa_challenges_factor_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.mfa_challenges
    ADD CONSTRAINT mfa_challenges_factor_id_fkey FOREIGN KEY (factor_id) REFERENCES auth.mfa_factors(id) ON DELETE CASCADE;


--
-- Name: mfa_factors mfa_factors_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.mfa_factors
    ADD CONSTRAINT mfa_factors_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: one_time_tokens one_time_tokens_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.one_time_tokens
    ADD CONSTRAINT one_time_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: refresh_tokens refresh_tokens_session_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.refresh_tokens
    ADD CONSTRAINT refresh_tokens_session_id_fkey FOREIGN KEY (session_id) REFERENCES auth.sessions(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE ONLY auth.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: activity_events activity_events_actor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.activity_events
    ADD CONSTRAINT activity_events_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: activity_events activity_events_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.activity_events
    ADD CONSTRAINT activity_events_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: activity_events activity_events_kind_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.activity_events
    ADD CONSTRAINT activity_events_kind_fkey FOREIGN KEY (kind) REFERENCES public.activity_kinds(kind);


--
-- Name: activity_events activity_events_target_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.activity_events
    ADD CONSTRAINT activity_events_target_user_id_fkey FOREIGN KEY (target_user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: author_applications author_applications_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.author_applications
    ADD CONSTRAINT author_applications_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE CASCADE;


--
-- Name: author_applications author_applications_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.author_applications
    ADD CONSTRAINT author_applications_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: author_tokens author_tokens_author_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.author_tokens
    ADD CONSTRAINT author_tokens_author_id_fkey FOREIGN KEY (author_id) REFERENCES public.authors(id) ON DELETE CASCADE;


--
-- Name: author_tokens author_tokens_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.author_tokens
    ADD CONSTRAINT author_tokens_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: author_tokens author_tokens_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.author_tokens
    ADD CONSTRAINT author_tokens_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE CASCADE;


--
-- Name: author_tokens author_tokens_used_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.author_tokens
    ADD CONSTRAINT author_tokens_used_by_fkey FOREIGN KEY (used_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: authors authors_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.authors
    ADD CONSTRAINT authors_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: billing_customers billing_customers_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.billing_customers
    ADD CONSTRAINT billing_customers_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: billing_invoices billing_invoices_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.billing_invoices
    ADD CONSTRAINT billing_invoices_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: collection_games collection_games_collection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.collection_games
    ADD CONSTRAINT collection_games_collection_id_fkey FOREIGN KEY (collection_id) REFERENCES public.collections(id) ON DELETE CASCADE;


--
-- Name: collection_games collection_games_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.collection_games
    ADD CONSTRAINT collection_games_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: contact_messages contact_messages_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.contact_messages
    ADD CONSTRAINT contact_messages_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: critic_review_drafts critic_review_drafts_author_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_review_drafts
    ADD CONSTRAINT critic_review_drafts_author_id_fkey FOREIGN KEY (author_id) REFERENCES public.authors(id) ON DELETE SET NULL;


--
-- Name: critic_review_drafts critic_review_drafts_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_review_drafts
    ADD CONSTRAINT critic_review_drafts_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: critic_review_drafts critic_review_drafts_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_review_drafts
    ADD CONSTRAINT critic_review_drafts_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: critic_review_drafts critic_review_drafts_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_review_drafts
    ADD CONSTRAINT critic_review_drafts_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE CASCADE;


--
-- Name: critic_review_drafts critic_review_drafts_platform_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_review_drafts
    ADD CONSTRAINT critic_review_drafts_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES public.platforms(id) ON DELETE SET NULL;


--
-- Name: critic_reviews critic_reviews_author_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_reviews
    ADD CONSTRAINT critic_reviews_author_id_fkey FOREIGN KEY (author_id) REFERENCES public.authors(id) ON DELETE SET NULL;


--
-- Name: critic_reviews critic_reviews_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_reviews
    ADD CONSTRAINT critic_reviews_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: critic_reviews critic_reviews_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_reviews
    ADD CONSTRAINT critic_reviews_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE CASCADE;


--
-- Name: critic_reviews critic_reviews_platform_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.critic_reviews
    ADD CONSTRAINT critic_reviews_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES public.platforms(id) ON DELETE SET NULL;


--
-- Name: game_card_links game_card_links_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_card_links
    ADD CONSTRAINT game_card_links_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: game_critic_stats game_critic_stats_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_critic_stats
    ADD CONSTRAINT game_critic_stats_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: game_developers game_developers_company_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_developers
    ADD CONSTRAINT game_developers_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE RESTRICT;


--
-- Name: game_developers game_developers_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_developers
    ADD CONSTRAINT game_developers_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: game_genres game_genres_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_genres
    ADD CONSTRAINT game_genres_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: game_genres game_genres_genre_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_genres
    ADD CONSTRAINT game_genres_genre_id_fkey FOREIGN KEY (genre_id) REFERENCES public.genres(id) ON DELETE RESTRICT;


--
-- Name: game_platforms game_platforms_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_platforms
    ADD CONSTRAINT game_platforms_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: game_platforms game_platforms_platform_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_platforms
    ADD CONSTRAINT game_platforms_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES public.platforms(id) ON DELETE RESTRICT;


--
-- Name: game_publishers game_publishers_company_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_publishers
    ADD CONSTRAINT game_publishers_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE RESTRICT;


--
-- Name: game_publishers game_publishers_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_publishers
    ADD CONSTRAINT game_publishers_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: game_request_votes game_request_votes_request_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_request_votes
    ADD CONSTRAINT game_request_votes_request_id_fkey FOREIGN KEY (request_id) REFERENCES public.game_requests(id) ON DELETE CASCADE;


--
-- Name: game_request_votes game_request_votes_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_request_votes
    ADD CONSTRAINT game_request_votes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: game_requests game_requests_duplicate_of_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_requests
    ADD CONSTRAINT game_requests_duplicate_of_game_id_fkey FOREIGN KEY (duplicate_of_game_id) REFERENCES public.games(id) ON DELETE SET NULL;


--
-- Name: game_requests game_requests_duplicate_of_request_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_requests
    ADD CONSTRAINT game_requests_duplicate_of_request_id_fkey FOREIGN KEY (duplicate_of_request_id) REFERENCES public.game_requests(id) ON DELETE SET NULL;


--
-- Name: game_requests game_requests_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_requests
    ADD CONSTRAINT game_requests_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE SET NULL;


--
-- Name: game_requests game_requests_requester_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_requests
    ADD CONSTRAINT game_requests_requester_id_fkey FOREIGN KEY (requester_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: game_requests game_requests_resolved_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_requests
    ADD CONSTRAINT game_requests_resolved_by_fkey FOREIGN KEY (resolved_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: game_slug_redirects game_slug_redirects_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_slug_redirects
    ADD CONSTRAINT game_slug_redirects_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: game_user_review_platforms game_user_review_platforms_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_user_review_platforms
    ADD CONSTRAINT game_user_review_platforms_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: game_user_review_platforms game_user_review_platforms_platform_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_user_review_platforms
    ADD CONSTRAINT game_user_review_platforms_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES public.platforms(id) ON DELETE CASCADE;


--
-- Name: game_user_scores game_user_scores_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.game_user_scores
    ADD CONSTRAINT game_user_scores_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: notification_inbox notification_inbox_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.notification_inbox
    ADD CONSTRAINT notification_inbox_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: notification_preferences notification_preferences_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.notification_preferences
    ADD CONSTRAINT notification_preferences_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: notifications notifications_actor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: notifications notifications_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: outlet_applications outlet_applications_applicant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_applications
    ADD CONSTRAINT outlet_applications_applicant_id_fkey FOREIGN KEY (applicant_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: outlet_applications outlet_applications_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_applications
    ADD CONSTRAINT outlet_applications_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE SET NULL;


--
-- Name: outlet_applications outlet_applications_resolved_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_applications
    ADD CONSTRAINT outlet_applications_resolved_by_fkey FOREIGN KEY (resolved_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: outlet_audit_log outlet_audit_log_actor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_audit_log
    ADD CONSTRAINT outlet_audit_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: outlet_audit_log outlet_audit_log_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_audit_log
    ADD CONSTRAINT outlet_audit_log_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE CASCADE;


--
-- Name: outlet_authors outlet_authors_author_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_authors
    ADD CONSTRAINT outlet_authors_author_id_fkey FOREIGN KEY (author_id) REFERENCES public.authors(id) ON DELETE CASCADE;


--
-- Name: outlet_authors outlet_authors_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_authors
    ADD CONSTRAINT outlet_authors_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE CASCADE;


--
-- Name: outlet_critic_stats outlet_critic_stats_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_critic_stats
    ADD CONSTRAINT outlet_critic_stats_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE CASCADE;


--
-- Name: outlet_follows outlet_follows_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_follows
    ADD CONSTRAINT outlet_follows_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE CASCADE;


--
-- Name: outlet_follows outlet_follows_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_follows
    ADD CONSTRAINT outlet_follows_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: outlet_owners outlet_owners_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_owners
    ADD CONSTRAINT outlet_owners_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE CASCADE;


--
-- Name: outlet_owners outlet_owners_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_owners
    ADD CONSTRAINT outlet_owners_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: outlet_review_events outlet_review_events_outlet_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_review_events
    ADD CONSTRAINT outlet_review_events_outlet_id_fkey FOREIGN KEY (outlet_id) REFERENCES public.outlets(id) ON DELETE CASCADE;


--
-- Name: outlet_review_events outlet_review_events_review_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlet_review_events
    ADD CONSTRAINT outlet_review_events_review_id_fkey FOREIGN KEY (review_id) REFERENCES public.critic_reviews(id) ON DELETE CASCADE;


--
-- Name: outlets outlets_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.outlets
    ADD CONSTRAINT outlets_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: poll_votes poll_votes_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.poll_votes
    ADD CONSTRAINT poll_votes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: profile_settings profile_settings_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.profile_settings
    ADD CONSTRAINT profile_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: profiles profiles_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: similar_game_rankings similar_game_rankings_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.similar_game_rankings
    ADD CONSTRAINT similar_game_rankings_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: test_checkout_sessions test_checkout_sessions_plan_name_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.test_checkout_sessions
    ADD CONSTRAINT test_checkout_sessions_plan_name_fkey FOREIGN KEY (plan_name) REFERENCES public.subscription_plans(name);


--
-- Name: test_checkout_sessions test_checkout_sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.test_checkout_sessions
    ADD CONSTRAINT test_checkout_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_follows user_follows_followed_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_follows
    ADD CONSTRAINT user_follows_followed_id_fkey FOREIGN KEY (followed_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_follows user_follows_follower_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_follows
    ADD CONSTRAINT user_follows_follower_id_fkey FOREIGN KEY (follower_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_games user_games_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_games
    ADD CONSTRAINT user_games_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: user_games user_games_platform_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_games
    ADD CONSTRAINT user_games_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES public.platforms(id) ON DELETE SET NULL;


--
-- Name: user_games user_games_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_games
    ADD CONSTRAINT user_games_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_library_counts user_library_counts_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_library_counts
    ADD CONSTRAINT user_library_counts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_library_platforms user_library_platforms_platform_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_library_platforms
    ADD CONSTRAINT user_library_platforms_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES public.platforms(id) ON DELETE CASCADE;


--
-- Name: user_library_platforms user_library_platforms_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_library_platforms
    ADD CONSTRAINT user_library_platforms_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_list_entries user_list_entries_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_list_entries
    ADD CONSTRAINT user_list_entries_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: user_list_entries user_list_entries_list_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_list_entries
    ADD CONSTRAINT user_list_entries_list_id_fkey FOREIGN KEY (list_id) REFERENCES public.user_lists(id) ON DELETE CASCADE;


--
-- Name: user_list_likes user_list_likes_list_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_list_likes
    ADD CONSTRAINT user_list_likes_list_id_fkey FOREIGN KEY (list_id) REFERENCES public.user_lists(id) ON DELETE CASCADE;


--
-- Name: user_list_likes user_list_likes_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_list_likes
    ADD CONSTRAINT user_list_likes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_list_reports user_list_reports_list_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_list_reports
    ADD CONSTRAINT user_list_reports_list_id_fkey FOREIGN KEY (list_id) REFERENCES public.user_lists(id) ON DELETE CASCADE;


--
-- Name: user_list_reports user_list_reports_reporter_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_list_reports
    ADD CONSTRAINT user_list_reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_lists user_lists_hidden_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_lists
    ADD CONSTRAINT user_lists_hidden_by_fkey FOREIGN KEY (hidden_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: user_lists user_lists_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_lists
    ADD CONSTRAINT user_lists_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_review_reports user_review_reports_reporter_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_reports
    ADD CONSTRAINT user_review_reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_review_reports user_review_reports_review_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_reports
    ADD CONSTRAINT user_review_reports_review_id_fkey FOREIGN KEY (review_id) REFERENCES public.user_reviews(id) ON DELETE CASCADE;


--
-- Name: user_review_votes user_review_votes_review_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_votes
    ADD CONSTRAINT user_review_votes_review_id_fkey FOREIGN KEY (review_id) REFERENCES public.user_reviews(id) ON DELETE CASCADE;


--
-- Name: user_review_votes user_review_votes_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_votes
    ADD CONSTRAINT user_review_votes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_review_windows user_review_windows_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_windows
    ADD CONSTRAINT user_review_windows_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: user_review_windows user_review_windows_resolved_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_review_windows
    ADD CONSTRAINT user_review_windows_resolved_by_fkey FOREIGN KEY (resolved_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: user_reviews user_reviews_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_reviews
    ADD CONSTRAINT user_reviews_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: user_reviews user_reviews_hidden_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_reviews
    ADD CONSTRAINT user_reviews_hidden_by_fkey FOREIGN KEY (hidden_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: user_reviews user_reviews_platform_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_reviews
    ADD CONSTRAINT user_reviews_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES public.platforms(id) ON DELETE SET NULL;


--
-- Name: user_reviews user_reviews_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_reviews
    ADD CONSTRAINT user_reviews_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_subscriptions user_subscriptions_plan_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_subscriptions
    ADD CONSTRAINT user_subscriptions_plan_id_fkey FOREIGN KEY (plan_id) REFERENCES public.subscription_plans(id);


--
-- Name: user_subscriptions user_subscriptions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_subscriptions
    ADD CONSTRAINT user_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_xp user_xp_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.user_xp
    ADD CONSTRAINT user_xp_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: xp_ledger xp_ledger_reverses_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.xp_ledger
    ADD CONSTRAINT xp_ledger_reverses_fkey FOREIGN KEY (reverses) REFERENCES public.xp_ledger(id) ON DELETE CASCADE;


--
-- Name: xp_ledger xp_ledger_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.xp_ledger
    ADD CONSTRAINT xp_ledger_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: xp_periods xp_periods_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.xp_periods
    ADD CONSTRAINT xp_periods_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: objects objects_bucketId_fkey; Type: FK CONSTRAINT; Schema: storage; Owner: supabase_storage_admin
--

ALTER TABLE ONLY storage.objects
    ADD CONSTRAINT "objects_bucketId_fkey" FOREIGN KEY (bucket_id) REFERENCES storage.buckets(id);


--
-- Name: audit_log_entries; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.audit_log_entries ENABLE ROW LEVEL SECURITY;

--
-- Name: flow_state; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.flow_state ENABLE ROW LEVEL SECURITY;

--
-- Name: identities; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.identities ENABLE ROW LEVEL SECURITY;

--
-- Name: instances; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.instances ENABLE ROW LEVEL SECURITY;

--
-- Name: mfa_amr_claims; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.mfa_amr_claims ENABLE ROW LEVEL SECURITY;

--
-- Name: mfa_challenges; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.mfa_challenges ENABLE ROW LEVEL SECURITY;

--
-- Name: mfa_factors; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.mfa_factors ENABLE ROW LEVEL SECURITY;

--
-- Name: one_time_tokens; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.one_time_tokens ENABLE ROW LEVEL SECURITY;

--
-- Name: refresh_tokens; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.refresh_tokens ENABLE ROW LEVEL SECURITY;

--
-- Name: schema_migrations; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.schema_migrations ENABLE ROW LEVEL SECURITY;

--
-- Name: sessions; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.sessions ENABLE ROW LEVEL SECURITY;

--
-- Name: users; Type: ROW SECURITY; Schema: auth; Owner: supabase_auth_admin
--

ALTER TABLE auth.users ENABLE ROW LEVEL SECURITY;

--
-- Name: activity_events; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.activity_events ENABLE ROW LEVEL SECURITY;

--
-- Name: activity_kinds; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.activity_kinds ENABLE ROW LEVEL SECURITY;

--
-- Name: analytics_events; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.analytics_events ENABLE ROW LEVEL SECURITY;

--
-- Name: analytics_salts; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.analytics_salts ENABLE ROW LEVEL SECURITY;

--
-- Name: author_applications; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.author_applications ENABLE ROW LEVEL SECURITY;

--
-- Name: author_tokens; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.author_tokens ENABLE ROW LEVEL SECURITY;

--
-- Name: authors; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.authors ENABLE ROW LEVEL SECURITY;

--
-- Name: authors authors_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY authors_select_public ON public.authors FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY authors_select_public ON authors; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY authors_select_public ON public.authors IS 'Author pages are public; column grants hide the linked account.';


--
-- Name: billing_customers; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.billing_customers ENABLE ROW LEVEL SECURITY;

--
-- Name: billing_invoices; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.billing_invoices ENABLE ROW LEVEL SECURITY;

--
-- Name: collection_games; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.collection_games ENABLE ROW LEVEL SECURITY;

--
-- Name: collection_games collection_games_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY collection_games_select_public ON public.collection_games FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY collection_games_select_public ON collection_games; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY collection_games_select_public ON public.collection_games IS 'The games in a collection are public.';


--
-- Name: collections; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.collections ENABLE ROW LEVEL SECURITY;

--
-- Name: collections collections_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY collections_select_public ON public.collections FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY collections_select_public ON collections; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY collections_select_public ON public.collections IS 'Collections are public pages.';


--
-- Name: companies; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.companies ENABLE ROW LEVEL SECURITY;

--
-- Name: companies companies_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY companies_select_public ON public.companies FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY companies_select_public ON companies; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY companies_select_public ON public.companies IS 'Developers and publishers are public.';


--
-- Name: contact_messages; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.contact_messages ENABLE ROW LEVEL SECURITY;

--
-- Name: critic_review_drafts; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.critic_review_drafts ENABLE ROW LEVEL SECURITY;

--
-- Name: critic_reviews; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.critic_reviews ENABLE ROW LEVEL SECURITY;

--
-- Name: critic_reviews critic_reviews_select_published; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY critic_reviews_select_published ON public.critic_reviews FOR SELECT TO anon, authenticated USING (((published_at <= now()) OR public.is_outlet_owner(outlet_id)));


--
-- Name: POLICY critic_reviews_select_published ON critic_reviews; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY critic_reviews_select_published ON public.critic_reviews IS 'Embargo: a review is public from published_at on; before that only its outlet''s owner sees it.';


--
-- Name: error_reports; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.error_reports ENABLE ROW LEVEL SECURITY;

--
-- Name: follow_counts; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.follow_counts ENABLE ROW LEVEL SECURITY;

--
-- Name: game_card_links; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_card_links ENABLE ROW LEVEL SECURITY;

--
-- Name: game_critic_stats; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_critic_stats ENABLE ROW LEVEL SECURITY;

--
-- Name: game_critic_stats game_critic_stats_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY game_critic_stats_select_public ON public.game_critic_stats FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY game_critic_stats_select_public ON game_critic_stats; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY game_critic_stats_select_public ON public.game_critic_stats IS 'Aggregates cover published reviews only, so they are public.';


--
-- Name: game_developers; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_developers ENABLE ROW LEVEL SECURITY;

--
-- Name: game_developers game_developers_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY game_developers_select_public ON public.game_developers FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY game_developers_select_public ON game_developers; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY game_developers_select_public ON public.game_developers IS 'Developers of games are public.';


--
-- Name: game_genres; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_genres ENABLE ROW LEVEL SECURITY;

--
-- Name: game_genres game_genres_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY game_genres_select_public ON public.game_genres FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY game_genres_select_public ON game_genres; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY game_genres_select_public ON public.game_genres IS 'Genres of games are public.';


--
-- Name: game_platforms; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_platforms ENABLE ROW LEVEL SECURITY;

--
-- Name: game_platforms game_platforms_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY game_platforms_select_public ON public.game_platforms FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY game_platforms_select_public ON game_platforms; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY game_platforms_select_public ON public.game_platforms IS 'Platforms and release dates of games are public.';


--
-- Name: game_publishers; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_publishers ENABLE ROW LEVEL SECURITY;

--
-- Name: game_publishers game_publishers_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY game_publishers_select_public ON public.game_publishers FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY game_publishers_select_public ON game_publishers; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY game_publishers_select_public ON public.game_publishers IS 'Publishers of games are public.';


--
-- Name: game_request_votes; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_request_votes ENABLE ROW LEVEL SECURITY;

--
-- Name: game_requests; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_requests ENABLE ROW LEVEL SECURITY;

--
-- Name: game_slug_redirects; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_slug_redirects ENABLE ROW LEVEL SECURITY;

--
-- Name: game_slug_redirects game_slug_redirects_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY game_slug_redirects_select_public ON public.game_slug_redirects FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY game_slug_redirects_select_public ON game_slug_redirects; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY game_slug_redirects_select_public ON public.game_slug_redirects IS 'Old game URLs are public like the catalogue.';


--
-- Name: game_user_review_platforms; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_user_review_platforms ENABLE ROW LEVEL SECURITY;

--
-- Name: game_user_review_platforms game_user_review_platforms_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY game_user_review_platforms_select_public ON public.game_user_review_platforms FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY game_user_review_platforms_select_public ON game_user_review_platforms; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY game_user_review_platforms_select_public ON public.game_user_review_platforms IS 'Derived from visible reviews only, which are public.';


--
-- Name: game_user_scores; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.game_user_scores ENABLE ROW LEVEL SECURITY;

--
-- Name: game_user_scores game_user_scores_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY game_user_scores_select_public ON public.game_user_scores FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY game_user_scores_select_public ON game_user_scores; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY game_user_scores_select_public ON public.game_user_scores IS 'The user score is public, as on every game page.';


--
-- Name: games; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.games ENABLE ROW LEVEL SECURITY;

--
-- Name: games games_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY games_select_public ON public.games FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY games_select_public ON games; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY games_select_public ON public.games IS 'The game catalogue is public.';


--
-- Name: genres; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.genres ENABLE ROW LEVEL SECURITY;

--
-- Name: genres genres_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY genres_select_public ON public.genres FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY genres_select_public ON genres; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY genres_select_public ON public.genres IS 'The genre list is public.';


--
-- Name: notification_inbox; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.notification_inbox ENABLE ROW LEVEL SECURITY;

--
-- Name: notification_preferences; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.notification_preferences ENABLE ROW LEVEL SECURITY;

--
-- Name: notifications; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;

--
-- Name: notifications notifications: owner reads own; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "notifications: owner reads own" ON public.notifications FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: POLICY "notifications: owner reads own" ON notifications; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY "notifications: owner reads own" ON public.notifications IS 'A signed-in user reads only their own notifications.';


--
-- Name: outlet_applications; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.outlet_applications ENABLE ROW LEVEL SECURITY;

--
-- Name: outlet_audit_log; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.outlet_audit_log ENABLE ROW LEVEL SECURITY;

--
-- Name: outlet_authors; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.outlet_authors ENABLE ROW LEVEL SECURITY;

--
-- Name: outlet_authors outlet_authors_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY outlet_authors_select_public ON public.outlet_authors FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY outlet_authors_select_public ON outlet_authors; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY outlet_authors_select_public ON public.outlet_authors IS 'Who writes for which outlet is public.';


--
-- Name: outlet_critic_stats; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.outlet_critic_stats ENABLE ROW LEVEL SECURITY;

--
-- Name: outlet_critic_stats outlet_critic_stats_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY outlet_critic_stats_select_public ON public.outlet_critic_stats FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY outlet_critic_stats_select_public ON outlet_critic_stats; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY outlet_critic_stats_select_public ON public.outlet_critic_stats IS 'Aggregates cover published reviews only, so they are public.';


--
-- Name: outlet_follows; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.outlet_follows ENABLE ROW LEVEL SECURITY;

--
-- Name: outlet_owners; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.outlet_owners ENABLE ROW LEVEL SECURITY;

--
-- Name: outlet_review_events; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.outlet_review_events ENABLE ROW LEVEL SECURITY;

--
-- Name: outlets; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.outlets ENABLE ROW LEVEL SECURITY;

--
-- Name: outlets outlets_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY outlets_select_public ON public.outlets FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY outlets_select_public ON outlets; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY outlets_select_public ON public.outlets IS 'The outlet directory is public; column grants hide the owner.';


--
-- Name: platforms; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.platforms ENABLE ROW LEVEL SECURITY;

--
-- Name: platforms platforms_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY platforms_select_public ON public.platforms FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY platforms_select_public ON platforms; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY platforms_select_public ON public.platforms IS 'The platform list is public.';


--
-- Name: poll_votes; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.poll_votes ENABLE ROW LEVEL SECURITY;

--
-- Name: profile_settings; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.profile_settings ENABLE ROW LEVEL SECURITY;

--
-- Name: profiles; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

--
-- Name: profiles profiles_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY profiles_select_public ON public.profiles FOR SELECT TO anon, authenticated USING (public.profile_is_readable(id));


--
-- Name: POLICY profiles_select_public ON profiles; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY profiles_select_public ON public.profiles IS 'Profiles are public pages, except a private one, which only its owner reads; the column grants hide email.';


--
-- Name: reserved_usernames; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.reserved_usernames ENABLE ROW LEVEL SECURITY;

--
-- Name: search_words; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.search_words ENABLE ROW LEVEL SECURITY;

--
-- Name: similar_game_rankings; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.similar_game_rankings ENABLE ROW LEVEL SECURITY;

--
-- Name: similar_game_refills; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.similar_game_refills ENABLE ROW LEVEL SECURITY;

--
-- Name: stripe_events; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.stripe_events ENABLE ROW LEVEL SECURITY;

--
-- Name: subscription_plans; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.subscription_plans ENABLE ROW LEVEL SECURITY;

--
-- Name: subscription_plans subscription_plans_select_public; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY subscription_plans_select_public ON public.subscription_plans FOR SELECT TO anon, authenticated USING (true);


--
-- Name: POLICY subscription_plans_select_public ON subscription_plans; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY subscription_plans_select_public ON public.subscription_plans IS 'The plan catalogue is public.';


--
-- Name: test_checkout_sessions; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.test_checkout_sessions ENABLE ROW LEVEL SECURITY;

--
-- Name: user_follows; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_follows ENABLE ROW LEVEL SECURITY;

--
-- Name: user_games; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_games ENABLE ROW LEVEL SECURITY;

--
-- Name: user_library_counts; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_library_counts ENABLE ROW LEVEL SECURITY;

--
-- Name: user_library_platforms; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_library_platforms ENABLE ROW LEVEL SECURITY;

--
-- Name: user_list_entries; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_list_entries ENABLE ROW LEVEL SECURITY;

--
-- Name: user_list_likes; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_list_likes ENABLE ROW LEVEL SECURITY;

--
-- Name: user_list_reports; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_list_reports ENABLE ROW LEVEL SECURITY;

--
-- Name: user_lists; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_lists ENABLE ROW LEVEL SECURITY;

--
-- Name: user_review_reports; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_review_reports ENABLE ROW LEVEL SECURITY;

--
-- Name: user_review_votes; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_review_votes ENABLE ROW LEVEL SECURITY;

--
-- Name: user_review_windows; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_review_windows ENABLE ROW LEVEL SECURITY;

--
-- Name: user_reviews; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_reviews ENABLE ROW LEVEL SECURITY;

--
-- Name: user_reviews user_reviews_select_visible; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY user_reviews_select_visible ON public.user_reviews FOR SELECT TO anon, authenticated USING ((NOT hidden));


--
-- Name: POLICY user_reviews_select_visible ON user_reviews; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY user_reviews_select_visible ON public.user_reviews IS 'Reviews are public on game pages unless a moderator hid them.';


--
-- Name: user_subscriptions; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_subscriptions ENABLE ROW LEVEL SECURITY;

--
-- Name: user_subscriptions user_subscriptions_select_own; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY user_subscriptions_select_own ON public.user_subscriptions FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: POLICY user_subscriptions_select_own ON user_subscriptions; Type: COMMENT; Schema: public; Owner: postgres
--

COMMENT ON POLICY user_subscriptions_select_own ON public.user_subscriptions IS 'Users see only their own subscriptions; changes go through the server.';


--
-- Name: user_xp; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.user_xp ENABLE ROW LEVEL SECURITY;

--
-- Name: xp_ledger; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.xp_ledger ENABLE ROW LEVEL SECURITY;

--
-- Name: xp_periods; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.xp_periods ENABLE ROW LEVEL SECURITY;

--
-- Name: messages; Type: ROW SECURITY; Schema: realtime; Owner: supabase_realtime_admin
--

ALTER TABLE realtime.messages ENABLE ROW LEVEL SECURITY;

--
-- Name: messages realtime: a user joins only their own notification channel; Type: POLICY; Schema: realtime; Owner: supabase_realtime_admin
--

CREATE POLICY "realtime: a user joins only their own notification channel" ON realtime.messages FOR SELECT TO authenticated USING (((realtime.topic() = ('user:'::text || (( SELECT auth.uid() AS uid))::text)) AND (extension = 'broadcast'::text)));


--
-- Name: POLICY "realtime: a user joins only their own notification channel" ON messages; Type: COMMENT; Schema: realtime; Owner: supabase_realtime_admin
--

COMMENT ON POLICY "realtime: a user joins only their own notification channel" ON realtime.messages IS 'Private channel user:{id} is joinable by that user only.';


--
-- Name: objects avatars_delete_own_folder; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY avatars_delete_own_folder ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));


--
-- Name: POLICY avatars_delete_own_folder ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY avatars_delete_own_folder ON storage.objects IS 'A signed-in user deletes only avatar files in their own folder.';


--
-- Name: objects avatars_insert_own_folder; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY avatars_insert_own_folder ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));


--
-- Name: POLICY avatars_insert_own_folder ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY avatars_insert_own_folder ON storage.objects IS 'A signed-in user uploads avatars only into the folder named after their user id.';


--
-- Name: objects avatars_select_own_folder; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY avatars_select_own_folder ON storage.objects FOR SELECT TO authenticated USING (((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));


--
-- Name: POLICY avatars_select_own_folder ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY avatars_select_own_folder ON storage.objects IS 'A signed-in user lists their own avatar files (needed to replace or remove them); everyone else reads avatars through the public URL.';


--
-- Name: objects avatars_update_own_folder; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY avatars_update_own_folder ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text))) WITH CHECK (((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));


--
-- Name: POLICY avatars_update_own_folder ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY avatars_update_own_folder ON storage.objects IS 'A signed-in user overwrites (upserts) only avatar files in their own folder, and cannot move one out of it.';


--
-- Name: buckets; Type: ROW SECURITY; Schema: storage; Owner: supabase_storage_admin
--

ALTER TABLE storage.buckets ENABLE ROW LEVEL SECURITY;

--
-- Name: objects game_covers_delete_admin; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY game_covers_delete_admin ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = 'game-covers'::text) AND ( SELECT private.is_admin() AS is_admin)));


--
-- Name: POLICY game_covers_delete_admin ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY game_covers_delete_admin ON storage.objects IS 'Only administrators remove game covers.';


--
-- Name: objects game_covers_insert_admin; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY game_covers_insert_admin ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'game-covers'::text) AND ( SELECT private.is_admin() AS is_admin)));


--
-- Name: POLICY game_covers_insert_admin ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY game_covers_insert_admin ON storage.objects IS 'Only administrators upload game covers.';


--
-- Name: objects game_covers_select_admin; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY game_covers_select_admin ON storage.objects FOR SELECT TO authenticated USING (((bucket_id = 'game-covers'::text) AND ( SELECT private.is_admin() AS is_admin)));


--
-- Name: POLICY game_covers_select_admin ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY game_covers_select_admin ON storage.objects IS 'Administrators list cover files (to replace them); everyone else reads covers through the public URL.';


--
-- Name: objects game_covers_update_admin; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY game_covers_update_admin ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = 'game-covers'::text) AND ( SELECT private.is_admin() AS is_admin))) WITH CHECK (((bucket_id = 'game-covers'::text) AND ( SELECT private.is_admin() AS is_admin)));


--
-- Name: POLICY game_covers_update_admin ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY game_covers_update_admin ON storage.objects IS 'Only administrators overwrite game covers.';


--
-- Name: migrations; Type: ROW SECURITY; Schema: storage; Owner: supabase_storage_admin
--

ALTER TABLE storage.migrations ENABLE ROW LEVEL SECURITY;

--
-- Name: objects; Type: ROW SECURITY; Schema: storage; Owner: supabase_storage_admin
--

ALTER TABLE storage.objects ENABLE ROW LEVEL SECURITY;

--
-- Name: objects outlet_logos_delete_owner; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY outlet_logos_delete_owner ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = 'outlet-logos'::text) AND COALESCE(public.is_outlet_owner(private.outlet_folder(name)), false)));


--
-- Name: POLICY outlet_logos_delete_owner ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY outlet_logos_delete_owner ON storage.objects IS 'Only an outlet''s owners remove its logo files.';


--
-- Name: objects outlet_logos_insert_owner; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY outlet_logos_insert_owner ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'outlet-logos'::text) AND COALESCE(public.is_outlet_owner(private.outlet_folder(name)), false)));


--
-- Name: POLICY outlet_logos_insert_owner ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY outlet_logos_insert_owner ON storage.objects IS 'Only an outlet''s owners upload its logo.';


--
-- Name: objects outlet_logos_select_owner; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY outlet_logos_select_owner ON storage.objects FOR SELECT TO authenticated USING (((bucket_id = 'outlet-logos'::text) AND COALESCE(public.is_outlet_owner(private.outlet_folder(name)), false)));


--
-- Name: POLICY outlet_logos_select_owner ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY outlet_logos_select_owner ON storage.objects IS 'An outlet''s owners list its logo files (to replace them); everyone else reads logos through the public URL.';


--
-- Name: objects outlet_logos_update_owner; Type: POLICY; Schema: storage; Owner: supabase_storage_admin
--

CREATE POLICY outlet_logos_update_owner ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = 'outlet-logos'::text) AND COALESCE(public.is_outlet_owner(private.outlet_folder(name)), false))) WITH CHECK (((bucket_id = 'outlet-logos'::text) AND COALESCE(public.is_outlet_owner(private.outlet_folder(name)), false)));


--
-- Name: POLICY outlet_logos_update_owner ON objects; Type: COMMENT; Schema: storage; Owner: supabase_storage_admin
--

COMMENT ON POLICY outlet_logos_update_owner ON storage.objects IS 'Only an outlet''s owners overwrite its logo files, inside its folder.';


--
-- Name: SCHEMA auth; Type: ACL; Schema: -; Owner: supabase_admin
--

GRANT USAGE ON SCHEMA auth TO anon;
GRANT USAGE ON SCHEMA auth TO authenticated;
GRANT USAGE ON SCHEMA auth TO service_role;
GRANT USAGE ON SCHEMA auth TO postgres;
GRANT ALL ON SCHEMA auth TO supabase_auth_admin;
GRANT ALL ON SCHEMA auth TO dashboard_user;


--
-- Name: SCHEMA extensions; Type: ACL; Schema: -; Owner: postgres
--

GRANT USAGE ON SCHEMA extensions TO anon;
GRANT USAGE ON SCHEMA extensions TO authenticated;
GRANT USAGE ON SCHEMA extensions TO service_role;
GRANT ALL ON SCHEMA extensions TO dashboard_user;


--
-- Name: SCHEMA private; Type: ACL; Schema: -; Owner: postgres
--

GRANT USAGE ON SCHEMA private TO authenticated;


--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: pg_database_owner
--

GRANT USAGE ON SCHEMA public TO postgres;
GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;
GRANT USAGE ON SCHEMA public TO service_role;


--
-- Name: SCHEMA realtime; Type: ACL; Schema: -; Owner: supabase_admin
--

GRANT USAGE ON SCHEMA realtime TO postgres WITH GRANT OPTION;
GRANT USAGE ON SCHEMA realtime TO anon;
GRANT USAGE ON SCHEMA realtime TO authenticated;
GRANT USAGE ON SCHEMA realtime TO service_role;
GRANT ALL ON SCHEMA realtime TO supabase_realtime_admin;


--
-- Name: SCHEMA storage; Type: ACL; Schema: -; Owner: supabase_admin
--

GRANT USAGE ON SCHEMA storage TO postgres;
GRANT USAGE ON SCHEMA storage TO anon;
GRANT USAGE ON SCHEMA storage TO authenticated;
GRANT USAGE ON SCHEMA storage TO service_role;
GRANT ALL ON SCHEMA storage TO supabase_storage_admin;
GRANT ALL ON SCHEMA storage TO dashboard_user;


--
-- Name: FUNCTION email(); Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON FUNCTION auth.email() TO postgres;
GRANT ALL ON FUNCTION auth.email() TO dashboard_user;


--
-- Name: FUNCTION jwt(); Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON FUNCTION auth.jwt() TO postgres;
GRANT ALL ON FUNCTION auth.jwt() TO dashboard_user;


--
-- Name: FUNCTION role(); Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON FUNCTION auth.role() TO postgres;
GRANT ALL ON FUNCTION auth.role() TO dashboard_user;


--
-- Name: FUNCTION uid(); Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON FUNCTION auth.uid() TO postgres;
GRANT ALL ON FUNCTION auth.uid() TO dashboard_user;


--
-- Name: FUNCTION armor(bytea); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.armor(bytea) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION armor(bytea, text[], text[]); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.armor(bytea, text[], text[]) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION crypt(text, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.crypt(text, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION dearmor(text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.dearmor(text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION decrypt(bytea, bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.decrypt(bytea, bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION decrypt_iv(bytea, bytea, bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.decrypt_iv(bytea, bytea, bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION digest(bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.digest(bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION digest(text, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.digest(text, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION encrypt(bytea, bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.encrypt(bytea, bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION encrypt_iv(bytea, bytea, bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.encrypt_iv(bytea, bytea, bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION gen_random_bytes(integer); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.gen_random_bytes(integer) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION gen_random_uuid(); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.gen_random_uuid() TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION gen_salt(text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.gen_salt(text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION gen_salt(text, integer); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.gen_salt(text, integer) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION hmac(bytea, bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.hmac(bytea, bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION hmac(text, text, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.hmac(text, text, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_armor_headers(text, OUT key text, OUT value text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_armor_headers(text, OUT key text, OUT value text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_key_id(bytea); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_key_id(bytea) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_pub_decrypt(bytea, bytea); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_pub_decrypt(bytea, bytea) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_pub_decrypt(bytea, bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_pub_decrypt(bytea, bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_pub_decrypt(bytea, bytea, text, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_pub_decrypt(bytea, bytea, text, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_pub_decrypt_bytea(bytea, bytea); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_pub_decrypt_bytea(bytea, bytea) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_pub_decrypt_bytea(bytea, bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_pub_decrypt_bytea(bytea, bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_pub_decrypt_bytea(bytea, bytea, text, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_pub_decrypt_bytea(bytea, bytea, text, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_pub_encrypt(text, bytea); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_pub_encrypt(text, bytea) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_pub_encrypt(text, bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_pub_encrypt(text, bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_pub_encrypt_bytea(bytea, bytea); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_pub_encrypt_bytea(bytea, bytea) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_pub_encrypt_bytea(bytea, bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_pub_encrypt_bytea(bytea, bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_sym_decrypt(bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_sym_decrypt(bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_sym_decrypt(bytea, text, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_sym_decrypt(bytea, text, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_sym_decrypt_bytea(bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_sym_decrypt_bytea(bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_sym_decrypt_bytea(bytea, text, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_sym_decrypt_bytea(bytea, text, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_sym_encrypt(text, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_sym_encrypt(text, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_sym_encrypt(text, text, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_sym_encrypt(text, text, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_sym_encrypt_bytea(bytea, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_sym_encrypt_bytea(bytea, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION pgp_sym_encrypt_bytea(bytea, text, text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.pgp_sym_encrypt_bytea(bytea, text, text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION uuid_generate_v1(); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.uuid_generate_v1() TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION uuid_generate_v1mc(); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.uuid_generate_v1mc() TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION uuid_generate_v3(namespace uuid, name text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.uuid_generate_v3(namespace uuid, name text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION uuid_generate_v4(); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.uuid_generate_v4() TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION uuid_generate_v5(namespace uuid, name text); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.uuid_generate_v5(namespace uuid, name text) TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION uuid_nil(); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.uuid_nil() TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION uuid_ns_dns(); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.uuid_ns_dns() TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION uuid_ns_oid(); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.uuid_ns_oid() TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION uuid_ns_url(); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.uuid_ns_url() TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION uuid_ns_x500(); Type: ACL; Schema: extensions; Owner: supabase_admin
--

GRANT ALL ON FUNCTION extensions.uuid_ns_x500() TO postgres WITH GRANT OPTION;


--
-- Name: FUNCTION is_admin(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.is_admin() FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_admin() TO authenticated;


--
-- Name: FUNCTION outlet_folder(p_name text); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.outlet_folder(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.outlet_folder(p_name text) TO authenticated;


--
-- Name: FUNCTION add_search_words(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.add_search_words() FROM PUBLIC;
GRANT ALL ON FUNCTION public.add_search_words() TO service_role;


--
-- Name: FUNCTION apply_critic_review_to_outlet_stats(p_outlet_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.apply_critic_review_to_outlet_stats(p_outlet_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_critic_review_to_outlet_stats(p_outlet_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) TO service_role;


--
-- Name: FUNCTION apply_critic_review_to_stats(p_game_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.apply_critic_review_to_stats(p_game_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_critic_review_to_stats(p_game_id integer, p_kind text, p_score smallint, p_recommended boolean, delta integer) TO service_role;


--
-- Name: FUNCTION apply_user_review_to_platforms(p_game_id integer, p_platform_id integer, p_sign integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.apply_user_review_to_platforms(p_game_id integer, p_platform_id integer, p_sign integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_user_review_to_platforms(p_game_id integer, p_platform_id integer, p_sign integer) TO service_role;


--
-- Name: FUNCTION apply_user_review_to_score(p_game_id integer, p_rating smallint, p_visible boolean, p_counted boolean, p_sign integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.apply_user_review_to_score(p_game_id integer, p_rating smallint, p_visible boolean, p_counted boolean, p_sign integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_user_review_to_score(p_game_id integer, p_rating smallint, p_visible boolean, p_counted boolean, p_sign integer) TO service_role;


--
-- Name: FUNCTION apply_xp_points(p_user uuid, p_points integer, p_at timestamp with time zone, p_periods_at timestamp with time zone, p_levels integer[], p_capped boolean); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.apply_xp_points(p_user uuid, p_points integer, p_at timestamp with time zone, p_periods_at timestamp with time zone, p_levels integer[], p_capped boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_xp_points(p_user uuid, p_points integer, p_at timestamp with time zone, p_periods_at timestamp with time zone, p_levels integer[], p_capped boolean) TO service_role;


--
-- Name: FUNCTION award_xp(p_user uuid, p_kind text, p_source text, p_points integer, p_milestone boolean, p_cap integer, p_levels integer[], p_at timestamp with time zone); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.award_xp(p_user uuid, p_kind text, p_source text, p_points integer, p_milestone boolean, p_cap integer, p_levels integer[], p_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.award_xp(p_user uuid, p_kind text, p_source text, p_points integer, p_milestone boolean, p_cap integer, p_levels integer[], p_at timestamp with time zone) TO service_role;


--
-- Name: FUNCTION broadcast_notification(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.broadcast_notification() FROM PUBLIC;
GRANT ALL ON FUNCTION public.broadcast_notification() TO service_role;


--
-- Name: FUNCTION card_links_on_links(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.card_links_on_links() FROM PUBLIC;
GRANT ALL ON FUNCTION public.card_links_on_links() TO service_role;


--
-- Name: FUNCTION card_links_on_name(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.card_links_on_name() FROM PUBLIC;
GRANT ALL ON FUNCTION public.card_links_on_name() TO service_role;


--
-- Name: FUNCTION check_profile_username(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.check_profile_username() FROM PUBLIC;
GRANT ALL ON FUNCTION public.check_profile_username() TO service_role;


--
-- Name: TABLE user_games; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_games TO service_role;


--
-- Name: FUNCTION count_library_row(p_row public.user_games, p_sign integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.count_library_row(p_row public.user_games, p_sign integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.count_library_row(p_row public.user_games, p_sign integer) TO service_role;


--
-- Name: FUNCTION critic_reviews_aggregate(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.critic_reviews_aggregate() FROM PUBLIC;
GRANT ALL ON FUNCTION public.critic_reviews_aggregate() TO service_role;


--
-- Name: FUNCTION critic_reviews_mark_score_update(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.critic_reviews_mark_score_update() FROM PUBLIC;
GRANT ALL ON FUNCTION public.critic_reviews_mark_score_update() TO service_role;


--
-- Name: FUNCTION critic_reviews_outlet_aggregate(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.critic_reviews_outlet_aggregate() FROM PUBLIC;
GRANT ALL ON FUNCTION public.critic_reviews_outlet_aggregate() TO service_role;


--
-- Name: FUNCTION critic_reviews_prepare(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.critic_reviews_prepare() FROM PUBLIC;
GRANT ALL ON FUNCTION public.critic_reviews_prepare() TO service_role;


--
-- Name: FUNCTION critic_score_band(score smallint); Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON FUNCTION public.critic_score_band(score smallint) TO service_role;


--
-- Name: FUNCTION game_request_votes_count(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.game_request_votes_count() FROM PUBLIC;
GRANT ALL ON FUNCTION public.game_request_votes_count() TO service_role;


--
-- Name: FUNCTION handle_new_user(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.handle_new_user() FROM PUBLIC;
GRANT ALL ON FUNCTION public.handle_new_user() TO service_role;


--
-- Name: FUNCTION handle_user_email_change(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.handle_user_email_change() FROM PUBLIC;
GRANT ALL ON FUNCTION public.handle_user_email_change() TO service_role;


--
-- Name: FUNCTION is_outlet_owner(p_outlet_id integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.is_outlet_owner(p_outlet_id integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.is_outlet_owner(p_outlet_id integer) TO service_role;
GRANT ALL ON FUNCTION public.is_outlet_owner(p_outlet_id integer) TO anon;
GRANT ALL ON FUNCTION public.is_outlet_owner(p_outlet_id integer) TO authenticated;


--
-- Name: FUNCTION keep_follow_counts(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.keep_follow_counts() FROM PUBLIC;
GRANT ALL ON FUNCTION public.keep_follow_counts() TO service_role;


--
-- Name: FUNCTION keep_game_card_links(p_games integer[]); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.keep_game_card_links(p_games integer[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.keep_game_card_links(p_games integer[]) TO service_role;


--
-- Name: FUNCTION keep_game_card_links_in_turn(p_games integer[]); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.keep_game_card_links_in_turn(p_games integer[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.keep_game_card_links_in_turn(p_games integer[]) TO service_role;


--
-- Name: FUNCTION kept_similar_games(p_game_id integer, p_limit integer, p_pool integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.kept_similar_games(p_game_id integer, p_limit integer, p_pool integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.kept_similar_games(p_game_id integer, p_limit integer, p_pool integer) TO service_role;


--
-- Name: FUNCTION library_counts_on_game_row(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.library_counts_on_game_row() FROM PUBLIC;
GRANT ALL ON FUNCTION public.library_counts_on_game_row() TO service_role;


--
-- Name: FUNCTION mark_similar_games_stale(p_games integer[], p_with_links boolean, p_developers integer[], p_publishers integer[], p_platforms integer[], p_dates date[]); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.mark_similar_games_stale(p_games integer[], p_with_links boolean, p_developers integer[], p_publishers integer[], p_platforms integer[], p_dates date[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_similar_games_stale(p_games integer[], p_with_links boolean, p_developers integer[], p_publishers integer[], p_platforms integer[], p_dates date[]) TO service_role;


--
-- Name: FUNCTION normalise_critic_score(scale text, raw text); Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON FUNCTION public.normalise_critic_score(scale text, raw text) TO service_role;


--
-- Name: FUNCTION notify_outlet_followers(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.notify_outlet_followers() FROM PUBLIC;
GRANT ALL ON FUNCTION public.notify_outlet_followers() TO service_role;


--
-- Name: FUNCTION outlets_mirror_owner(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.outlets_mirror_owner() FROM PUBLIC;
GRANT ALL ON FUNCTION public.outlets_mirror_owner() TO service_role;


--
-- Name: FUNCTION outlets_threshold_changed(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.outlets_threshold_changed() FROM PUBLIC;
GRANT ALL ON FUNCTION public.outlets_threshold_changed() TO service_role;


--
-- Name: FUNCTION popular_list_window(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.popular_list_window() FROM PUBLIC;
GRANT ALL ON FUNCTION public.popular_list_window() TO service_role;


--
-- Name: FUNCTION profile_is_readable(p_id uuid); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.profile_is_readable(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.profile_is_readable(p_id uuid) TO service_role;
GRANT ALL ON FUNCTION public.profile_is_readable(p_id uuid) TO anon;
GRANT ALL ON FUNCTION public.profile_is_readable(p_id uuid) TO authenticated;


--
-- Name: FUNCTION rebuild_game_critic_stats(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.rebuild_game_critic_stats() FROM PUBLIC;
GRANT ALL ON FUNCTION public.rebuild_game_critic_stats() TO service_role;


--
-- Name: FUNCTION rebuild_game_user_scores(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.rebuild_game_user_scores() FROM PUBLIC;
GRANT ALL ON FUNCTION public.rebuild_game_user_scores() TO service_role;


--
-- Name: FUNCTION rebuild_library_counts(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.rebuild_library_counts() FROM PUBLIC;
GRANT ALL ON FUNCTION public.rebuild_library_counts() TO service_role;


--
-- Name: FUNCTION rebuild_outlet_critic_stats(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.rebuild_outlet_critic_stats() FROM PUBLIC;
GRANT ALL ON FUNCTION public.rebuild_outlet_critic_stats() TO service_role;


--
-- Name: FUNCTION refill_similar_games(p_max integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.refill_similar_games(p_max integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.refill_similar_games(p_max integer) TO service_role;


--
-- Name: FUNCTION release_due_critic_reviews(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.release_due_critic_reviews() FROM PUBLIC;
GRANT ALL ON FUNCTION public.release_due_critic_reviews() TO service_role;


--
-- Name: FUNCTION release_embargoed_critic_reviews(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.release_embargoed_critic_reviews() FROM PUBLIC;
GRANT ALL ON FUNCTION public.release_embargoed_critic_reviews() TO service_role;


--
-- Name: FUNCTION reverse_xp(p_user uuid, p_kind text, p_source text, p_levels integer[], p_milestone boolean); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.reverse_xp(p_user uuid, p_kind text, p_source text, p_levels integer[], p_milestone boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reverse_xp(p_user uuid, p_kind text, p_source text, p_levels integer[], p_milestone boolean) TO service_role;


--
-- Name: FUNCTION set_updated_at(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.set_updated_at() FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_updated_at() TO service_role;


--
-- Name: FUNCTION similar_games(p_game_id integer, p_limit integer, p_pool integer); Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON FUNCTION public.similar_games(p_game_id integer, p_limit integer, p_pool integer) TO service_role;
GRANT ALL ON FUNCTION public.similar_games(p_game_id integer, p_limit integer, p_pool integer) TO anon;
GRANT ALL ON FUNCTION public.similar_games(p_game_id integer, p_limit integer, p_pool integer) TO authenticated;


--
-- Name: FUNCTION similar_games_kept_shape(OUT size integer, OUT pool integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.similar_games_kept_shape(OUT size integer, OUT pool integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.similar_games_kept_shape(OUT size integer, OUT pool integer) TO service_role;


--
-- Name: FUNCTION similar_games_on_developers(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.similar_games_on_developers() FROM PUBLIC;
GRANT ALL ON FUNCTION public.similar_games_on_developers() TO service_role;


--
-- Name: FUNCTION similar_games_on_genres(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.similar_games_on_genres() FROM PUBLIC;
GRANT ALL ON FUNCTION public.similar_games_on_genres() TO service_role;


--
-- Name: FUNCTION similar_games_on_platforms(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.similar_games_on_platforms() FROM PUBLIC;
GRANT ALL ON FUNCTION public.similar_games_on_platforms() TO service_role;


--
-- Name: FUNCTION similar_games_on_publishers(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.similar_games_on_publishers() FROM PUBLIC;
GRANT ALL ON FUNCTION public.similar_games_on_publishers() TO service_role;


--
-- Name: FUNCTION similar_games_on_release_date(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.similar_games_on_release_date() FROM PUBLIC;
GRANT ALL ON FUNCTION public.similar_games_on_release_date() TO service_role;


--
-- Name: FUNCTION sync_notification_inbox(p_user uuid, p_hours integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.sync_notification_inbox(p_user uuid, p_hours integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sync_notification_inbox(p_user uuid, p_hours integer) TO service_role;


--
-- Name: FUNCTION title_words(title text); Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON FUNCTION public.title_words(title text) TO service_role;


--
-- Name: FUNCTION user_list_entries_count(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.user_list_entries_count() FROM PUBLIC;
GRANT ALL ON FUNCTION public.user_list_entries_count() TO service_role;


--
-- Name: FUNCTION user_list_likes_count(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.user_list_likes_count() FROM PUBLIC;
GRANT ALL ON FUNCTION public.user_list_likes_count() TO service_role;


--
-- Name: FUNCTION user_list_likes_window(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.user_list_likes_window() FROM PUBLIC;
GRANT ALL ON FUNCTION public.user_list_likes_window() TO service_role;


--
-- Name: FUNCTION user_review_votes_count(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.user_review_votes_count() FROM PUBLIC;
GRANT ALL ON FUNCTION public.user_review_votes_count() TO service_role;


--
-- Name: FUNCTION user_review_windows_changed(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.user_review_windows_changed() FROM PUBLIC;
GRANT ALL ON FUNCTION public.user_review_windows_changed() TO service_role;


--
-- Name: FUNCTION user_reviews_aggregate(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.user_reviews_aggregate() FROM PUBLIC;
GRANT ALL ON FUNCTION public.user_reviews_aggregate() TO service_role;


--
-- Name: FUNCTION user_reviews_platform_counts(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.user_reviews_platform_counts() FROM PUBLIC;
GRANT ALL ON FUNCTION public.user_reviews_platform_counts() TO service_role;


--
-- Name: FUNCTION user_reviews_prepare(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.user_reviews_prepare() FROM PUBLIC;
GRANT ALL ON FUNCTION public.user_reviews_prepare() TO service_role;


--
-- Name: FUNCTION write_outlet_review_notifications(p_users uuid[], p_after timestamp with time zone); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.write_outlet_review_notifications(p_users uuid[], p_after timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.write_outlet_review_notifications(p_users uuid[], p_after timestamp with time zone) TO service_role;


--
-- Name: FUNCTION write_review_notifications_to_followers(p_review bigint); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.write_review_notifications_to_followers(p_review bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.write_review_notifications_to_followers(p_review bigint) TO service_role;


--
-- Name: FUNCTION send(payload jsonb, event text, topic text, private boolean); Type: ACL; Schema: realtime; Owner: supabase_realtime_admin
--

GRANT ALL ON FUNCTION realtime.send(payload jsonb, event text, topic text, private boolean) TO postgres;
GRANT ALL ON FUNCTION realtime.send(payload jsonb, event text, topic text, private boolean) TO anon;
GRANT ALL ON FUNCTION realtime.send(payload jsonb, event text, topic text, private boolean) TO authenticated;
GRANT ALL ON FUNCTION realtime.send(payload jsonb, event text, topic text, private boolean) TO service_role;


--
-- Name: FUNCTION topic(); Type: ACL; Schema: realtime; Owner: supabase_realtime_admin
--

GRANT ALL ON FUNCTION realtime.topic() TO postgres;
GRANT ALL ON FUNCTION realtime.topic() TO anon;
GRANT ALL ON FUNCTION realtime.topic() TO authenticated;
GRANT ALL ON FUNCTION realtime.topic() TO service_role;


--
-- Name: TABLE audit_log_entries; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.audit_log_entries TO postgres;
GRANT ALL ON TABLE auth.audit_log_entries TO dashboard_user;


--
-- Name: TABLE flow_state; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.flow_state TO postgres;
GRANT ALL ON TABLE auth.flow_state TO dashboard_user;


--
-- Name: TABLE identities; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.identities TO postgres;
GRANT ALL ON TABLE auth.identities TO dashboard_user;


--
-- Name: TABLE instances; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.instances TO postgres;
GRANT ALL ON TABLE auth.instances TO dashboard_user;


--
-- Name: TABLE mfa_amr_claims; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.mfa_amr_claims TO postgres;
GRANT ALL ON TABLE auth.mfa_amr_claims TO dashboard_user;


--
-- Name: TABLE mfa_challenges; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.mfa_challenges TO postgres;
GRANT ALL ON TABLE auth.mfa_challenges TO dashboard_user;


--
-- Name: TABLE mfa_factors; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.mfa_factors TO postgres;
GRANT ALL ON TABLE auth.mfa_factors TO dashboard_user;


--
-- Name: TABLE one_time_tokens; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.one_time_tokens TO postgres;
GRANT ALL ON TABLE auth.one_time_tokens TO dashboard_user;


--
-- Name: TABLE refresh_tokens; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.refresh_tokens TO postgres;
GRANT ALL ON TABLE auth.refresh_tokens TO dashboard_user;


--
-- Name: SEQUENCE refresh_tokens_id_seq; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON SEQUENCE auth.refresh_tokens_id_seq TO postgres;
GRANT ALL ON SEQUENCE auth.refresh_tokens_id_seq TO dashboard_user;


--
-- Name: TABLE sessions; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.sessions TO postgres;
GRANT ALL ON TABLE auth.sessions TO dashboard_user;


--
-- Name: TABLE users; Type: ACL; Schema: auth; Owner: supabase_auth_admin
--

GRANT ALL ON TABLE auth.users TO postgres;
GRANT ALL ON TABLE auth.users TO dashboard_user;


--
-- Name: TABLE activity_events; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.activity_events TO service_role;


--
-- Name: SEQUENCE activity_events_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.activity_events_id_seq TO service_role;


--
-- Name: TABLE activity_kinds; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.activity_kinds TO service_role;


--
-- Name: TABLE analytics_events; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.analytics_events TO service_role;


--
-- Name: SEQUENCE analytics_events_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.analytics_events_id_seq TO service_role;


--
-- Name: TABLE analytics_salts; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.analytics_salts TO service_role;


--
-- Name: TABLE author_applications; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.author_applications TO service_role;


--
-- Name: SEQUENCE author_applications_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.author_applications_id_seq TO service_role;


--
-- Name: TABLE author_tokens; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.author_tokens TO service_role;


--
-- Name: TABLE authors; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.authors TO service_role;


--
-- Name: COLUMN authors.id; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(id) ON TABLE public.authors TO anon;
GRANT SELECT(id) ON TABLE public.authors TO authenticated;


--
-- Name: COLUMN authors.name; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(name) ON TABLE public.authors TO anon;
GRANT SELECT(name) ON TABLE public.authors TO authenticated;


--
-- Name: COLUMN authors.slug; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(slug) ON TABLE public.authors TO anon;
GRANT SELECT(slug) ON TABLE public.authors TO authenticated;


--
-- Name: COLUMN authors.bio; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(bio) ON TABLE public.authors TO anon;
GRANT SELECT(bio) ON TABLE public.authors TO authenticated;


--
-- Name: COLUMN authors.avatar_url; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(avatar_url) ON TABLE public.authors TO anon;
GRANT SELECT(avatar_url) ON TABLE public.authors TO authenticated;


--
-- Name: COLUMN authors.is_demo; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(is_demo) ON TABLE public.authors TO anon;
GRANT SELECT(is_demo) ON TABLE public.authors TO authenticated;


--
-- Name: COLUMN authors.created_at; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(created_at) ON TABLE public.authors TO anon;
GRANT SELECT(created_at) ON TABLE public.authors TO authenticated;


--
-- Name: COLUMN authors.updated_at; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(updated_at) ON TABLE public.authors TO anon;
GRANT SELECT(updated_at) ON TABLE public.authors TO authenticated;


--
-- Name: SEQUENCE authors_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.authors_id_seq TO service_role;


--
-- Name: TABLE billing_customers; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.billing_customers TO service_role;


--
-- Name: TABLE billing_invoices; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.billing_invoices TO service_role;


--
-- Name: TABLE collection_games; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.collection_games TO service_role;
GRANT SELECT ON TABLE public.collection_games TO anon;
GRANT SELECT ON TABLE public.collection_games TO authenticated;


--
-- Name: TABLE collections; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.collections TO service_role;
GRANT SELECT ON TABLE public.collections TO anon;
GRANT SELECT ON TABLE public.collections TO authenticated;


--
-- Name: SEQUENCE collections_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.collections_id_seq TO service_role;


--
-- Name: TABLE companies; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.companies TO service_role;
GRANT SELECT ON TABLE public.companies TO anon;
GRANT SELECT ON TABLE public.companies TO authenticated;


--
-- Name: SEQUENCE companies_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.companies_id_seq TO service_role;


--
-- Name: TABLE contact_messages; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.contact_messages TO service_role;


--
-- Name: SEQUENCE contact_messages_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.contact_messages_id_seq TO service_role;


--
-- Name: TABLE critic_review_drafts; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.critic_review_drafts TO service_role;


--
-- Name: SEQUENCE critic_review_drafts_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.critic_review_drafts_id_seq TO service_role;


--
-- Name: TABLE critic_reviews; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.critic_reviews TO service_role;
GRANT SELECT ON TABLE public.critic_reviews TO anon;
GRANT SELECT ON TABLE public.critic_reviews TO authenticated;


--
-- Name: SEQUENCE critic_reviews_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.critic_reviews_id_seq TO service_role;


--
-- Name: TABLE error_reports; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.error_reports TO service_role;


--
-- Name: TABLE follow_counts; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.follow_counts TO service_role;


--
-- Name: TABLE game_card_links; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_card_links TO service_role;


--
-- Name: TABLE game_critic_stats; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_critic_stats TO service_role;
GRANT SELECT ON TABLE public.game_critic_stats TO anon;
GRANT SELECT ON TABLE public.game_critic_stats TO authenticated;


--
-- Name: TABLE game_developers; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_developers TO service_role;
GRANT SELECT ON TABLE public.game_developers TO anon;
GRANT SELECT ON TABLE public.game_developers TO authenticated;


--
-- Name: TABLE game_genres; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_genres TO service_role;
GRANT SELECT ON TABLE public.game_genres TO anon;
GRANT SELECT ON TABLE public.game_genres TO authenticated;


--
-- Name: TABLE game_platforms; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_platforms TO service_role;
GRANT SELECT ON TABLE public.game_platforms TO anon;
GRANT SELECT ON TABLE public.game_platforms TO authenticated;


--
-- Name: TABLE game_publishers; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_publishers TO service_role;
GRANT SELECT ON TABLE public.game_publishers TO anon;
GRANT SELECT ON TABLE public.game_publishers TO authenticated;


--
-- Name: TABLE game_request_votes; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_request_votes TO service_role;


--
-- Name: TABLE game_requests; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_requests TO service_role;


--
-- Name: SEQUENCE game_requests_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.game_requests_id_seq TO service_role;


--
-- Name: TABLE game_slug_redirects; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_slug_redirects TO service_role;
GRANT SELECT ON TABLE public.game_slug_redirects TO anon;
GRANT SELECT ON TABLE public.game_slug_redirects TO authenticated;


--
-- Name: TABLE game_user_review_platforms; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_user_review_platforms TO service_role;
GRANT SELECT ON TABLE public.game_user_review_platforms TO anon;
GRANT SELECT ON TABLE public.game_user_review_platforms TO authenticated;


--
-- Name: TABLE game_user_scores; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.game_user_scores TO service_role;
GRANT SELECT ON TABLE public.game_user_scores TO anon;
GRANT SELECT ON TABLE public.game_user_scores TO authenticated;


--
-- Name: TABLE games; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.games TO service_role;
GRANT SELECT ON TABLE public.games TO anon;
GRANT SELECT ON TABLE public.games TO authenticated;


--
-- Name: SEQUENCE games_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.games_id_seq TO service_role;


--
-- Name: TABLE genres; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.genres TO service_role;
GRANT SELECT ON TABLE public.genres TO anon;
GRANT SELECT ON TABLE public.genres TO authenticated;


--
-- Name: SEQUENCE genres_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.genres_id_seq TO service_role;


--
-- Name: TABLE notification_inbox; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.notification_inbox TO service_role;


--
-- Name: TABLE notification_preferences; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.notification_preferences TO service_role;


--
-- Name: TABLE notifications; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.notifications TO service_role;
GRANT SELECT ON TABLE public.notifications TO authenticated;


--
-- Name: SEQUENCE notifications_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.notifications_id_seq TO service_role;


--
-- Name: TABLE outlet_applications; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.outlet_applications TO service_role;


--
-- Name: SEQUENCE outlet_applications_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.outlet_applications_id_seq TO service_role;


--
-- Name: TABLE outlet_audit_log; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.outlet_audit_log TO service_role;


--
-- Name: SEQUENCE outlet_audit_log_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.outlet_audit_log_id_seq TO service_role;


--
-- Name: TABLE outlet_authors; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.outlet_authors TO service_role;
GRANT SELECT ON TABLE public.outlet_authors TO anon;
GRANT SELECT ON TABLE public.outlet_authors TO authenticated;


--
-- Name: TABLE outlet_critic_stats; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.outlet_critic_stats TO service_role;
GRANT SELECT ON TABLE public.outlet_critic_stats TO anon;
GRANT SELECT ON TABLE public.outlet_critic_stats TO authenticated;


--
-- Name: TABLE outlet_follows; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.outlet_follows TO service_role;


--
-- Name: TABLE outlet_owners; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.outlet_owners TO service_role;


--
-- Name: TABLE outlet_review_events; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.outlet_review_events TO service_role;


--
-- Name: TABLE outlets; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.outlets TO service_role;


--
-- Name: COLUMN outlets.id; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(id) ON TABLE public.outlets TO anon;
GRANT SELECT(id) ON TABLE public.outlets TO authenticated;


--
-- Name: COLUMN outlets.slug; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(slug) ON TABLE public.outlets TO anon;
GRANT SELECT(slug) ON TABLE public.outlets TO authenticated;


--
-- Name: COLUMN outlets.name; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(name) ON TABLE public.outlets TO anon;
GRANT SELECT(name) ON TABLE public.outlets TO authenticated;


--
-- Name: COLUMN outlets.website_url; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(website_url) ON TABLE public.outlets TO anon;
GRANT SELECT(website_url) ON TABLE public.outlets TO authenticated;


--
-- Name: COLUMN outlets.logo_url; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(logo_url) ON TABLE public.outlets TO anon;
GRANT SELECT(logo_url) ON TABLE public.outlets TO authenticated;


--
-- Name: COLUMN outlets.description; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(description) ON TABLE public.outlets TO anon;
GRANT SELECT(description) ON TABLE public.outlets TO authenticated;


--
-- Name: COLUMN outlets.score_scale; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(score_scale) ON TABLE public.outlets TO anon;
GRANT SELECT(score_scale) ON TABLE public.outlets TO authenticated;


--
-- Name: COLUMN outlets.recommendation_threshold; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(recommendation_threshold) ON TABLE public.outlets TO anon;
GRANT SELECT(recommendation_threshold) ON TABLE public.outlets TO authenticated;


--
-- Name: COLUMN outlets.is_demo; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(is_demo) ON TABLE public.outlets TO anon;
GRANT SELECT(is_demo) ON TABLE public.outlets TO authenticated;


--
-- Name: COLUMN outlets.created_at; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(created_at) ON TABLE public.outlets TO anon;
GRANT SELECT(created_at) ON TABLE public.outlets TO authenticated;


--
-- Name: COLUMN outlets.updated_at; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(updated_at) ON TABLE public.outlets TO anon;
GRANT SELECT(updated_at) ON TABLE public.outlets TO authenticated;


--
-- Name: SEQUENCE outlets_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.outlets_id_seq TO service_role;


--
-- Name: TABLE platforms; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.platforms TO service_role;
GRANT SELECT ON TABLE public.platforms TO anon;
GRANT SELECT ON TABLE public.platforms TO authenticated;


--
-- Name: SEQUENCE platforms_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.platforms_id_seq TO service_role;


--
-- Name: TABLE poll_votes; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.poll_votes TO service_role;


--
-- Name: TABLE profile_settings; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.profile_settings TO service_role;


--
-- Name: TABLE profiles; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.profiles TO service_role;


--
-- Name: COLUMN profiles.id; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(id) ON TABLE public.profiles TO anon;
GRANT SELECT(id) ON TABLE public.profiles TO authenticated;


--
-- Name: COLUMN profiles.username; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(username) ON TABLE public.profiles TO anon;
GRANT SELECT(username) ON TABLE public.profiles TO authenticated;


--
-- Name: COLUMN profiles.full_name; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(full_name) ON TABLE public.profiles TO anon;
GRANT SELECT(full_name) ON TABLE public.profiles TO authenticated;


--
-- Name: COLUMN profiles.bio; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(bio) ON TABLE public.profiles TO anon;
GRANT SELECT(bio) ON TABLE public.profiles TO authenticated;


--
-- Name: COLUMN profiles.avatar_url; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(avatar_url) ON TABLE public.profiles TO anon;
GRANT SELECT(avatar_url) ON TABLE public.profiles TO authenticated;


--
-- Name: COLUMN profiles.created_at; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(created_at) ON TABLE public.profiles TO anon;
GRANT SELECT(created_at) ON TABLE public.profiles TO authenticated;


--
-- Name: TABLE reserved_usernames; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.reserved_usernames TO service_role;


--
-- Name: TABLE search_words; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.search_words TO service_role;


--
-- Name: TABLE similar_game_rankings; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.similar_game_rankings TO service_role;


--
-- Name: TABLE similar_game_refills; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.similar_game_refills TO service_role;


--
-- Name: TABLE stripe_events; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.stripe_events TO service_role;


--
-- Name: TABLE subscription_plans; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.subscription_plans TO service_role;
GRANT SELECT ON TABLE public.subscription_plans TO anon;
GRANT SELECT ON TABLE public.subscription_plans TO authenticated;


--
-- Name: TABLE test_checkout_sessions; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.test_checkout_sessions TO service_role;


--
-- Name: TABLE user_follows; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_follows TO service_role;


--
-- Name: TABLE user_library_counts; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_library_counts TO service_role;


--
-- Name: TABLE user_library_platforms; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_library_platforms TO service_role;


--
-- Name: TABLE user_list_entries; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_list_entries TO service_role;


--
-- Name: TABLE user_list_likes; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_list_likes TO service_role;


--
-- Name: TABLE user_list_reports; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_list_reports TO service_role;


--
-- Name: SEQUENCE user_list_reports_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.user_list_reports_id_seq TO service_role;


--
-- Name: TABLE user_lists; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_lists TO service_role;


--
-- Name: SEQUENCE user_lists_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.user_lists_id_seq TO service_role;


--
-- Name: TABLE user_review_reports; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_review_reports TO service_role;


--
-- Name: SEQUENCE user_review_reports_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.user_review_reports_id_seq TO service_role;


--
-- Name: TABLE user_review_votes; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_review_votes TO service_role;


--
-- Name: TABLE user_review_windows; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_review_windows TO service_role;


--
-- Name: SEQUENCE user_review_windows_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.user_review_windows_id_seq TO service_role;


--
-- Name: TABLE user_reviews; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_reviews TO service_role;


--
-- Name: COLUMN user_reviews.id; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(id) ON TABLE public.user_reviews TO anon;
GRANT SELECT(id) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.user_id; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(user_id) ON TABLE public.user_reviews TO anon;
GRANT SELECT(user_id) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.game_id; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(game_id) ON TABLE public.user_reviews TO anon;
GRANT SELECT(game_id) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.rating; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(rating) ON TABLE public.user_reviews TO anon;
GRANT SELECT(rating) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.title; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(title) ON TABLE public.user_reviews TO anon;
GRANT SELECT(title) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.body; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(body) ON TABLE public.user_reviews TO anon;
GRANT SELECT(body) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.spoiler; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(spoiler) ON TABLE public.user_reviews TO anon;
GRANT SELECT(spoiler) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.platform_id; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(platform_id) ON TABLE public.user_reviews TO anon;
GRANT SELECT(platform_id) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.hours_played; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(hours_played) ON TABLE public.user_reviews TO anon;
GRANT SELECT(hours_played) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.finished; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(finished) ON TABLE public.user_reviews TO anon;
GRANT SELECT(finished) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.helpful_count; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(helpful_count) ON TABLE public.user_reviews TO anon;
GRANT SELECT(helpful_count) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.counted; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(counted) ON TABLE public.user_reviews TO anon;
GRANT SELECT(counted) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.created_at; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(created_at) ON TABLE public.user_reviews TO anon;
GRANT SELECT(created_at) ON TABLE public.user_reviews TO authenticated;


--
-- Name: COLUMN user_reviews.edited_at; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(edited_at) ON TABLE public.user_reviews TO anon;
GRANT SELECT(edited_at) ON TABLE public.user_reviews TO authenticated;


--
-- Name: SEQUENCE user_reviews_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.user_reviews_id_seq TO service_role;


--
-- Name: TABLE user_subscriptions; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_subscriptions TO service_role;


--
-- Name: COLUMN user_subscriptions.id; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(id) ON TABLE public.user_subscriptions TO authenticated;


--
-- Name: COLUMN user_subscriptions.user_id; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(user_id) ON TABLE public.user_subscriptions TO authenticated;


--
-- Name: COLUMN user_subscriptions.plan_id; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(plan_id) ON TABLE public.user_subscriptions TO authenticated;


--
-- Name: COLUMN user_subscriptions.status; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(status) ON TABLE public.user_subscriptions TO authenticated;


--
-- Name: COLUMN user_subscriptions.current_period_start; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(current_period_start) ON TABLE public.user_subscriptions TO authenticated;


--
-- Name: COLUMN user_subscriptions.current_period_end; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(current_period_end) ON TABLE public.user_subscriptions TO authenticated;


--
-- Name: COLUMN user_subscriptions.created_at; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(created_at) ON TABLE public.user_subscriptions TO authenticated;


--
-- Name: COLUMN user_subscriptions.updated_at; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(updated_at) ON TABLE public.user_subscriptions TO authenticated;


--
-- Name: COLUMN user_subscriptions.billing_period; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(billing_period) ON TABLE public.user_subscriptions TO authenticated;


--
-- Name: COLUMN user_subscriptions.cancel_at_period_end; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT(cancel_at_period_end) ON TABLE public.user_subscriptions TO authenticated;


--
-- Name: TABLE user_xp; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.user_xp TO service_role;


--
-- Name: TABLE xp_ledger; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.xp_ledger TO service_role;


--
-- Name: SEQUENCE xp_ledger_id_seq; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON SEQUENCE public.xp_ledger_id_seq TO service_role;


--
-- Name: TABLE xp_periods; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.xp_periods TO service_role;


--
-- Name: TABLE messages; Type: ACL; Schema: realtime; Owner: supabase_realtime_admin
--

GRANT SELECT,INSERT,UPDATE ON TABLE realtime.messages TO postgres;
GRANT SELECT,INSERT,UPDATE ON TABLE realtime.messages TO anon;
GRANT SELECT,INSERT,UPDATE ON TABLE realtime.messages TO authenticated;
GRANT SELECT,INSERT,UPDATE ON TABLE realtime.messages TO service_role;


--
-- Name: TABLE buckets; Type: ACL; Schema: storage; Owner: supabase_storage_admin
--

GRANT ALL ON TABLE storage.buckets TO anon;
GRANT ALL ON TABLE storage.buckets TO authenticated;
GRANT ALL ON TABLE storage.buckets TO service_role;
GRANT ALL ON TABLE storage.buckets TO postgres WITH GRANT OPTION;


--
-- Name: TABLE objects; Type: ACL; Schema: storage; Owner: supabase_storage_admin
--

GRANT ALL ON TABLE storage.objects TO anon;
GRANT ALL ON TABLE storage.objects TO authenticated;
GRANT ALL ON TABLE storage.objects TO service_role;
GRANT ALL ON TABLE storage.objects TO postgres WITH GRANT OPTION;


--
-- Name: DEFAULT PRIVILEGES FOR SEQUENCES; Type: DEFAULT ACL; Schema: auth; Owner: supabase_auth_admin
--

ALTER DEFAULT PRIVILEGES FOR ROLE supabase_auth_admin IN SCHEMA auth GRANT ALL ON SEQUENCES  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_auth_admin IN SCHEMA auth GRANT ALL ON SEQUENCES  TO dashboard_user;


--
-- Name: DEFAULT PRIVILEGES FOR FUNCTIONS; Type: DEFAULT ACL; Schema: auth; Owner: supabase_auth_admin
--

ALTER DEFAULT PRIVILEGES FOR ROLE supabase_auth_admin IN SCHEMA auth GRANT ALL ON FUNCTIONS  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_auth_admin IN SCHEMA auth GRANT ALL ON FUNCTIONS  TO dashboard_user;


--
-- Name: DEFAULT PRIVILEGES FOR TABLES; Type: DEFAULT ACL; Schema: auth; Owner: supabase_auth_admin
--

ALTER DEFAULT PRIVILEGES FOR ROLE supabase_auth_admin IN SCHEMA auth GRANT ALL ON TABLES  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_auth_admin IN SCHEMA auth GRANT ALL ON TABLES  TO dashboard_user;


--
-- Name: DEFAULT PRIVILEGES FOR SEQUENCES; Type: DEFAULT ACL; Schema: public; Owner: postgres
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES  TO service_role;


--
-- Name: DEFAULT PRIVILEGES FOR SEQUENCES; Type: DEFAULT ACL; Schema: public; Owner: supabase_admin
--

ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON SEQUENCES  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON SEQUENCES  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON SEQUENCES  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON SEQUENCES  TO service_role;


--
-- Name: DEFAULT PRIVILEGES FOR FUNCTIONS; Type: DEFAULT ACL; Schema: public; Owner: postgres
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS  TO service_role;


--
-- Name: DEFAULT PRIVILEGES FOR FUNCTIONS; Type: DEFAULT ACL; Schema: public; Owner: supabase_admin
--

ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON FUNCTIONS  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON FUNCTIONS  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON FUNCTIONS  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON FUNCTIONS  TO service_role;


--
-- Name: DEFAULT PRIVILEGES FOR TABLES; Type: DEFAULT ACL; Schema: public; Owner: postgres
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES  TO service_role;


--
-- Name: DEFAULT PRIVILEGES FOR TABLES; Type: DEFAULT ACL; Schema: public; Owner: supabase_admin
--

ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON TABLES  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON TABLES  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON TABLES  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON TABLES  TO service_role;


--
-- PostgreSQL database dump complete
--



-- Rows

-- rows of public.activity_kinds
{"kind": "account_confirmed", "description": "The user confirmed their account"}
{"kind": "content_hidden", "description": "A moderator hid content and said why"}
{"kind": "coverage_requested", "description": "An administrator asked an outlet's owners to review a game"}
{"kind": "daily_visit", "description": "The user visited the site on a UTC day"}
{"kind": "game_request_resolved", "description": "An administrator resolved a game request"}
{"kind": "game_status_set", "description": "The user set or changed their play status on a game"}
{"kind": "level_up", "description": "The user reached a new level"}
{"kind": "list_created", "description": "The user created a custom game list"}
{"kind": "list_entry_added", "description": "The user added a game to one of their custom lists"}
{"kind": "list_liked", "description": "The user liked someone else's list"}
{"kind": "outlet_followed", "description": "The user followed an outlet"}
{"kind": "profile_updated", "description": "The user changed their public profile (avatar, name, bio)"}
{"kind": "review_published", "description": "The user published a review of a game"}
{"kind": "review_voted_helpful", "description": "The user voted someone else's review helpful"}
{"kind": "user_followed", "description": "The user followed another player"}

-- rows of public.reserved_usernames
{"name": "404"}
{"name": "500"}
{"name": "about"}
{"name": "abuse"}
{"name": "account"}
{"name": "accounts"}
{"name": "ad-free"}
{"name": "add-game"}
{"name": "admin"}
{"name": "administrator"}
{"name": "admins"}
{"name": "all"}
{"name": "anonymous"}
{"name": "api"}
{"name": "assets"}
{"name": "auth"}
{"name": "author"}
{"name": "author-features"}
{"name": "authors"}
{"name": "billing"}
{"name": "bot"}
{"name": "browse"}
{"name": "builds"}
{"name": "calendar"}
{"name": "callback"}
{"name": "changelog"}
{"name": "collections"}
{"name": "confirm"}
{"name": "contact"}
{"name": "create"}
{"name": "critic"}
{"name": "critics"}
{"name": "daemon"}
{"name": "dashboard"}
{"name": "default"}
{"name": "delete"}
{"name": "demo"}
{"name": "dev"}
{"name": "edit"}
{"name": "editor"}
{"name": "editors"}
{"name": "error"}
{"name": "everyone"}
{"name": "example"}
{"name": "faq"}
{"name": "favicon"}
{"name": "features"}
{"name": "feed"}
{"name": "free"}
{"name": "future-features"}
{"name": "game"}
{"name": "games"}
{"name": "guest"}
{"name": "health"}
{"name": "help"}
{"name": "home"}
{"name": "hostmaster"}
{"name": "icons"}
{"name": "index"}
{"name": "info"}
{"name": "leaderboard"}
{"name": "legal"}
{"name": "levels"}
{"name": "lists"}
{"name": "log-in"}
{"name": "log-out"}
{"name": "login"}
{"name": "logout"}
{"name": "mail"}
{"name": "manage-outlet"}
{"name": "manifest"}
{"name": "me"}
{"name": "media"}
{"name": "membership"}
{"name": "mod"}
{"name": "moderator"}
{"name": "moderators"}
{"name": "mods"}
{"name": "new"}
{"name": "nil"}
{"name": "no-reply"}
{"name": "none"}
{"name": "noreply"}
{"name": "notifications"}
{"name": "null"}
{"name": "oauth"}
{"name": "official"}
{"name": "offline"}
{"name": "outlet"}
{"name": "outlets"}
{"name": "owner"}
{"name": "password"}
{"name": "payment"}
{"name": "postmaster"}
{"name": "pr-features"}
{"name": "premium"}
{"name": "press"}
{"name": "privacy"}
{"name": "privacy-policy"}
{"name": "profile"}
{"name": "profiles"}
{"name": "public"}
{"name": "publishers"}
{"name": "realtime"}
{"name": "register"}
{"name": "reset-password"}
{"name": "reviews"}
{"name": "robot"}
{"name": "robots"}
{"name": "root"}
{"name": "rss"}
{"name": "sample"}
{"name": "search"}
{"name": "security"}
{"name": "sentry-example-page"}
{"name": "service"}
{"name": "session"}
{"name": "sessions"}
{"name": "settings"}
{"name": "sign-in"}
{"name": "sign-up"}
{"name": "signin"}
{"name": "signout"}
{"name": "signup"}
{"name": "site-application"}
{"name": "sitemap"}
{"name": "sitemaps"}
{"name": "staff"}
{"name": "static"}
{"name": "status"}
{"name": "storage"}
{"name": "subscription"}
{"name": "superuser"}
{"name": "support"}
{"name": "sw"}
{"name": "sysadmin"}
{"name": "system"}
{"name": "team"}
{"name": "terms"}
{"name": "terms-of-service"}
{"name": "test"}
{"name": "test-vote"}
{"name": "tester"}
{"name": "testing"}
{"name": "token"}
{"name": "undefined"}
{"name": "unknown"}
{"name": "user"}
{"name": "user-features"}
{"name": "users"}
{"name": "verify"}
{"name": "webmaster"}
{"name": "www"}

-- rows of public.subscription_plans
{"name": "ad_free", "currency": "USD", "sort_order": 1, "description": "Everything in Free, custom lists and no ads.", "price_cents": 299, "display_name": "Ad-Free", "price_yearly_cents": 2990}
{"name": "free", "currency": "USD", "sort_order": 0, "description": "Follow outlets, earn XP, keep default lists, add and link games.", "price_cents": 0, "display_name": "Free", "price_yearly_cents": 0}
{"name": "premium", "currency": "USD", "sort_order": 2, "description": "Everything in Ad-Free, plus publishing your own user reviews.", "price_cents": 599, "display_name": "Premium", "price_yearly_cents": 5990}

-- rows of storage.buckets
{"id": "avatars", "name": "avatars", "type": "STANDARD", "owner": null, "public": true, "owner_id": null, "file_size_limit": 5242880, "allowed_mime_types": ["image/jpeg", "image/png", "image/webp"], "avif_autodetection": false}
{"id": "game-covers", "name": "game-covers", "type": "STANDARD", "owner": null, "public": true, "owner_id": null, "file_size_limit": 5242880, "allowed_mime_types": ["image/jpeg", "image/png", "image/webp"], "avif_autodetection": false}
{"id": "outlet-logos", "name": "outlet-logos", "type": "STANDARD", "owner": null, "public": true, "owner_id": null, "file_size_limit": 5242880, "allowed_mime_types": ["image/jpeg", "image/png", "image/webp"], "avif_autodetection": false}
