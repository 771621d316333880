import { GoTrueAdminApi, GoTrueClient } from '@supabase/auth-js';
import { MemoryStorage, SUPABASE_SECRET_KEY } from './clients.ts';
import { upstreamServers } from './server-urls.ts';

/**
 * Our replacement for auth-js's test/docker-tests/clients.ts: upstream's docker-compose runs
 * one GoTrue per configuration; here each configuration is the local auth service started
 * with it (servers.ts). Only the configurations the site has exist: confirmations on or off
 * (autoconfirm), with asymmetric (ES256) tokens either way, sign-ups enabled.
 */

const servers = upstreamServers();

export const DOCKER_URLS = {
  SIGNUP_ENABLED_AUTO_CONFIRM_OFF: servers.confirmationsOn,
  SIGNUP_ENABLED_AUTO_CONFIRM_ON: servers.autoconfirm,
  SIGNUP_ENABLED_ASYMMETRIC_AUTO_CONFIRM_ON: servers.autoconfirm,
} as const;

const client = (url: string) =>
  new GoTrueClient({ url, autoRefreshToken: false, persistSession: true, storage: new MemoryStorage() });

export const asymmetricClient = client(DOCKER_URLS.SIGNUP_ENABLED_ASYMMETRIC_AUTO_CONFIRM_ON);
export const phoneClient = client(DOCKER_URLS.SIGNUP_ENABLED_AUTO_CONFIRM_OFF);
export const autoConfirmClient = client(DOCKER_URLS.SIGNUP_ENABLED_AUTO_CONFIRM_ON);
export const serviceRoleApiClient = new GoTrueAdminApi({
  url: DOCKER_URLS.SIGNUP_ENABLED_AUTO_CONFIRM_OFF,
  headers: { Authorization: `Bearer ${SUPABASE_SECRET_KEY}` },
});
