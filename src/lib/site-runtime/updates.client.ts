import { RELEASE } from '../errors/release.ts';
import {
  APP_UPDATE_EVENT,
  buildMetaUrl,
  isNewBuild,
  latestBuildUrl,
  UPDATE_POLL_MS,
  type LatestBuild,
} from '../builds/builds.ts';

/**
 * Asks builds/latest.json every 5 minutes while the tab is visible, and whenever it gains
 * focus; a different id raises APP_UPDATE_EVENT once (the notice offers a reload) and
 * fetches that build's meta, whose failure is only logged.
 */
export function startUpdateCheck(): void {
  let announced = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function check(): Promise<void> {
    if (announced) return;
    try {
      const response = await fetch(latestBuildUrl(Date.now()), { cache: 'no-store' });
      if (!response.ok) return;
      const latest: unknown = await response.json();
      if (!isNewBuild(RELEASE, latest)) return;
      announced = true;
      window.dispatchEvent(new CustomEvent<LatestBuild>(APP_UPDATE_EVENT, { detail: latest }));
      fetch(buildMetaUrl(latest.id), { cache: 'no-store' })
        .then((meta) => {
          if (!meta.ok) throw new Error(`HTTP ${meta.status}`);
        })
        .catch((error: unknown) =>
          console.warn(`[updates] could not load the meta of build ${latest.id}: ${(error as Error).message}`),
        );
    } catch (error) {
      console.warn(`[updates] could not check for a new build: ${(error as Error).message}`);
    }
  }

  const schedule = () => {
    clearInterval(timer);
    timer = document.visibilityState === 'visible' ? setInterval(() => void check(), UPDATE_POLL_MS) : undefined;
  };
  document.addEventListener('visibilitychange', () => {
    schedule();
    if (document.visibilityState === 'visible') void check();
  });
  window.addEventListener('focus', () => void check());
  schedule();
}

/** Shows the update notice when APP_UPDATE_EVENT fires; its button reloads the page. */
export function mountUpdateNotice(notice: HTMLElement): void {
  window.addEventListener(APP_UPDATE_EVENT, () => {
    notice.hidden = false;
  });
  notice.querySelector('[data-update-reload]')?.addEventListener('click', () => location.reload());
  notice.querySelector('[data-update-dismiss]')?.addEventListener('click', () => {
    notice.hidden = true;
  });
}
