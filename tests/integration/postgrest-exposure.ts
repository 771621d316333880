/**
 * What the REST API (PostgREST, with the project's anon key or a user's JWT) may read in the
 * public schema: per table, the columns each API role may select. It is the site's own
 * view of what a visitor may see (the browser never calls PostgREST: the site's server reads
 * and writes as the owner), so it is at most what the site shows that person. Nothing is
 * writable through the API: every insert, update and delete is refused.
 *
 * Every table of the public schema must be listed (an empty list: nothing), and every
 * column of it is checked: a table or column that a migration adds without a decision here
 * fails tests/integration/postgrest-matrix.test.ts.
 */

type Columns = readonly string[];
export interface TableExposure {
  anon: Columns;
  authenticated: Columns;
  /** Which rows a role sees of the columns it may read (the table's policies). */
  rows: 'every row' | 'visible rows' | "the user's own rows" | 'none';
}

const NONE: TableExposure = { anon: [], authenticated: [], rows: 'none' };
const everyone = (columns: Columns, rows: TableExposure['rows'] = 'every row'): TableExposure => ({
  anon: columns,
  authenticated: columns,
  rows,
});
const ownOnly = (columns: Columns): TableExposure => ({
  anon: [],
  authenticated: columns,
  rows: "the user's own rows",
});

