-- IGDB covers copied into the site's storage (docs/decisions/igdb-sync.md, "Covers"): which
-- IGDB image each game's stored cover was made from, or why copying it failed and when it is
-- tried again. A sync that writes the same IGDB image back over a copied cover keeps the copy.

create table if not exists public.igdb_cover_copies (
  game_id integer primary key references public.games (id) on delete cascade,
  image_id text not null,
  status text not null,
  attempts integer not null default 1,
  -- The stored cover's URL (the largest WebP), once copied.
  stored_url text,
  last_error text,
  -- A failed copy is tried again from then; null once it is given up.
  next_attempt_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint igdb_cover_copies_status_known check (status in ('copied', 'failed')),
  constraint igdb_cover_copies_image_id_shape check (image_id ~ '^[a-z0-9]{1,64}$'),
  constraint igdb_cover_copies_attempts_positive check (attempts between 1 and 1000),
  constraint igdb_cover_copies_copied_url check (status <> 'copied' or stored_url is not null),
  constraint igdb_cover_copies_stored_url_length check (char_length(stored_url) <= 2048),
  constraint igdb_cover_copies_error_length check (char_length(last_error) <= 500)
);
comment on table public.igdb_cover_copies is
  'IGDB covers copied into storage, game by game: the IGDB image each copy came from, or the failed attempts and the next one.';
-- Server only: no policy, so the API roles see nothing.
alter table public.igdb_cover_copies enable row level security;
grant all on public.igdb_cover_copies to service_role;

-- The games whose cover is still on IGDB's CDN: what the copying step looks through.
create index if not exists games_igdb_cover_idx on public.games (id)
  where cover_image_url like 'https://images.igdb.com/igdb/image/upload/%';

-- A sync writes a game's IGDB cover URL whenever it updates the game. When that is the very
-- image already copied into storage, the stored copy stays; a new IGDB image goes through
-- (and is copied in turn).
create or replace function public.keep_copied_igdb_cover() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.cover_image_url is distinct from old.cover_image_url
     and old.cover_image_url is not null
     and new.cover_image_url like 'https://images.igdb.com/igdb/image/upload/%'
     and exists (
       select 1 from public.igdb_cover_copies c
        where c.game_id = new.id
          and c.status = 'copied'
          and c.stored_url = old.cover_image_url
          and c.image_id = substring(new.cover_image_url from '/t_[a-z0-9_]+/([a-z0-9]{1,64})\.[a-z]+$')
     ) then
    new.cover_image_url := old.cover_image_url;
  end if;
  return new;
end
$$;
revoke execute on function public.keep_copied_igdb_cover() from public;

drop trigger if exists games_keep_copied_igdb_cover on public.games;
create trigger games_keep_copied_igdb_cover before update of cover_image_url on public.games
  for each row execute function public.keep_copied_igdb_cover();
