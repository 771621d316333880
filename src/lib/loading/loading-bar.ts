import { atom, computed } from 'nanostores';

/**
 * The top loading bar. Work in progress is counted (navigations, island requests); the
 * bar appears only when something has been running for LOADING_BAR_THROTTLE_MS, so fast
 * responses never flash it.
 */

export const LOADING_BAR_THROTTLE_MS = 200;

const $pending = atom(0);
const $shown = atom(false);

/** Whether the bar is visible. */
export const $loadingBarVisible = computed([$pending, $shown], (pending, shown) => pending > 0 && shown);

let timer: ReturnType<typeof setTimeout> | undefined;

export function startLoading(): void {
  $pending.set($pending.get() + 1);
  if (timer === undefined && !$shown.get()) {
    timer = setTimeout(() => {
      timer = undefined;
      if ($pending.get() > 0) $shown.set(true);
    }, LOADING_BAR_THROTTLE_MS);
  }
}

export function finishLoading(): void {
  const pending = Math.max(0, $pending.get() - 1);
  $pending.set(pending);
  if (pending === 0) {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    $shown.set(false);
  }
}

/** Clears everything (a page restored from the back/forward cache starts idle). */
export function resetLoading(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  $pending.set(0);
  $shown.set(false);
}

/** Runs `work` with the bar counting it: `await trackLoading(fetch(...))`. */
export async function trackLoading<T>(work: Promise<T>): Promise<T> {
  startLoading();
  try {
    return await work;
  } finally {
    finishLoading();
  }
}
