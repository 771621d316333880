/**
 * Colour mode: the visitor's preference (system, light or dark) lives in localStorage;
 * `system` follows prefers-color-scheme. A page may force light or dark (never system).
 * The same applyColorMode function runs inline in <head> before first paint (no flash)
 * and from the header control when the preference changes.
 */

export const COLOR_MODE_STORAGE_KEY = 'color-mode';
export const COLOR_MODE_PREFERENCES = ['system', 'light', 'dark'] as const;

export type ColorModePreference = (typeof COLOR_MODE_PREFERENCES)[number];
export type ColorMode = 'light' | 'dark';

/** Validates a page's forced mode. Forcing `system` is refused with a warning. */
export function resolveForcedColorMode(
  value: string | undefined,
  warn: (message: string) => void = console.warn,
): ColorMode | undefined {
  if (value === undefined) return undefined;
  if (value === 'light' || value === 'dark') return value;
  if (value === 'system') {
    warn('[colour mode] A page cannot force the "system" colour mode; the visitor\'s preference is used instead.');
    return undefined;
  }
  warn(`[colour mode] Unknown colour mode "${value}" ignored; a page may force "light" or "dark".`);
  return undefined;
}

/**
 * Applies the mode to <html>. Self-contained on purpose (no imports, no outer variables):
 * the base layout inlines its source text into the page head.
 */
export function applyColorMode(storageKey: string, forced: string | null): void {
  const root = document.documentElement;
  let preference: string | null = null;
  try {
    preference = localStorage.getItem(storageKey);
  } catch {
    preference = null;
  }
  if (preference !== 'light' && preference !== 'dark') preference = 'system';
  const systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const mode = forced || (preference === 'system' ? (systemDark ? 'dark' : 'light') : preference);
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
  root.dataset.colorModePreference = preference;
}

/** The inline <head> script: apply now, and again whenever the system setting changes. */
export function colorModeHeadScript(forced: ColorMode | undefined): string {
  const args = `${JSON.stringify(COLOR_MODE_STORAGE_KEY)},${JSON.stringify(forced ?? null)}`;
  return `(function(){var apply=${applyColorMode.toString()};apply(${args});` +
    `window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change',function(){apply(${args})});})();`;
}

/** Stores a new preference and applies it (the header control calls this). */
export function setColorModePreference(preference: ColorModePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(COLOR_MODE_STORAGE_KEY);
    else localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
  applyColorMode(COLOR_MODE_STORAGE_KEY, document.documentElement.dataset.colorModeForced ?? null);
}
