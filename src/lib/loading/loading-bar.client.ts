import { $loadingBarVisible, resetLoading, startLoading } from './loading-bar.ts';

/**
 * Wires the bar element to the loading store, and counts full page navigations: a
 * same-origin link followed in this tab, or a form submitted, starts loading; the next
 * page starts idle (a page restored from the back/forward cache is reset).
 */
export function mountLoadingBar(bar: HTMLElement, doc: Document = document): () => void {
  const unsubscribe = $loadingBarVisible.subscribe((visible) => bar.toggleAttribute('data-visible', visible));

  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const location = doc.defaultView?.location;
    if (!location || link.origin !== location.origin) return;
    // Same page, different fragment: the browser scrolls, nothing loads.
    if (link.pathname === location.pathname && link.search === location.search && link.hash) return;
    startLoading();
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!event.defaultPrevented) startLoading();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) resetLoading();
  };

  doc.addEventListener('click', onClick);
  doc.addEventListener('submit', onSubmit);
  doc.defaultView?.addEventListener('pageshow', onPageShow);
  return () => {
    unsubscribe();
    doc.removeEventListener('click', onClick);
    doc.removeEventListener('submit', onSubmit);
    doc.defaultView?.removeEventListener('pageshow', onPageShow);
  };
}
