import { startAnalytics } from './analytics.client.ts';
import { startChangelogScroll } from './changelog-scroll.client.ts';
import { startErrorReporting } from './errors.client.ts';
import { registerServiceWorker } from './service-worker.client.ts';
import { mountUpdateNotice, startUpdateCheck } from './updates.client.ts';

/** The site's runtime on every page: errors, analytics, the service worker, build updates. */
export function startSiteRuntime(notice: HTMLElement | null): void {
  startErrorReporting();
  startChangelogScroll();
  if (notice) mountUpdateNotice(notice);
  startUpdateCheck();
  startAnalytics();
  registerServiceWorker();
}
