import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { publicListsOf } from '../lists/lists.server.ts';

/**
 * Sections of the public profile that other features own. Each is optional: the page
 * shows a section once its provider is registered here, and leaves it out until then.
 *
 * Wiring (one line each, at the merge):
 *   publicLists: publicListsOf            (lists feature: a user's public lists)
 *   level:       levelOf                  (XP feature: the user's level)
 *   follows:     followCountsOf           (follows feature: followers and following)
 * Every provider must return only what any visitor may see.
 */

type Db = Kysely<Database>;

export interface PublicListSummary {
  id: string | number;
  title: string;
  /** Where the list lives (/{username}/lists/{listname}). */
  href: string;
  entryCount: number;
}

export interface ProfileLevel {
  level: number;
  name: string;
  xp?: number;
}

export interface FollowCounts {
  followers: number;
  following: number;
}

export interface ProfileSectionProviders {
  publicLists?: (db: Db, userId: string) => Promise<PublicListSummary[]>;
  level?: (db: Db, userId: string) => Promise<ProfileLevel | null>;
  follows?: (db: Db, userId: string) => Promise<FollowCounts>;
}

// Level and follower counts are shown, with the follow button, by the XP feature's own
// ProfileCommunity component on the profile page.
export const PROFILE_SECTIONS: ProfileSectionProviders = {
  publicLists: async (db, userId) =>
    (await publicListsOf(db, userId)).map((list) => ({
      id: list.id,
      title: list.title,
      href: `/${list.ownerUsername ?? ''}/lists/${list.slug}`,
      entryCount: list.entriesCount,
    })),
};
