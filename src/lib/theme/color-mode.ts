/**
 * Colour mode: the visitor's preference (system, light or dark) lives in localStorage;
 * `system` follows prefers-color-scheme. A page may force light or dark (never system).
 * The same applyColorMode function runs inline in <head> before first paint (no flash)
 * and from the header control when the preference changes (color-mode.client.ts).
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
 * Applies a mode to the page's root element: the forced mode, else the stored preference,
 * else the system setting. It touches only what it is given (no globals, no imports, no
 * outer variables) because the base layout inlines its source text into the page head.
 */
export function applyColorMode(
  root: HTMLElement,
  stored: string | null,
  systemDark: boolean,
  forced: string | null,
): void {
  const preference = stored === 'light' || stored === 'dark' ? stored : 'system';
  const mode = forced || (preference === 'system' ? (systemDark ? 'dark' : 'light') : preference);
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
  root.dataset.colorModePreference = preference;
}

/**
 * The inline <head> script: reads the stored preference (storage may be unavailable) and
 * the system setting, applies them now and again whenever the system setting changes.
 */
export function colorModeHeadScript(forced: ColorMode | undefined): string {
  return (
    `(function(){var apply=${applyColorMode.toString()};var key=${JSON.stringify(COLOR_MODE_STORAGE_KEY)};` +
    `var forced=${JSON.stringify(forced ?? null)};var query=window.matchMedia('(prefers-color-scheme: dark)');` +
    `function run(){var stored=null;try{stored=localStorage.getItem(key)}catch(e){}` +
    `apply(document.documentElement,stored,query.matches,forced)}` +
    `run();query.addEventListener('change',run);})();`
  );
}
