import type { Env } from '../config/env.ts';
import { IgdbClient } from './client.server.ts';
import { TwitchTokenManager } from './token.server.ts';

type IgdbEnv = Pick<Env, 'TWITCH_CLIENT_ID' | 'TWITCH_CLIENT_SECRET' | 'IGDB_API_URL' | 'TWITCH_TOKEN_URL'>;

/** The IGDB client the environment describes, or undefined when the Twitch credentials are not set. */
export function igdbClientFromEnv(env: IgdbEnv, options: { fetch?: typeof fetch } = {}): IgdbClient | undefined {
  if (!env.TWITCH_CLIENT_ID || !env.TWITCH_CLIENT_SECRET) return undefined;
  const tokens = new TwitchTokenManager({
    clientId: env.TWITCH_CLIENT_ID,
    clientSecret: env.TWITCH_CLIENT_SECRET,
    tokenUrl: env.TWITCH_TOKEN_URL,
    fetch: options.fetch,
  });
  return new IgdbClient({ apiUrl: env.IGDB_API_URL, clientId: env.TWITCH_CLIENT_ID, tokens, fetch: options.fetch });
}
