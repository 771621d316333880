import { atom } from 'nanostores';
import { CURRENT_OUTLET_COOKIE } from './current-outlet.ts';

/**
 * The outlet being managed, shared by the manage-outlet layout's islands (the switcher,
 * the editor). It is mirrored into a cookie so the server renders the same outlet on the
 * next page; the server is still the judge of access on every request.
 */
export const $currentOutlet = atom<string | null>(null);

export function setCurrentOutlet(slug: string): void {
  $currentOutlet.set(slug);
  document.cookie = `${CURRENT_OUTLET_COOKIE}=${encodeURIComponent(slug)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
