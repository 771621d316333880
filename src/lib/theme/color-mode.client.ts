import { applyColorMode, COLOR_MODE_STORAGE_KEY, type ColorModePreference } from './color-mode.ts';

/** Stores a new preference and applies it (the header control calls this). */
export function setColorModePreference(preference: ColorModePreference): void {
  let stored: string | null = null;
  try {
    if (preference === 'system') localStorage.removeItem(COLOR_MODE_STORAGE_KEY);
    else localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference);
    stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
    stored = preference;
  }
  const root = document.documentElement;
  applyColorMode(
    root,
    stored,
    window.matchMedia('(prefers-color-scheme: dark)').matches,
    root.dataset.colorModeForced ?? null,
  );
}
