import { fieldText } from '../format/field-text.ts';

/**
 * Forms that talk to the JSON API without an island: `<form data-api="/api/..."
 * data-method="POST" data-redirect="/games/{game.slug}">`. The fields are sent as JSON (a
 * checkbox as a boolean, `data-number` fields as numbers); on success the page goes to
 * `data-redirect` (placeholders filled from the answer) or reloads; on failure the
 * answer's message appears in the form's `[data-form-error]` element, and nothing typed is lost.
 * `data-confirm` asks first. A form with a `[data-form-done]` element stays on the page and
 * shows the answer's `message` there instead of reloading.
 */

function fill(template: string, body: unknown): string {
  return template.replace(/\{([\w.]+)\}/g, (_, path: string) => {
    const value = path
      .split('.')
      .reduce<unknown>(
        (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
        body,
      );
    return encodeURIComponent(fieldText(value));
  });
}

function formJson(form: HTMLFormElement): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const element of Array.from(form.elements)) {
    if (
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      ) ||
      !element.name
    )
      continue;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') body[element.name] = element.checked;
    else if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (element.checked) body[element.name] = element.value;
    } else if (element.dataset.list !== undefined)
      body[element.name] = element.value
        .split(/[,\n]/)
        .map((part) => part.trim())
        .filter(Boolean);
    else if (element.dataset.number !== undefined)
      body[element.name] = element.value === '' ? undefined : Number(element.value);
    else body[element.name] = element.value;
  }
  return body;
}

async function submit(form: HTMLFormElement, event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const error = form.querySelector<HTMLElement>('[data-form-error]');
  if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
  const button = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
  if (button) button.disabled = true;
  if (error) error.textContent = '';
  try {
    const method = form.dataset.method ?? 'POST';
    const response = await fetch(form.dataset.api!, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'DELETE' ? null : JSON.stringify(formJson(form)),
    });
    const body: unknown = response.status === 204 ? {} : await response.json().catch(() => ({}));
    if (!response.ok) {
      const message =
        (body as { error?: { message?: string } }).error?.message ?? 'Something went wrong. Please try again.';
      if (error) error.textContent = message;
      return;
    }
    const done = form.querySelector<HTMLElement>('[data-form-done]');
    const message = (body as { message?: unknown }).message;
    if (form.dataset.redirect) window.location.assign(fill(form.dataset.redirect, body));
    else if (done && typeof message === 'string') done.textContent = message;
    else window.location.reload();
  } catch {
    if (error) error.textContent = 'The site could not be reached. Check your connection and try again.';
  } finally {
    if (button) button.disabled = false;
  }
}

export function enableApiForms(root: ParentNode = document): void {
  for (const form of Array.from(root.querySelectorAll<HTMLFormElement>('form[data-api]'))) {
    form.addEventListener('submit', (event) => void submit(form, event));
  }
}
