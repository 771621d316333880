import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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

export type GameSource = 'editorial' | 'steam_store_2019' | 'vgchartz_2024' | 'synthetic';

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

export interface AuthUsersTable {
  id: string;
  email: string | null;
  created_at: Date | null;
}

export interface Database {
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
  'auth.users': AuthUsersTable;
}

export type Game = Selectable<GamesTable>;
export type NewGame = Insertable<GamesTable>;
export type Platform = Selectable<PlatformsTable>;
export type Genre = Selectable<GenresTable>;
export type Company = Selectable<CompaniesTable>;
