import type { Selectable } from 'kysely';
import type { GameExternalIdsTable } from '../db/schema.ts';

/**
 * Links from a game page to the stores whose ids the catalogue knows for it
 * (game_external_ids), in the order Steam, GOG, Epic, IGDB. A Steam app id is its store
 * page's address, so Steam is linked by app id. GOG's and Epic's ids as IGDB gives them are
 * not what their store pages are addressed by, nor is IGDB's own id: those are linked through
 * the address IGDB gives for the id (kept by the sync), and only when it is an https address
 * on the store's own host, so a hostile or broken upstream cannot put another site or a
 * script on the page (docs/decisions/store-links.md).
 */

type Source = Selectable<GameExternalIdsTable>['source'];

export interface ExternalId {
  source: Source;
  externalId: string;
  /** The address the source gives for the id, as the sync kept it. */
  url: string | null;
}

export interface StoreLink {
  /** Shown text: the store. */
  label: string;
  /** Read after it by screen readers only, so the link's name says which game it is for. */
  context: string;
  url: string;
}

/** Steam app ids as the catalogue keeps them: digits, no leading zero. */
const STEAM_APP_ID = /^[1-9]\d{0,18}$/;

interface Store {
  source: Source;
  label: string;
  context: string;
  /** Word before the id when several ids of the store are shown. */
  idWord: string;
  hosts: readonly string[];
}

/** The stores linked, in the order they are listed, with the only hosts their links may go to. */
const STORES: readonly Store[] = [
  { source: 'steam', label: 'Steam', context: 'store page', idWord: 'app', hosts: ['store.steampowered.com'] },
  { source: 'gog', label: 'GOG', context: 'store page', idWord: 'id', hosts: ['www.gog.com', 'gog.com'] },
  {
    source: 'epic',
    label: 'Epic Games',
    context: 'store page',
    idWord: 'id',
    hosts: ['store.epicgames.com', 'www.epicgames.com'],
  },
  { source: 'igdb', label: 'IGDB', context: 'page', idWord: 'id', hosts: ['www.igdb.com', 'igdb.com'] },
];

/** The address if it is an https URL on one of the hosts, without credentials or another port; else null. */
export function safeStoreUrl(address: string | null, hosts: readonly string[]): string | null {
  if (!address || !URL.canParse(address)) return null;
  const url = new URL(address);
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  return hosts.includes(url.hostname) ? url.href : null;
}

const byId = (a: ExternalId, b: ExternalId) =>
  a.externalId.length - b.externalId.length || (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0);

/** A store's links: one per address, in id order; several get their id shown to tell them apart. */
function linksOf(store: Store, title: string, ids: readonly ExternalId[]): StoreLink[] {
  const found = new Map<string, string>();
  for (const id of ids.filter((i) => i.source === store.source).sort(byId)) {
    const url =
      store.source === 'steam' && STEAM_APP_ID.test(id.externalId)
        ? `https://store.steampowered.com/app/${id.externalId}/`
        : safeStoreUrl(id.url, store.hosts);
    if (url && ![...found.values()].includes(url)) found.set(id.externalId, url);
  }
  return [...found].map(([externalId, url]) => ({
    label: found.size > 1 ? `${store.label} (${store.idWord} ${externalId})` : store.label,
    context: ` ${store.context} for ${title}`,
    url,
  }));
}

/** The store links of a game: Steam, GOG, Epic, then IGDB. */
export function storeLinks(title: string, ids: readonly ExternalId[]): StoreLink[] {
  return STORES.flatMap((store) => linksOf(store, title, ids));
}
