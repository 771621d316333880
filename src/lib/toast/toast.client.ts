import { $toasts, removeToast, type Toast, type ToastColor } from './toast.ts';

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

/** Returns the unsubscribe function. */
export function mountToastRegion(region: HTMLElement): () => void {
  return $toasts.subscribe((toasts) => {
    const shown = new Set(toasts.map((toast) => String(toast.id)));
    for (const element of region.querySelectorAll<HTMLElement>('[data-toast-id]')) {
      if (!shown.has(element.dataset.toastId ?? '')) element.remove();
    }
    for (const toast of toasts) {
      if (!region.querySelector(`[data-toast-id="${toast.id}"]`)) region.append(renderToast(toast));
    }
  });
}
