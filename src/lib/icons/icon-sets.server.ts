import { getIcons } from '@iconify/utils';
import type { IconifyJSON } from '@iconify/types';

/** The icon sets installed with the site, loaded on first use. */
const SETS: Record<string, () => Promise<IconifyJSON>> = {
  lucide: async () => (await import('@iconify-json/lucide/icons.json', { with: { type: 'json' } })).default,
};

const loaded = new Map<string, Promise<IconifyJSON>>();

export const isIconCollection = (name: string) => Object.hasOwn(SETS, name);

/** The Iconify JSON of `names` from `collection` (unknown names listed in `not_found`), or null for an unknown collection. */
export async function iconsFrom(collection: string, names: readonly string[]): Promise<IconifyJSON | null> {
  const load = SETS[collection];
  if (!load) return null;
  let set = loaded.get(collection);
  if (!set) {
    set = load();
    loaded.set(collection, set);
  }
  return getIcons(await set, [...names], true);
}
