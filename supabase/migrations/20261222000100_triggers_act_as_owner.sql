-- Triggers that keep derived data (counts, sums, kept lists, search words) run as the owner,
-- whoever's statement fires them. Other roles write to these tables too: GoTrue deletes a
-- user as supabase_auth_admin (the dashboard's "Delete user"), and the delete cascades into
-- statuses, reviews, lists, likes and votes, whose AFTER triggers then fire as
-- supabase_auth_admin, a role with no rights on the tables they keep or the helper functions
-- they call ("permission denied for function count_library_row"). As security definer they
-- act as the owner, with search_path '' as before. Bodies are unchanged; only these
-- attributes are altered. (keep_follow_counts() is already security definer.)
do $$
declare
  fn text;
begin
  foreach fn in array array[
    'public.set_updated_at()',
    'public.user_list_entries_count()',
    'public.user_list_likes_count()',
    'public.user_list_likes_window()',
    'public.user_reviews_prepare()',
    'public.user_reviews_aggregate()',
    'public.user_reviews_platform_counts()',
    'public.user_review_windows_changed()',
    'public.user_review_votes_count()',
    'public.keep_follow_counts()',
    'public.notify_outlet_followers()',
    'public.critic_reviews_mark_score_update()',
    'public.game_request_votes_count()',
    'public.similar_games_on_genres()',
    'public.similar_games_on_developers()',
    'public.similar_games_on_publishers()',
    'public.similar_games_on_platforms()',
    'public.similar_games_on_release_date()',
    'public.card_links_on_links()',
    'public.card_links_on_name()',
    'public.library_counts_on_game_row()'
  ] loop
    if to_regprocedure(fn) is not null then
      execute format('alter function %s security definer set search_path = %L', fn, '');
    end if;
  end loop;
end
$$;
