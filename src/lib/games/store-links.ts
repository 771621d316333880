import type { Selectable } from 'kysely';
import type { GameExternalIdsTable } from '../db/schema.ts';

/**
 * Links from a game page to the stores whose ids the catalogue knows for it
 * (game_external_ids). Only a link whose address can be built from the id alone is made:
 * a Steam app id is the store page's address. GOG's and Epic's ids as IGDB gives them are
 * product and catalogue ids, not the slugs their store pages are addressed by, and IGDB's
 * own game pages are addressed by a slug the sync does not keep, so none of those is linked
 * (docs/decisions/store-links.md).
 */

export interface ExternalId {
  source: Selectable<GameExternalIdsTable>['source'];
  externalId: string;
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

/** The store links of a game, Steam's in app id order (several app ids get their id shown to tell them apart). */
export function storeLinks(title: string, ids: readonly ExternalId[]): StoreLink[] {
  const steam = ids
    .filter((id) => id.source === 'steam' && STEAM_APP_ID.test(id.externalId))
    .map((id) => id.externalId)
    .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return steam.map((appId) => ({
    label: steam.length > 1 ? `Steam (app ${appId})` : 'Steam',
    context: ` store page for ${title}`,
    url: `https://store.steampowered.com/app/${appId}/`,
  }));
}
