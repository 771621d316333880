import { slugSchema } from '../games/slug.ts';

/** A publisher's slug (/publishers/{slug}): a company slug, made like a game's (at most 120 characters). */
export const publisherSlugSchema = slugSchema(120);

export const PUBLISHER_GAMES_PAGE_SIZE = 24;

export interface Publisher {
  id: number;
  slug: string;
  name: string;
}
