import type { JsonRow, ProfileRow } from '../db/schema.ts';
import type { Tier } from './tiers.ts';

/** The signed-in user as the server knows it (from verified access-token claims). */
export interface AuthUser {
  id: string;
  email: string | null;
  sessionId: string | null;
  provider: string | null;
  userMetadata: Record<string, unknown>;
}

/** A profile as the server hands it to pages and islands (created_at as an ISO string). */
export type Profile = JsonRow<ProfileRow>;

/** GET /api/auth/me */
export interface MeResponse {
  user: { id: string; email: string | null; provider: string | null } | null;
  profile: Profile | null;
  tier: Tier;
}

/** What the browser needs to create its supabase client (rendered into the page header). */
export interface PublicAuthConfig {
  /** Supabase project URL; empty means the site's own origin (the local auth service). */
  url: string;
  anonKey: string;
  googleClientId: string;
}
