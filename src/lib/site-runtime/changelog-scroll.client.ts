/**
 * After leaving /changelog, the window scrolls smoothly to the top: a page the visitor
 * returns to from the changelog (history navigation restores its old scroll position, or
 * the back/forward cache the whole page) starts from its top.
 */
const LEFT_CHANGELOG = 'changelog:left';

export function startChangelogScroll(): void {
  if (location.pathname === '/changelog') {
    window.addEventListener('pagehide', () => sessionStorage.setItem(LEFT_CHANGELOG, '1'));
    return;
  }
  const scrollUp = () => {
    if (sessionStorage.getItem(LEFT_CHANGELOG) !== '1') return;
    sessionStorage.removeItem(LEFT_CHANGELOG);
    // After the browser has restored the old position, which it may do a frame or two after
    // the page is shown; a restoration that lands later still ends at the top.
    const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });
    requestAnimationFrame(() => requestAnimationFrame(toTop));
    window.addEventListener('scrollend', toTop, { once: true });
  };
  window.addEventListener('pageshow', scrollUp);
}
