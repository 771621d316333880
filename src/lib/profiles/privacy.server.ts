import { sql, type Expression, type RawBuilder } from 'kysely';
import { profileTag, userListsTag } from '../http/cache-rules.ts';
import type { PurgeTarget } from '../http/purge.server.ts';

/**
 * Private profiles (docs/decisions/private-profiles.md): to everyone but its owner a
 * private profile is its name and avatar and nothing else. Every read that shows a
 * player's things to others (their lists, follower counts, leaderboard rows) adds
 * `ownerIsPublic`; the profile pages read the setting with the profile (findPublicProfile).
 */

/** SQL: the profile of `userId` is not private (no settings row means public). */
export function ownerIsPublic(userId: Expression<string>): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from public.profile_settings as privacy where privacy.user_id = ${userId} and privacy.is_private)`;
}

/**
 * The cached pages that show a player's things to others, to purge when the profile turns
 * private or public: their lists page and list pages (tagged with the profile) and the
 * leaderboard (every period; a path purge drops each query variant).
 */
export function privacyPurgeTargets(userId: string): PurgeTarget {
  return { tags: [profileTag(userId), userListsTag(userId)], paths: ['/leaderboard'] };
}
