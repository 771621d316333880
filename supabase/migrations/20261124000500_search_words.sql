-- Typeahead search over a dictionary of title words.
--
-- Fuzzy matching whole titles with the trigram index costs about 10 ms on 100 000 games
-- whatever the result size, because common trigrams have long posting lists. The
-- typeahead instead matches each typed word against the distinct words of all titles
-- (a small table: a few thousand rows for a real catalogue), then finds the games whose
-- titles contain those words through a GIN index on the title's word array.

-- Lower-cased alphanumeric words of a title, sorted and distinct ('Half-Life 2' -> {2,half,life}).
create function public.title_words(title text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select coalesce(array_agg(distinct word order by word), '{}')
  from regexp_split_to_table(lower(title), '[^[:alnum:]]+') as word
  where word <> ''
$$;
comment on function public.title_words(text) is
  'Words of a title for search: lower-cased, split on anything not a letter or digit, sorted and distinct.';

create index games_title_words_idx on public.games using gin (public.title_words(title));

create table public.search_words (
  word text primary key
);
comment on table public.search_words is
  'Every distinct word of every game title (kept by triggers on games; words of deleted titles may linger and simply match nothing).';
create index search_words_trgm_idx on public.search_words using gin (word extensions.gin_trgm_ops);

alter table public.search_words enable row level security;
-- No grants to anon or authenticated: only the site's server (the owner) reads it,
-- and without a grant no policy is needed.
grant all on public.search_words to service_role;

insert into public.search_words (word)
select distinct unnest(public.title_words(title)) from public.games
on conflict do nothing;

-- One statement-level trigger per write statement, so bulk loads add their words in one go.
create function public.add_search_words() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.search_words (word)
  select distinct unnest(public.title_words(changed.title)) from changed_games as changed
  on conflict do nothing;
  return null;
end
$$;
revoke execute on function public.add_search_words() from public, anon, authenticated;

create trigger games_add_search_words_on_insert after insert on public.games
  referencing new table as changed_games
  for each statement execute function public.add_search_words();
create trigger games_add_search_words_on_update after update on public.games
  referencing new table as changed_games
  for each statement execute function public.add_search_words();
