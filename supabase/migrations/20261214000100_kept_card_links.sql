-- Kept card links. Every game card (catalogue pages, lists, dashboards, similar games, the
-- game page itself) shows the game's platforms and genres by name. Read live, each card
-- joined its link rows to the platform and genre tables and sorted them: two hash joins
-- and two sorts per card, about 0.04 ms of the database's time per card on 100 000 games,
-- most of a page of 20 cards. Those names change only when a game's links change or a
-- platform or genre is renamed, so they are kept, like the scores:
--   * game_card_links holds each game's platforms and genres as a card shows them: JSON
--     arrays in the card's order, the shape the live read gave;
--   * a statement that writes links, or renames a platform or a genre, rewrites the rows of
--     the games it touches, in the same transaction, so a page never shows stale names;
--   * a game without a row yet shows no platforms and no genres, which is what its (absent)
--     links say.

create table if not exists public.game_card_links (
  game_id integer primary key references public.games (id) on delete cascade,
  platforms json not null default '[]',
  genres json not null default '[]'
);
comment on table public.game_card_links is
  'Each game''s platforms ({slug, name, abbreviation}, by release date then name) and genres ({slug, name}, by name) as its card shows them; rewritten by triggers on the links and names.';
-- Server only: no policy, so the API roles see nothing (they read the link tables themselves).
alter table public.game_card_links enable row level security;

-- Rewrites the kept links of these games from the link tables. Names sort by lower(): the
-- embedded database's C collation would otherwise put every capital first.
-- (PL/pgSQL rather than SQL: a session plans the statement once, not on every call.)
create or replace function public.keep_game_card_links(p_games integer[]) returns void
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
revoke execute on function public.keep_game_card_links(integer[]) from public, anon, authenticated;

-- As keep_game_card_links, for a statement that changed these games' links or names, taking
-- turns with the others that do: writers of the same game's links wait for one another, and
-- a rename of one of its platforms or genres waits for them or they for it. Each then reads
-- (a new statement, a new snapshot) what the other committed, so two transactions never each
-- keep half of the truth. No key is locked: links may still be added under the game.
create or replace function public.keep_game_card_links_in_turn(p_games integer[]) returns void
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
revoke execute on function public.keep_game_card_links_in_turn(integer[]) from public, anon, authenticated;

-- One trigger function for both link tables, fired once per statement with the rows it
-- changed (an import or the demo seed writes thousands of links at once).
create or replace function public.card_links_on_links() returns trigger
  language plpgsql
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
revoke execute on function public.card_links_on_links() from public, anon, authenticated;

-- A renamed platform or genre: every game linked to it. (Deleting one that is linked is
-- refused by the links' foreign keys.) Renames are rare and one row at a time.
create or replace function public.card_links_on_name() returns trigger
  language plpgsql
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
revoke execute on function public.card_links_on_name() from public, anon, authenticated;

drop trigger if exists game_platforms_card_links_insert on public.game_platforms;
create trigger game_platforms_card_links_insert after insert on public.game_platforms
  referencing new table as new_rows for each statement execute function public.card_links_on_links();
drop trigger if exists game_platforms_card_links_update on public.game_platforms;
create trigger game_platforms_card_links_update after update on public.game_platforms
  referencing old table as old_rows new table as new_rows for each statement execute function public.card_links_on_links();
drop trigger if exists game_platforms_card_links_delete on public.game_platforms;
create trigger game_platforms_card_links_delete after delete on public.game_platforms
  referencing old table as old_rows for each statement execute function public.card_links_on_links();

drop trigger if exists game_genres_card_links_insert on public.game_genres;
create trigger game_genres_card_links_insert after insert on public.game_genres
  referencing new table as new_rows for each statement execute function public.card_links_on_links();
drop trigger if exists game_genres_card_links_update on public.game_genres;
create trigger game_genres_card_links_update after update on public.game_genres
  referencing old table as old_rows new table as new_rows for each statement execute function public.card_links_on_links();
drop trigger if exists game_genres_card_links_delete on public.game_genres;
create trigger game_genres_card_links_delete after delete on public.game_genres
  referencing old table as old_rows for each statement execute function public.card_links_on_links();

drop trigger if exists platforms_card_links_names on public.platforms;
create trigger platforms_card_links_names after update of slug, name, abbreviation on public.platforms
  for each row when (old.slug is distinct from new.slug or old.name is distinct from new.name or old.abbreviation is distinct from new.abbreviation)
  execute function public.card_links_on_name();
drop trigger if exists genres_card_links_names on public.genres;
create trigger genres_card_links_names after update of slug, name on public.genres
  for each row when (old.slug is distinct from new.slug or old.name is distinct from new.name)
  execute function public.card_links_on_name();

-- Every game that has links gets its row now (nothing else writes while migrations run).
select public.keep_game_card_links(array(
  select gp.game_id from public.game_platforms gp union select gg.game_id from public.game_genres gg));
