import type { Insertable, Selectable } from 'kysely';
import type { AuthSchema } from './auth-schema.ts';
import type {
  AppMetaTables,
  AuthorsTable,
  CriticReviewsTable,
  CompaniesTable,
  GameDevelopersTable,
  GamesTable,
  GenresTable,
  OutletAuthorsTable,
  OutletsTable,
  PlatformsTable,
  ProfilesTable,
  PublicTables,
  UserSubscriptionsTable,
} from './schema.generated.ts';
import type { StorageSchema } from './storage-schema.ts';

/**
 * The database as Kysely sees it. Every table type comes from schema.generated.ts, which
 * `npm run db:types` writes from the migrated database (schema-drift.test.ts fails when it
 * is stale), so no column is typed by hand. This file only names what the code talks
 * about: the Database map, the unions a check constraint defines, and row shapes.
 */

export type * from './schema.generated.ts';

/** Every table the site queries: `public` tables by name, the others as `schema.table`. */
export interface Database extends PublicTables, AuthSchema, AppMetaTables, StorageSchema {}

// Unions the migrations define with check constraints.
export type GameSource = Selectable<GamesTable>['sources'][number];
export type SubscriptionStatus = Selectable<UserSubscriptionsTable>['status'];
export type ScoreScaleColumn = Selectable<OutletsTable>['score_scale'];
export type CriticReviewKind = Selectable<CriticReviewsTable>['kind'];
export type OutletAuthorRole = Selectable<OutletAuthorsTable>['role'];

/** game_developers and game_publishers link games to companies alike. */
export type GameCompaniesTable = GameDevelopersTable;

/** A row as it travels in JSON (API responses, island props): timestamps become ISO strings. */
export type JsonRow<Row> = {
  [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K];
};

export type ProfileRow = Selectable<ProfilesTable>;
export type Game = Selectable<GamesTable>;
export type NewGame = Insertable<GamesTable>;
export type Platform = Selectable<PlatformsTable>;
export type Genre = Selectable<GenresTable>;
export type Company = Selectable<CompaniesTable>;
export type Outlet = Selectable<OutletsTable>;
export type Author = Selectable<AuthorsTable>;
export type CriticReview = Selectable<CriticReviewsTable>;
export type NewCriticReview = Insertable<CriticReviewsTable>;
