import { $toasts, addToast, removeToast, type Toast, type ToastColor, type ToastInput } from './toast.ts';

/** Renders the toast store into `region` (the element in the base layout) and keeps it in sync. */

const COLOR_CLASSES: Readonly<Record<ToastColor, string>> = {
  red: 'border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50',
  green: 'border-green-600 bg-green-50 text-green-950 dark:bg-green-950 dark:text-green-50',
  primary: 'border-primary-600 bg-surface text-content',
  gray: 'border-card-border bg-surface text-content',
};

function renderToast(toast: Toast): HTMLElement {
  const item = document.createElement('div');
  item.dataset.toastId = String(toast.id);
  item.dataset.toastColor = toast.color;
  // Errors interrupt (alert); everything else is announced politely (status).
  item.setAttribute('role', toast.color === 'red' ? 'alert' : 'status');
  item.className = `pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${COLOR_CLASSES[toast.color]}`;
  const text = document.createElement('div');
  text.className = 'min-w-0 flex-1';
  const title = document.createElement('p');
  title.className = 'text-sm font-semibold';
  title.textContent = toast.title;
  text.append(title);
  if (toast.description) {
    const description = document.createElement('p');
    description.className = 'mt-1 text-sm';
    description.textContent = toast.description;
    text.append(description);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'rounded p-1 text-sm leading-none opacity-70 hover:opacity-100';
  close.setAttribute('aria-label', 'Close notification');
  close.textContent = '✕';
  close.addEventListener('click', () => removeToast(toast.id));
  item.append(text, close);
  return item;
}

/** Returns the unsubscribe function. Toasts an earlier page left for this one are shown too. */
export function mountToastRegion(region: HTMLElement): () => void {
  const unsubscribe = $toasts.subscribe((toasts) => {
    const shown = new Set(toasts.map((toast) => String(toast.id)));
    for (const element of region.querySelectorAll<HTMLElement>('[data-toast-id]')) {
      if (!shown.has(element.dataset.toastId ?? '')) element.remove();
    }
    for (const toast of toasts) {
      if (!region.querySelector(`[data-toast-id="${toast.id}"]`)) region.append(renderToast(toast));
    }
  });
  showWaitingToasts();
  return unsubscribe;
}

/** Where a toast waits for the next page of the tab (sessionStorage: this tab only, gone when it closes). */
export const NEXT_PAGE_TOASTS_KEY = 'critical-hit:next-page-toasts';
const MAX_WAITING = 5;

type ToastStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function tabStorage(): ToastStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage switched off by the browser: the toast is simply not carried over.
    return null;
  }
}

/** A green toast for the page this tab opens next: raise it right before navigating or reloading. */
export function successOnNextPage(title: string, description?: string): void {
  toastOnNextPage({ title, ...(description === undefined ? {} : { description }), color: 'green' });
}

/**
 * A toast for the page this tab opens next. A toast raised just before a navigation or a
 * reload goes away with its page before anyone can read it; this one is shown by the next
 * page's toast region instead (see showWaitingToasts), with its whole timeout.
 */
export function toastOnNextPage(input: ToastInput, storage: ToastStorage | null = tabStorage()): void {
  if (!storage) return;
  try {
    const waiting = readWaiting(storage);
    storage.setItem(NEXT_PAGE_TOASTS_KEY, JSON.stringify([...waiting, input].slice(-MAX_WAITING)));
  } catch {
    // Full or refused storage: nothing to carry.
  }
}

/** Shows the toasts an earlier page of this tab left for this one, once. */
export function showWaitingToasts(storage: ToastStorage | null = tabStorage()): Toast[] {
  if (!storage) return [];
  const waiting = readWaiting(storage);
  try {
    storage.removeItem(NEXT_PAGE_TOASTS_KEY);
  } catch {
    return [];
  }
  return waiting.map((input) => addToast(input));
}

function readWaiting(storage: ToastStorage): ToastInput[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(NEXT_PAGE_TOASTS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isToastInput).slice(-MAX_WAITING);
  } catch {
    return [];
  }
}

const COLORS: readonly ToastColor[] = ['red', 'green', 'primary', 'gray'];

/** Storage is the page's, not ours: only well-formed entries with text are shown. */
function isToastInput(value: unknown): value is ToastInput {
  if (typeof value !== 'object' || value === null) return false;
  const { title, description, color, timeout } = value as Record<string, unknown>;
  return (
    typeof title === 'string' &&
    title.length > 0 &&
    title.length <= 300 &&
    (description === undefined || (typeof description === 'string' && description.length <= 1000)) &&
    (color === undefined || COLORS.includes(color as ToastColor)) &&
    (timeout === undefined || (typeof timeout === 'number' && timeout >= 0 && timeout <= 60_000))
  );
}
