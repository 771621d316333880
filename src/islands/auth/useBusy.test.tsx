// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '../../lib/toast/toast.ts';
import { reportFailure, useBusy } from './useBusy.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Busy = ReturnType<typeof useBusy>;
function Probe({ expose }: { expose: (busy: Busy) => void }) {
  const busy = useBusy();
  expose(busy);
  return <button disabled={busy.busy}>Save</button>;
}
let api: Busy;
const probe = <Probe expose={(busy) => (api = busy)} />;

afterEach(() => {
  $toasts.set([]);
  vi.restoreAllMocks();
});

describe('useBusy', () => {
  it('is busy while the work runs, ignores a second submit meanwhile, and is free again after', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(probe));
    let finish: () => void = () => {};
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let first!: Promise<void>;
    await act(async () => {
      first = api.run(work, () => {});
    });
    expect(container.querySelector('button')!.disabled).toBe(true);
    await act(async () => {
      await api.run(work, () => {});
    });
    expect(work).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await first;
    });
    expect(container.querySelector('button')!.disabled).toBe(false);
    await act(async () => root.unmount());
  });

  it('hands a failure to onError and frees the form', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(probe));
    const onError = vi.fn();
    await act(async () => {
      await api.run(() => Promise.reject(new Error('boom')), onError);
    });
    expect(onError).toHaveBeenCalledWith(new Error('boom'));
    expect(container.querySelector('button')!.disabled).toBe(false);
    await act(async () => root.unmount());
  });
});

describe('reportFailure', () => {
  it('logs the error and shows the red Error toast with the fallback message', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportFailure('[test] failed', 'Failed to sign in.')(new Error('internal detail'));
    expect(log).toHaveBeenCalledWith('[test] failed', expect.any(Error));
    expect($toasts.get()).toEqual([
      expect.objectContaining({ title: 'Error', color: 'red', description: 'Failed to sign in.' }),
    ]);
  });
});
