-- Search: typo-tolerant matching of game titles and outlet names with trigrams.
-- pg_trgm lives in the `extensions` schema (hosted Supabase's convention; the local
-- bootstrap creates that schema), so its functions and operator classes are named with
-- the schema everywhere.

create extension if not exists pg_trgm with schema extensions;

-- GIN trigram indexes serve both substring matches (like '%…%') and word similarity
-- (the <% operator) on the lower-cased name.
create index games_title_trgm_idx on public.games using gin (lower(title) extensions.gin_trgm_ops);
create index outlets_name_trgm_idx on public.outlets using gin (lower(name) extensions.gin_trgm_ops);
