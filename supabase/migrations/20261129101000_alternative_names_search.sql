-- Search finds games by their alternative names (game_alternative_names, filled by the IGDB
-- sync) as it finds them by title (docs/decisions/alternative-names-search.md): names that
-- start with the query, for the typeahead, and names containing the query or a word similar
-- to it, for the full results. The same two indexes the titles have.
create index if not exists game_alternative_names_prefix_idx
  on public.game_alternative_names (lower(name) text_pattern_ops);
create index if not exists game_alternative_names_trgm_idx
  on public.game_alternative_names using gin (lower(name) extensions.gin_trgm_ops);
