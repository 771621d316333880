import { OUTBOUND_CLICK, PAGEVIEW } from '../analytics/names.ts';

/**
 * The first-party tracker: one page view per page, and clicks on links to other sites. No
 * cookie, no storage, nothing third-party. Visitors who send Do Not Track or Global Privacy
 * Control are not counted at all.
 */

function send(name: string, props?: Record<string, string>): void {
  const payload = JSON.stringify({
    n: name,
    u: location.href,
    d: location.host,
    r: document.referrer || null,
    w: window.innerWidth,
    ...(props ? { p: props } : {}),
  });
  // sendBeacon survives the page being left (outbound clicks); it posts text/plain.
  if (!navigator.sendBeacon?.('/api/event', payload)) {
    void fetch('/api/event', {
      method: 'POST',
      body: payload,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    }).catch(() => {});
  }
}

export function startAnalytics(): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === '1' || nav.globalPrivacyControl === true) return;
  send(PAGEVIEW);
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (link && /^https?:$/.test(link.protocol) && link.host !== location.host)
        send(OUTBOUND_CLICK, { url: link.href });
    },
    { capture: true },
  );
}