export const API_EXPOSURE: Record<string, TableExposure> = {
  activity_events: NONE,
  activity_kinds: NONE,
  analytics_events: NONE,
  analytics_salts: NONE,
  author_applications: NONE,
  author_tokens: NONE,
  authors: everyone(['id', 'name', 'slug', 'bio', 'avatar_url', 'is_demo', 'created_at', 'updated_at']),
  billing_customers: NONE,
  billing_invoices: NONE,
  collection_games: everyone(['collection_id', 'game_id', 'position', 'note']),
  collections: everyone(['id', 'slug', 'title', 'description', 'is_demo', 'created_at', 'updated_at']),
  companies: everyone(['id', 'slug', 'name']),
  contact_messages: NONE,
  critic_review_drafts: NONE,
  critic_reviews: everyone(
    [
      'id',
      'game_id',
      'outlet_id',
      'author_id',
      'kind',
      'score_scale',
      'raw_score',
      'score',
      'recommended',
      'verdict',
      'excerpt',
      'url',
      'platform_id',
      'published_at',
      'counted',
      'created_at',
      'updated_at',
      'time_zone',
      'score_updated_at',
      'headline',
    ],
    'visible rows',
  ),
  error_reports: NONE,
  follow_counts: NONE,
  game_card_links: NONE,
  game_critic_stats: everyone([
    'game_id',
    'review_count',
    'scored_count',
    'score_sum',
    'recommended_count',
    'preview_count',
    'acclaimed_count',
    'favourable_count',
    'mixed_count',
    'unfavourable_count',
    'panned_count',
    'critic_score',
    'recommend_percent',
  ]),
  game_alternative_names: everyone(['game_id', 'name', 'comment']),
  game_developers: everyone(['game_id', 'company_id']),
  // With when IGDB last changed the record (its own public field, read back by the incremental sync)
  // and the address IGDB gives for the id (the store links).
  game_external_ids: everyone(['game_id', 'source', 'external_id', 'source_updated_at', 'url']),
  game_field_sources: NONE,
  game_genres: everyone(['game_id', 'genre_id']),
  game_platforms: everyone(['game_id', 'platform_id', 'release_date']),
  game_publishers: everyone(['game_id', 'company_id']),
  game_request_votes: NONE,
  game_requests: NONE,
  game_slug_redirects: everyone(['old_slug', 'game_id', 'created_at']),
  game_user_review_platforms: everyone(['game_id', 'platform_id', 'review_count']),
  game_user_scores: everyone(['game_id', 'review_count', 'rating_count', 'rating_sum', 'rating_steps', 'updated_at']),
  games: everyone([
    'id',
    'slug',
    'title',
    'summary',
    'release_date',
    'cover_image_url',
    'sources',
    'created_at',
    'updated_at',
  ]),
  genres: everyone(['id', 'slug', 'name']),
  // The IGDB sync's bookkeeping, its review queue and change log: read through the admin pages.
  igdb_changes: NONE,
  // Which IGDB image each stored cover copy came from, and failed downloads: the covers job's.
  igdb_cover_copies: NONE,
  igdb_match_reviews: NONE,
  igdb_sync_runs: NONE,
  // The library import each player has under way: the server's bookkeeping.
  library_import_runs: NONE,
  notification_inbox: NONE,
  notification_preferences: NONE,
  notifications: ownOnly(['id', 'user_id', 'kind', 'source', 'actor_id', 'data', 'created_at', 'read_at']),
  outlet_applications: NONE,
  outlet_audit_log: NONE,
  outlet_authors: everyone(['outlet_id', 'author_id', 'role', 'joined_at']),
  outlet_critic_stats: everyone([
    'outlet_id',
    'review_count',
    'scored_count',
    'score_sum',
    'recommended_count',
    'preview_count',
    'acclaimed_count',
    'favourable_count',
    'mixed_count',
    'unfavourable_count',
    'panned_count',
  ]),
  outlet_follows: NONE,
  outlet_owners: NONE,
  outlet_review_events: NONE,
  outlets: everyone([
    'id',
    'slug',
    'name',
    'website_url',
    'logo_url',
    'description',
    'score_scale',
    'recommendation_threshold',
    'is_demo',
    'created_at',
    'updated_at',
  ]),
  platforms: everyone(['id', 'slug', 'name', 'abbreviation']),
  poll_votes: NONE,
  profile_settings: NONE,
  // A profile page's columns, not the email; a private profile's row is its owner's alone (the policy).
  profiles: everyone(['id', 'username', 'full_name', 'bio', 'avatar_url', 'created_at'], 'visible rows'),
  reserved_usernames: NONE,
  search_words: NONE,
  similar_game_rankings: NONE,
  stripe_events: NONE,
  subscription_plans: everyone([
    'id',
    'name',
    'display_name',
    'description',
    'price_cents',
    'currency',
    'sort_order',
    'created_at',
    'price_yearly_cents',
  ]),
  test_checkout_sessions: NONE,
  user_follows: NONE,
  user_games: NONE,
  user_library_counts: NONE,
  user_library_platforms: NONE,
  user_list_entries: NONE,
  user_list_likes: NONE,
  user_list_reports: NONE,
  user_lists: NONE,
  user_rating_counts: NONE,
  user_review_reports: NONE,
  user_review_votes: NONE,
  user_review_windows: NONE,
  user_reviews: everyone(
    [
      'id',
      'user_id',
      'game_id',
      'rating',
      'title',
      'body',
      'spoiler',
      'platform_id',
      'hours_played',
      'finished',
      'helpful_count',
      'counted',
      'created_at',
      'edited_at',
    ],
    'visible rows',
  ),
  // What the membership page shows its owner; not the Stripe ids and event bookkeeping.
  user_subscriptions: ownOnly([
    'id',
    'user_id',
    'plan_id',
    'status',
    'current_period_start',
    'current_period_end',
    'created_at',
    'updated_at',
    'billing_period',
    'cancel_at_period_end',
  ]),
  user_xp: NONE,
  user_year_genres: NONE,
  user_year_platforms: NONE,
  user_year_stats: NONE,
  xp_ledger: NONE,
  xp_periods: NONE,
};

/** Functions in public the API roles may call (`/rest/v1/rpc/...`), by signature. */
export const API_FUNCTIONS: Record<string, { anon: boolean; authenticated: boolean }> = {
  // The policies on critic_reviews and on outlet logos call it as the requesting role.
  'is_outlet_owner(integer)': { anon: true, authenticated: true },
  // The profiles' select policy calls it: the caller's own profile, or one that is not private.
  'profile_is_readable(uuid)': { anon: true, authenticated: true },
  // Pure helpers over public data, run with the caller's rights (security invoker).
  'critic_score_band(smallint)': { anon: true, authenticated: true },
  'normalise_critic_score(text,text)': { anon: true, authenticated: true },
  'similar_games(integer,integer,integer)': { anon: true, authenticated: true },
  'title_words(text)': { anon: true, authenticated: true },
};
