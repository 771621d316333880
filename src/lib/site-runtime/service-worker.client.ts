/** Registers /sw.js once the window has loaded; a failure is only logged. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn(`[sw] registration failed: ${(error as Error).message}`));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
