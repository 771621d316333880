// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '../../lib/toast/toast.ts';
import ImageUpload from './ImageUpload.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  $toasts.set([]);
  vi.restoreAllMocks();
});

async function mount() {
  const form = document.createElement('form');
  const submitted = vi.fn((event: Event) => event.preventDefault());
  form.addEventListener('submit', submitted);
  document.body.append(form);
  await act(async () =>
    createRoot(form).render(
      <ImageUpload
        endpoint="/api/admin/games/7/cover"
        field="cover"
        resultKey="coverUrl"
        currentUrl={null}
        alt="Cover art for Portal 2"
        label="Upload a cover"
        hint="JPEG, PNG or WebP."
        maxBytes={5 * 1024 * 1024}
        shape="cover"
        savedMessage="Cover saved."
        urlLabel="Cover image URL"
      />,
    ),
  );
  const input = form.querySelector<HTMLInputElement>('input[type="url"]')!;
  const type = async (value: string) =>
    act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const pressEnter = async () =>
    act(async () => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
  return { form, input, submitted, type, pressEnter };
}

describe('ImageUpload with a cover image URL', () => {
  it('sends the address as JSON on Enter without submitting the form around it, then shows the stored cover', async () => {
    const stored = 'http://localhost/storage/v1/object/public/game-covers/7/cover-w600-0123456789abcdef.webp';
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ coverUrl: stored }), { status: 200 }));
    const { form, input, submitted, type, pressEnter } = await mount();
    expect(form.querySelector('label[for="' + input.id + '"]')?.textContent).toBe('Cover image URL');
    await type('  https://images.example.com/portal-2.png ');
    await pressEnter();
    expect(submitted).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/games/7/cover', {
      method: 'POST',
      credentials: 'same-origin',
      body: JSON.stringify({ url: 'https://images.example.com/portal-2.png' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(form.querySelector('img')?.getAttribute('src')).toBe(stored);
    expect(input.value).toBe('');
    expect(JSON.stringify($toasts.get().at(-1))).toContain('Cover saved.');
  });

  it("shows the server's refusal and keeps the address to correct", async () => {
    const message = 'That address is not on the public internet, so the site will not fetch it.';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'image_fetch_failed', message } }), { status: 422 }),
    );
    const { form, input, type } = await mount();
    await type('http://169.254.169.254/latest/meta-data/');
    const button = [...form.querySelectorAll('button')].find((b) => b.textContent === 'Fetch image')!;
    await act(async () => button.click());
    expect(form.querySelector('[role="alert"]')?.textContent).toBe(message);
    expect(input.value).toBe('http://169.254.169.254/latest/meta-data/');
    expect(input.getAttribute('aria-describedby')).toBe(form.querySelector('[role="alert"]')?.id);
  });
});
