import { atom } from 'nanostores';

/**
 * Toasts any island (or page script) can raise: toast.error(...) shows a red toast titled
 * "Error". The region in the base layout renders the store, so islands never render
 * toasts themselves and stay independent of each other.
 */

export const TOAST_TIMEOUT_MS = 5_000;

export type ToastColor = 'red' | 'green' | 'primary' | 'gray';

export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  color: ToastColor;
  /** Milliseconds before it closes by itself; 0 keeps it until closed. */
  timeout: number;
}

export type ToastInput = Omit<Toast, 'id' | 'color' | 'timeout'> & Partial<Pick<Toast, 'color' | 'timeout'>>;

export const $toasts = atom<Toast[]>([]);

let lastId = 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function removeToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

export function addToast(input: ToastInput): Toast {
  lastId += 1;
  const toast: Toast = { color: 'primary', timeout: TOAST_TIMEOUT_MS, ...input, id: lastId };
  $toasts.set([...$toasts.get(), toast]);
  if (toast.timeout > 0)
    timers.set(
      toast.id,
      setTimeout(() => removeToast(toast.id), toast.timeout),
    );
  return toast;
}

export const toast = {
  add: addToast,
  remove: removeToast,
  /** A red toast titled "Error": how every error reaches the person who caused it. */
  error(description: string, options: { timeout?: number } = {}): Toast {
    return addToast({ title: 'Error', description, color: 'red', ...options });
  },
  success(title: string, description?: string, options: { timeout?: number } = {}): Toast {
    return addToast({ title, description, color: 'green', ...options });
  },
};
