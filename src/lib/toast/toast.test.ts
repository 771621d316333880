// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, removeToast, toast, TOAST_TIMEOUT_MS } from './toast.ts';
import {
  mountToastRegion,
  NEXT_PAGE_TOASTS_KEY,
  showWaitingToasts,
  successOnNextPage,
  toastOnNextPage,
} from './toast.client.ts';

function clearToasts(): void {
  for (const item of $toasts.get()) removeToast(item.id);
}

beforeEach(() => {
  vi.useFakeTimers();
  clearToasts();
});

afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('toast.error adds a red toast titled "Error" with the default timeout', () => {
    const added = toast.error('Could not save your review.');
    expect(added).toMatchObject({
      title: 'Error',
      description: 'Could not save your review.',
      color: 'red',
      timeout: 5000,
    });
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    expect($toasts.get()).toEqual([added]);
  });

  it('removes a toast after its timeout and not before', () => {
    const added = toast.error('Network error');
    vi.advanceTimersByTime(4999);
    expect($toasts.get().map((t) => t.id)).toEqual([added.id]);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('honours a custom timeout, and 0 keeps the toast until closed', () => {
    const quick = toast.error('Quick', { timeout: 1000 });
    const sticky = toast.error('Sticky', { timeout: 0 });
    vi.advanceTimersByTime(1000);
    expect($toasts.get().map((t) => t.id)).toEqual([sticky.id]);
    expect($toasts.get().some((t) => t.id === quick.id)).toBe(false);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect($toasts.get().map((t) => t.id)).toEqual([sticky.id]);
    toast.remove(sticky.id);
    expect($toasts.get()).toEqual([]);
  });

  it('gives every toast its own id and keeps them in order', () => {
    const a = toast.success('Saved');
    const b = toast.add({ title: 'Heads up' });
    const c = toast.error('Oops');
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect($toasts.get().map((t) => t.title)).toEqual(['Saved', 'Heads up', 'Error']);
    expect(a.color).toBe('green');
    expect(b).toMatchObject({ color: 'primary', timeout: TOAST_TIMEOUT_MS });
  });

  it('closing a toast early cancels its timer without touching the others', () => {
    const first = toast.error('First');
    vi.advanceTimersByTime(2000);
    const second = toast.error('Second');
    removeToast(first.id);
    expect($toasts.get().map((t) => t.id)).toEqual([second.id]);
    vi.advanceTimersByTime(3000);
    expect($toasts.get().map((t) => t.id)).toEqual([second.id]);
    vi.advanceTimersByTime(2000);
    expect($toasts.get()).toEqual([]);
  });
});

describe('mountToastRegion', () => {
  let region: HTMLElement;
  let unmount: () => void;

  beforeEach(() => {
    region = document.createElement('div');
    document.body.append(region);
    unmount = mountToastRegion(region);
  });

  afterEach(() => {
    unmount();
    region.remove();
  });

  const shown = () => [...region.querySelectorAll<HTMLElement>('[data-toast-id]')];

  it('renders an error as an alert with its title and description', () => {
    toast.error('Could not load games.');
    const [item] = shown();
    expect(shown()).toHaveLength(1);
    expect(item?.getAttribute('role')).toBe('alert');
    expect(item?.dataset.toastColor).toBe('red');
    expect(item?.textContent).toContain('Error');
    expect(item?.textContent).toContain('Could not load games.');
  });

  it('renders other toasts as a polite status, without an empty description', () => {
    toast.success('Saved');
    const [item] = shown();
    expect(item?.getAttribute('role')).toBe('status');
    expect(item?.querySelectorAll('p')).toHaveLength(1);
    expect(item?.querySelector('p')?.textContent).toBe('Saved');
  });

  it('shows text as text, never as markup', () => {
    toast.error('<img src=x onerror=alert(1)>');
    expect(region.querySelector('img')).toBeNull();
    expect(shown()[0]?.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('the close button removes the toast from the page and the store', () => {
    const keep = toast.success('Keep me');
    toast.error('Close me');
    const closing = shown()[1];
    const button = closing?.querySelector<HTMLButtonElement>('button[aria-label="Close notification"]');
    expect(button).toBeTruthy();
    button!.click();
    expect(shown().map((el) => el.textContent)).toEqual([expect.stringContaining('Keep me')]);
    expect($toasts.get().map((t) => t.id)).toEqual([keep.id]);
  });

  it('removes the element when the toast times out', () => {
    toast.error('Temporary');
    vi.advanceTimersByTime(4999);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toHaveLength(0);
  });

  it('does not re-render toasts already shown', () => {
    toast.error('One');
    const first = shown()[0];
    toast.error('Two');
    expect(shown()).toHaveLength(2);
    expect(shown()[0]).toBe(first);
  });

  it('renders toasts raised before it was mounted, and stops after unmounting', () => {
    unmount();
    toast.error('Before mount');
    const other = document.createElement('div');
    const stop = mountToastRegion(other);
    expect(other.textContent).toContain('Before mount');
    stop();
    toast.error('After unmount');
    expect(other.textContent).not.toContain('After unmount');
    unmount = () => {};
  });
});

describe('toasts for the next page', () => {
  beforeEach(() => sessionStorage.clear());

  it('a toast raised before a navigation is shown by the next page, with its whole timeout, once', () => {
    successOnNextPage('Please check your email for the confirmation link');
    expect($toasts.get()).toEqual([]);
    // The next page: its toast region mounts.
    const region = document.createElement('div');
    const stop = mountToastRegion(region);
    expect(region.querySelector('[role="status"]')?.textContent).toContain(
      'Please check your email for the confirmation link',
    );
    vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
    stop();
    // A third page shows nothing again.
    expect(showWaitingToasts()).toEqual([]);
  });

  it('keeps at most five, and ignores what is not a toast', () => {
    for (let i = 1; i <= 7; i += 1) toastOnNextPage({ title: `Toast ${i}` });
    expect(showWaitingToasts().map((t) => t.title)).toEqual(['Toast 3', 'Toast 4', 'Toast 5', 'Toast 6', 'Toast 7']);
    sessionStorage.setItem(
      NEXT_PAGE_TOASTS_KEY,
      JSON.stringify([{ title: '' }, { title: 'x', color: 'black' }, 'text', { title: 'Fine', timeout: 1000 }]),
    );
    expect(showWaitingToasts().map((t) => t.title)).toEqual(['Fine']);
    sessionStorage.setItem(NEXT_PAGE_TOASTS_KEY, '{not json');
    expect(showWaitingToasts()).toEqual([]);
  });

  it('does nothing without storage', () => {
    toastOnNextPage({ title: 'Lost' }, null);
    expect(showWaitingToasts(null)).toEqual([]);
  });
});
