import { slugSchema } from '../games/slug.ts';
import type { GameCard } from '../games/games.ts';

/** A collection's slug (/collections/{slug}); collections.slug holds at most 80 characters. */
export const collectionSlugSchema = slugSchema(80);

export const COLLECTIONS_PAGE_SIZE = 24;
/** The most games a collection page shows. */
export const COLLECTION_MAX_GAMES = 500;

// What the collection pages show -----------------------------------------------------------

export interface CollectionSummary {
  slug: string;
  title: string;
  description: string;
  isDemo: boolean;
  gameCount: number;
  firstTitles: string[];
}

export interface CollectionDetail {
  id: number;
  slug: string;
  title: string;
  description: string;
  isDemo: boolean;
  updatedAt: Date;
  games: (GameCard & { position: number; note: string | null })[];
}
