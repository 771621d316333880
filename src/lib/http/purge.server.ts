import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { getEnv } from '../config/env.ts';
import { getDb } from '../db/db.server.ts';
import { CACHE_TAGS, gameTag, outletTag, authorTag } from './cache-rules.ts';
import { pageCache } from './page-cache.server.ts';

/**
 * The one way cached pages are purged: by tag (every page built from the changed data
 * carries it, see cache-rules.ts) and, where a page has no tag of its own, by path.
 * `purge` needs no request, so jobs and handlers use it alike:
 * - on the node server it empties this process's page cache, then tells every other
 *   server on the same PostgreSQL with NOTIFY (server/purge-listener.ts hears it there);
 *   the embedded database belongs to one process, so there the local purge is all;
 * - on Vercel it invalidates the CDN's copies by tag (path purges are tags there too).
 */

export interface PurgeTarget {
  tags?: readonly string[] | undefined;
  paths?: readonly string[] | undefined;
}

export type Purge = (target: PurgeTarget) => Promise<void>;

/** The NOTIFY channel the node servers sharing a database purge each other through. */
export const PURGE_CHANNEL = 'critical_hit_route_cache_purge';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;

const SERVER_ID = Symbol.for('critical-hit.server-id');

/** This process, as named in its purge messages (shared by every copy of this module). */
export function serverId(): string {
  const holder = globalThis as typeof globalThis & { [SERVER_ID]?: string };
  holder[SERVER_ID] ??= randomUUID();
  return holder[SERVER_ID];
}

export interface PurgeMessage {
  from: string;
  tags: string[];
  paths: string[];
}

function normalise(target: PurgeTarget): { tags: string[]; paths: string[] } {
  return { tags: [...new Set(target.tags ?? [])], paths: [...new Set(target.paths ?? [])] };
}

/** Splits a purge into NOTIFY payloads under PostgreSQL's size limit. */
export function purgeMessages(target: PurgeTarget, from: string = serverId()): string[] {
  const items = [
    ...normalise(target).tags.map((tag) => ['tags', tag] as const),
    ...normalise(target).paths.map((path) => ['paths', path] as const),
  ];
  const payloads: string[] = [];
  let current: PurgeMessage = { from, tags: [], paths: [] };
  const flush = () => {
    if (current.tags.length + current.paths.length > 0) payloads.push(JSON.stringify(current));
    current = { from, tags: [], paths: [] };
  };
  for (const [kind, value] of items) {
    current[kind].push(value);
    if (Buffer.byteLength(JSON.stringify(current)) > MAX_PAYLOAD_BYTES) {
      current[kind].pop();
      flush();
      current[kind].push(value);
    }
  }
  flush();
  return payloads;
}

async function purgeVercel(target: { tags: string[]; paths: string[] }): Promise<void> {
  const { default: vercelCache } = await import('@astrojs/vercel/cache/provider');
  const provider = vercelCache(undefined);
  if (target.tags.length > 0) await provider.invalidate({ tags: target.tags });
  for (const path of target.paths) await provider.invalidate({ path });
}

async function notifyOtherServers(target: PurgeTarget): Promise<void> {
  try {
    const db = await getDb();
    for (const payload of purgeMessages(target)) await sql`select pg_notify(${PURGE_CHANNEL}, ${payload})`.execute(db);
  } catch (error) {
    // The write is done and this server is purged; the others resynchronise (drop their
    // whole cache) when their listener reconnects after an outage.
    console.error(`[cache] purge not sent to the other servers: ${(error as Error).message}`);
  }
}

/** Purges the pages a change touches, here and on every other server (see above). */
export const purge: Purge = async (target) => {
  const { tags, paths } = normalise(target);
  if (tags.length + paths.length === 0) return;
  const env = getEnv();
  if (env.VERCEL) {
    await purgeVercel({ tags, paths });
    return;
  }
  pageCache()?.purge({ tags, paths });
  if (env.DATABASE_URL) await notifyOtherServers({ tags, paths });
};

/** What a critic review write changes: its game's pages, its outlet's and author's pages, and every list of reviews or scores. */
export function reviewWriteTargets(change: {
  gameSlugs: readonly string[];
  outletSlug: string;
  authorIds: readonly (number | null)[];
}): PurgeTarget {
  return {
    tags: [
      ...change.gameSlugs.map(gameTag),
      outletTag(change.outletSlug),
      ...change.authorIds.filter((id): id is number => id !== null).map(authorTag),
      CACHE_TAGS.reviews,
      CACHE_TAGS.scores,
      CACHE_TAGS.outlets,
    ],
  };
}
