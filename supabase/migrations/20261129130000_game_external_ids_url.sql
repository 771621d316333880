-- Store links from IGDB's own URLs (docs/decisions/store-links.md): each external id keeps the
-- address IGDB gives for it (an External Game's `url`; on the IGDB row, the game's igdb.com
-- page), so GOG, Epic and IGDB pages can be linked. Public catalogue data, like the ids. Only
-- https addresses of bounded length are kept; which hosts a page links to is decided where the
-- links are made.

alter table public.game_external_ids add column if not exists url text;
alter table public.game_external_ids drop constraint if exists game_external_ids_url_https;
alter table public.game_external_ids add constraint game_external_ids_url_https
  check (url is null or (char_length(url) between 9 and 500 and url ~ '^https://\S+$'));
comment on column public.game_external_ids.url is
  'The address the source gives for this id (IGDB''s External Game url; for the IGDB id, its igdb.com game page), https only.';
