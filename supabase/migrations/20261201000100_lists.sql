-- Custom game lists, their entries and likes (statuses live in user_games).
--
-- Privilege model as in the first migration: the server reads and writes as the owner and
-- applies visibility itself (private lists are a 404 to everyone but their owner); the API
-- roles get nothing here, so a leaked anon key shows no private list.
--
-- Counts shown on pages (entries, likes) are kept by triggers in the transaction of the
-- change, never recounted on a request.

create table if not exists public.user_lists (
  id integer generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  title text not null,
  -- Unique per owner: /{username}/lists/{slug}.
  slug text not null,
  description text,
  visibility text not null default 'public',
  ranked boolean not null default false,
  entries_count integer not null default 0,
  likes_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_lists_owner_slug_key unique (user_id, slug),
  constraint user_lists_title_length check (char_length(btrim(title)) between 1 and 100),
  constraint user_lists_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 100),
  constraint user_lists_description_length check (char_length(description) <= 2000),
  constraint user_lists_visibility_known check (visibility in ('public', 'unlisted', 'private')),
  constraint user_lists_counts_positive check (entries_count >= 0 and likes_count >= 0)
);
comment on table public.user_lists is 'Custom game lists (Ad-Free and Premium); private ones are their owner''s alone.';

create trigger user_lists_set_updated_at before update on public.user_lists
  for each row execute function public.set_updated_at();

-- A user's own lists, newest first (dashboard, profile).
create index if not exists user_lists_user_idx on public.user_lists (user_id, updated_at desc);
-- Discovery: recent public lists, and title search.
create index if not exists user_lists_public_recent_idx on public.user_lists (created_at desc) where visibility = 'public';
create index if not exists user_lists_public_likes_idx on public.user_lists (likes_count desc, id desc) where visibility = 'public';

create table if not exists public.user_list_entries (
  list_id integer not null references public.user_lists (id) on delete cascade,
  -- A game deleted by an administrator takes its entries with it; a merge moves them first.
  game_id integer not null references public.games (id) on delete cascade,
  -- 1-based order inside the list (the rank on a ranked list).
  position integer not null,
  note text,
  created_at timestamptz not null default now(),
  primary key (list_id, game_id),
  constraint user_list_entries_position_positive check (position >= 1),
  constraint user_list_entries_note_length check (char_length(note) <= 500)
);
comment on table public.user_list_entries is 'The games of a custom list, in order, each with an optional note.';
create index if not exists user_list_entries_order_idx on public.user_list_entries (list_id, position);
create index if not exists user_list_entries_game_idx on public.user_list_entries (game_id);

create table if not exists public.user_list_likes (
  list_id integer not null references public.user_lists (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Once per user and list.
  primary key (list_id, user_id)
);
comment on table public.user_list_likes is 'Who liked which list; a user likes a list at most once and never their own.';
create index if not exists user_list_likes_user_idx on public.user_list_likes (user_id, created_at desc);
-- "Popular": likes of the last 30 days per list.
create index if not exists user_list_likes_recent_idx on public.user_list_likes (created_at, list_id);

-- Keeps user_lists.entries_count (also when a deleted game cascades its entries away).
create or replace function public.user_list_entries_count() returns trigger
  language plpgsql
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
revoke execute on function public.user_list_entries_count() from public, anon, authenticated;
create trigger user_list_entries_count after insert or delete on public.user_list_entries
  for each row execute function public.user_list_entries_count();

-- Keeps user_lists.likes_count.
create or replace function public.user_list_likes_count() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.user_lists set likes_count = likes_count + 1 where id = new.list_id;
  elsif tg_op = 'DELETE' then
    update public.user_lists set likes_count = likes_count - 1 where id = old.list_id;
  end if;
  return null;
end
$$;
revoke execute on function public.user_list_likes_count() from public, anon, authenticated;
create trigger user_list_likes_count after insert or delete on public.user_list_likes
  for each row execute function public.user_list_likes_count();

alter table public.user_lists enable row level security;
alter table public.user_list_entries enable row level security;
alter table public.user_list_likes enable row level security;
-- No grant and no policy for anon or authenticated: the site serves lists and applies
-- their visibility itself; the REST API exposes none of it.
grant all on public.user_lists, public.user_list_entries, public.user_list_likes to service_role;
