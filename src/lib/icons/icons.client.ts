import type { IconifyJSON } from '@iconify/types';
import { ICON_LOAD_FAILED, ICON_REQUEST_TIMEOUT_MS, iconRequestUrls } from './icons.ts';

/**
 * Loads icons for islands through /api/icons, in requests of at most 500 characters, each
 * given 5000 ms. A failure logs "Failed to load custom icons" and yields no icons: the
 * island shows nothing in their place.
 */
export async function loadIcons(
  collection: string,
  names: readonly string[],
): Promise<Record<string, IconifyJSON['icons'][string]>> {
  const icons: Record<string, IconifyJSON['icons'][string]> = {};
  try {
    const sets = await Promise.all(
      iconRequestUrls(collection, names).map(async (url) => {
        const response = await fetch(url, { signal: AbortSignal.timeout(ICON_REQUEST_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return (await response.json()) as IconifyJSON;
      }),
    );
    for (const set of sets) {
      for (const [name, icon] of Object.entries(set.icons))
        icons[name] = { width: set.width, height: set.height, ...icon };
    }
    return icons;
  } catch (error) {
    console.warn(ICON_LOAD_FAILED, error);
    return {};
  }
}
