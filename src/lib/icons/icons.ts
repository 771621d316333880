/**
 * Icons for islands: GET /api/icons/{collection}.json?icons=a,b,c answers the Iconify JSON
 * of the requested icons from the @iconify-json packages installed with the site (no
 * third-party call). Server-rendered pages inline their SVGs instead.
 */

/** Icon request timeout, and the longest URL one request may have (longer lists are split). */
export const ICON_REQUEST_TIMEOUT_MS = 5000;
export const ICON_MAX_URL_LENGTH = 500;
export const ICON_LOAD_FAILED = 'Failed to load custom icons';

export const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_ICONS_PER_REQUEST = 100;

export const iconsPath = (collection: string) => `/api/icons/${collection}.json`;

/**
 * The request URLs for `names`, each at most `maxLength` characters: names are packed in
 * order, and a name that cannot fit even alone is dropped (no icon has such a name).
 */
export function iconRequestUrls(
  collection: string,
  names: readonly string[],
  maxLength: number = ICON_MAX_URL_LENGTH,
): string[] {
  const base = `${iconsPath(collection)}?icons=`;
  const urls: string[] = [];
  let current: string[] = [];
  const length = (list: string[]) => base.length + list.join(',').length;
  for (const name of [...new Set(names)].filter((n) => ICON_NAME.test(n))) {
    if (length([name]) > maxLength) continue;
    if (current.length > 0 && length([...current, name]) > maxLength) {
      urls.push(base + current.join(','));
      current = [];
    }
    current.push(name);
  }
  if (current.length > 0) urls.push(base + current.join(','));
  return urls;
}

/** Parses `?icons=a,b,c`: the valid names, or null when the list is empty or too long. */
export function parseIconNames(value: string | null): string[] | null {
  const names = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  if (
    names.length === 0 ||
    names.length > MAX_ICONS_PER_REQUEST ||
    !names.every((name) => ICON_NAME.test(name) && name.length <= 64)
  )
    return null;
  return names;
}
