// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $loadingBarVisible,
  finishLoading,
  LOADING_BAR_THROTTLE_MS,
  resetLoading,
  startLoading,
  trackLoading,
} from './loading-bar.ts';
import { mountLoadingBar } from './loading-bar.client.ts';

beforeEach(() => {
  vi.useFakeTimers();
  resetLoading();
});

afterEach(() => {
  resetLoading();
  vi.useRealTimers();
});

/** Every value the bar's visibility took while `work` ran. */
function recordVisibility(work: () => void): boolean[] {
  const seen: boolean[] = [];
  const stop = $loadingBarVisible.listen((visible) => seen.push(visible));
  try {
    work();
  } finally {
    stop();
  }
  return seen;
}

describe('loading bar store', () => {
  it('waits 200 ms before showing the bar', () => {
    expect(LOADING_BAR_THROTTLE_MS).toBe(200);
    startLoading();
    expect($loadingBarVisible.get()).toBe(false);
    vi.advanceTimersByTime(199);
    expect($loadingBarVisible.get()).toBe(false);
    vi.advanceTimersByTime(1);
    expect($loadingBarVisible.get()).toBe(true);
  });

  it('never shows the bar for work that finishes within 200 ms', () => {
    const seen = recordVisibility(() => {
      startLoading();
      vi.advanceTimersByTime(150);
      finishLoading();
      vi.advanceTimersByTime(5000);
    });
    expect(seen).not.toContain(true);
    expect($loadingBarVisible.get()).toBe(false);
  });

  it('hides only when all work has finished', () => {
    startLoading();
    vi.advanceTimersByTime(100);
    startLoading();
    vi.advanceTimersByTime(100);
    expect($loadingBarVisible.get()).toBe(true);
    finishLoading();
    expect($loadingBarVisible.get()).toBe(true);
    finishLoading();
    expect($loadingBarVisible.get()).toBe(false);
  });

  it('measures 200 ms from the first pending work, not the latest', () => {
    startLoading();
    vi.advanceTimersByTime(150);
    startLoading();
    vi.advanceTimersByTime(50);
    expect($loadingBarVisible.get()).toBe(true);
  });

  it('throttles again after the bar was hidden', () => {
    startLoading();
    vi.advanceTimersByTime(200);
    finishLoading();
    expect($loadingBarVisible.get()).toBe(false);
    startLoading();
    vi.advanceTimersByTime(199);
    expect($loadingBarVisible.get()).toBe(false);
    vi.advanceTimersByTime(1);
    expect($loadingBarVisible.get()).toBe(true);
  });

  it('does not let extra finishes push the count below zero', () => {
    finishLoading();
    finishLoading();
    startLoading();
    vi.advanceTimersByTime(200);
    expect($loadingBarVisible.get()).toBe(true);
    finishLoading();
    expect($loadingBarVisible.get()).toBe(false);
  });

  it('resetLoading hides the bar and forgets pending work', () => {
    startLoading();
    startLoading();
    vi.advanceTimersByTime(200);
    resetLoading();
    expect($loadingBarVisible.get()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect($loadingBarVisible.get()).toBe(false);
  });
});

describe('trackLoading', () => {
  it('counts a promise while it is pending and returns its value', async () => {
    let resolve!: (value: string) => void;
    const tracked = trackLoading(new Promise<string>((r) => (resolve = r)));
    vi.advanceTimersByTime(200);
    expect($loadingBarVisible.get()).toBe(true);
    resolve('done');
    await expect(tracked).resolves.toBe('done');
    expect($loadingBarVisible.get()).toBe(false);
  });

  it('stops counting a promise that rejects, and passes the rejection on', async () => {
    let reject!: (error: Error) => void;
    const tracked = trackLoading(new Promise<never>((_, r) => (reject = r)));
    vi.advanceTimersByTime(200);
    expect($loadingBarVisible.get()).toBe(true);
    reject(new Error('offline'));
    await expect(tracked).rejects.toThrow('offline');
    expect($loadingBarVisible.get()).toBe(false);
  });
});

describe('mountLoadingBar', () => {
  let bar: HTMLElement;
  let unmount: () => void;
  const stopNavigation = (event: Event) => event.preventDefault();

  beforeEach(() => {
    document.body.innerHTML = `
      <div id="bar"></div>
      <a id="internal" href="/games?page=2"><span id="inner">Page 2</span></a>
      <a id="external" href="https://example.org/elsewhere">Elsewhere</a>
      <a id="new-tab" href="/about" target="_blank">About</a>
      <a id="download" href="/data.csv" download>Data</a>
      <a id="fragment" href="#top">Top</a>
      <a id="no-href">Nothing</a>
      <form id="form" action="/games"><button id="submit" type="submit">Go</button></form>
    `;
    bar = document.getElementById('bar')!;
    unmount = mountLoadingBar(bar);
    // Runs after the document listener: keeps the test page from navigating.
    window.addEventListener('click', stopNavigation);
    window.addEventListener('submit', stopNavigation);
  });

  afterEach(() => {
    unmount();
    window.removeEventListener('click', stopNavigation);
    window.removeEventListener('submit', stopNavigation);
    document.body.innerHTML = '';
  });

  const click = (id: string, init: MouseEventInit = {}) =>
    document
      .getElementById(id)!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  const visibleAfterThrottle = () => {
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS);
    return bar.hasAttribute('data-visible');
  };

  it('shows the bar for a same-origin link after the throttle', () => {
    click('internal');
    vi.advanceTimersByTime(199);
    expect(bar.hasAttribute('data-visible')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bar.hasAttribute('data-visible')).toBe(true);
  });

  it('counts a click on an element inside the link', () => {
    click('inner');
    expect(visibleAfterThrottle()).toBe(true);
  });

  it('hides the bar again when the work finishes', () => {
    click('internal');
    expect(visibleAfterThrottle()).toBe(true);
    finishLoading();
    expect(bar.hasAttribute('data-visible')).toBe(false);
  });

  it('ignores an external link', () => {
    click('external');
    expect(visibleAfterThrottle()).toBe(false);
  });

  it.each([{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }])(
    'ignores a modified or non-primary click %o',
    (init) => {
      click('internal', init);
      expect(visibleAfterThrottle()).toBe(false);
    },
  );

  it('ignores links that open elsewhere, downloads, fragments and anchors without href', () => {
    for (const id of ['new-tab', 'download', 'fragment', 'no-href']) click(id);
    expect(visibleAfterThrottle()).toBe(false);
  });

  it('ignores a click another handler already cancelled', () => {
    const link = document.getElementById('internal')!;
    const cancel = (event: Event) => event.preventDefault();
    link.addEventListener('click', cancel);
    click('internal');
    link.removeEventListener('click', cancel);
    expect(visibleAfterThrottle()).toBe(false);
  });

  it('counts a submitted form', () => {
    document.getElementById('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(visibleAfterThrottle()).toBe(true);
  });

  it('starts idle again on a page restored from the back/forward cache', () => {
    click('internal');
    expect(visibleAfterThrottle()).toBe(true);
    const pageshow = new Event('pageshow') as Event & { persisted: boolean };
    Object.defineProperty(pageshow, 'persisted', { value: true });
    window.dispatchEvent(pageshow);
    expect(bar.hasAttribute('data-visible')).toBe(false);
  });

  it('stops listening once unmounted', () => {
    unmount();
    click('internal');
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS);
    expect($loadingBarVisible.get()).toBe(false);
    startLoading();
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS);
    expect(bar.hasAttribute('data-visible')).toBe(false);
    unmount = () => {};
  });
});
