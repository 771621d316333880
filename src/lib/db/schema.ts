import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AuthSchema } from './auth-schema.ts';

/**
 * Row types of the tables the site queries, written by hand next to the SQL in
 * supabase/migrations/ (one source of truth per column: the migration; these types
 * follow it and the integration tests fail when they drift).
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns arrive as 'YYYY-MM-DD' strings (see the type parser in database.server.ts). */
type DateString = string;

export interface ProfilesTable {
  id: string;
  username: string | null;
  full_name: string | null;
  bio: string | null;
  email: string | null;
  avatar_url: string | null;
  created_at: Timestamp;
}

export interface SubscriptionPlansTable {
  id: Generated<string>;
  name: string;
  display_name: string;
  description: Generated<string>;
  price_cents: number | null;
  currency: Generated<string>;
  sort_order: Generated<number>;
  created_at: Timestamp;
}

export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'expired';

export interface UserSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  plan_id: string;
  status: SubscriptionStatus;
  current_period_start: Timestamp;
  current_period_end: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type GameSource = 'editorial' | 'steam_store_2019' | 'vgchartz_2024' | 'synthetic' | 'demo';

export interface GamesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string | null;
  release_date: DateString | null;
  cover_image_url: string | null;
  sources: ColumnType<GameSource[], GameSource[] | undefined, GameSource[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlatformsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  abbreviation: string;
}

export interface GenresTable {
  id: Generated<number>;
  slug: string;
  name: string;
}

export interface CompaniesTable {
  id: Generated<number>;
  slug: string;
  name: string;
}

export interface GamePlatformsTable {
  game_id: number;
  platform_id: number;
  release_date: DateString | null;
}

export interface GameGenresTable {
  game_id: number;
  genre_id: number;
}

export interface GameCompaniesTable {
  game_id: number;
  company_id: number;
}

export type ScoreScaleColumn = 'hundred' | 'ten' | 'stars' | 'letter' | 'unscored';
export type CriticReviewKind = 'review' | 'preview';

export interface OutletsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  website_url: string | null;
  logo_url: string | null;
  description: Generated<string>;
  owner_id: string | null;
  score_scale: ScoreScaleColumn;
  recommendation_threshold: Generated<number>;
  is_demo: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthorsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  bio: string | null;
  avatar_url: string | null;
  user_id: string | null;
  is_demo: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type OutletAuthorRole = 'editor' | 'staff' | 'contributor';

export interface OutletAuthorsTable {
  outlet_id: number;
  author_id: number;
  role: Generated<OutletAuthorRole>;
  joined_at: Timestamp;
}

/** bigint ids arrive as strings from node-postgres. */
type BigId = ColumnType<string, never, never>;

export interface CriticReviewsTable {
  id: BigId;
  game_id: number;
  outlet_id: number;
  author_id: number | null;
  kind: Generated<CriticReviewKind>;
  /** Filled from the outlet by a trigger when omitted. */
  score_scale: ColumnType<ScoreScaleColumn, ScoreScaleColumn | undefined, ScoreScaleColumn>;
  raw_score: string | null;
  /** Generated from score_scale and raw_score. */
  score: ColumnType<number | null, never, never>;
  /** Derived by a trigger for scored reviews; required for unscored reviews; null for previews. */
  recommended: boolean | null;
  verdict: string | null;
  excerpt: string | null;
  url: string | null;
  platform_id: number | null;
  published_at: ColumnType<Date, Date | string, Date | string>;
  /** Maintained by triggers; writes are overridden. */
  counted: ColumnType<boolean, never, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GameCriticStatsTable {
  game_id: number;
  review_count: number;
  scored_count: number;
  score_sum: number;
  recommended_count: number;
  preview_count: number;
  acclaimed_count: number;
  favourable_count: number;
  mixed_count: number;
  unfavourable_count: number;
  panned_count: number;
  critic_score: ColumnType<number | null, never, never>;
  recommend_percent: ColumnType<number | null, never, never>;
}

export interface CollectionsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: Generated<string>;
  is_demo: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CollectionGamesTable {
  collection_id: number;
  game_id: number;
  position: number;
  note: string | null;
}

export interface ActivityKindsTable {
  kind: string;
  description: string;
}

export interface ActivityEventsTable {
  id: BigId;
  actor_id: string;
  kind: string;
  subject_type: string;
  subject_id: string;
  target_user_id: string | null;
  game_id: number | null;
  data: ColumnType<Record<string, unknown>, string | Record<string, unknown> | undefined, string | Record<string, unknown>>;
  is_public: Generated<boolean>;
  dedupe_key: string | null;
  retracted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface UserGamesTable {
  user_id: string;
  game_id: number;
  status: 'playing' | 'played' | 'completed' | 'backlog' | 'shelved' | 'abandoned' | null;
  wishlist: Generated<boolean>;
  favourite: Generated<boolean>;
  platform_id: number | null;
  /** numeric(7,1): node-postgres returns it as a string. */
  hours_played: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  started_on: DateString | null;
  finished_on: DateString | null;
  note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database extends AuthSchema {
  profiles: ProfilesTable;
  subscription_plans: SubscriptionPlansTable;
  user_subscriptions: UserSubscriptionsTable;
  games: GamesTable;
  platforms: PlatformsTable;
  genres: GenresTable;
  companies: CompaniesTable;
  game_platforms: GamePlatformsTable;
  game_genres: GameGenresTable;
  game_developers: GameCompaniesTable;
  game_publishers: GameCompaniesTable;
  outlets: OutletsTable;
  authors: AuthorsTable;
  outlet_authors: OutletAuthorsTable;
  critic_reviews: CriticReviewsTable;
  game_critic_stats: GameCriticStatsTable;
  collections: CollectionsTable;
  collection_games: CollectionGamesTable;
  activity_kinds: ActivityKindsTable;
  activity_events: ActivityEventsTable;
  user_games: UserGamesTable;
}

export type Game = Selectable<GamesTable>;
export type NewGame = Insertable<GamesTable>;
export type Platform = Selectable<PlatformsTable>;
export type Genre = Selectable<GenresTable>;
export type Company = Selectable<CompaniesTable>;
export type Outlet = Selectable<OutletsTable>;
export type Author = Selectable<AuthorsTable>;
export type CriticReview = Selectable<CriticReviewsTable>;
export type NewCriticReview = Insertable<CriticReviewsTable>;
