import { fieldText } from '../format/field-text.ts';
import { zonedTimeToInstant } from '../format/zoned-time.ts';

/**
 * Progressive forms for the outlet and author pages, without React: a
 * `<form data-api-form data-method="PUT" action="/api/...">` is sent as JSON (fields typed
 * by `data-type`: number, boolean for checkboxes, nullable for "empty means null",
 * zoned-datetime for a local time read in the zone named by `data-zone-field`, lines for
 * a list), and the server's `{ error: { message } }` is shown in the form's `[role=alert]`.
 * A button with `data-api-action` (and data-method, data-confirm) calls its URL directly.
 * On success the page reloads, or goes to `data-next`.
 */

function fieldValue(
  form: HTMLFormElement,
  element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
): unknown {
  const type = element.dataset.type;
  if (element instanceof HTMLInputElement && element.type === 'checkbox') return element.checked;
  const raw = element.value;
  if (type === 'number') return raw === '' ? null : Number(raw);
  if (type === 'tristate') return raw === '' ? null : raw === 'true';
  if (type === 'lines')
    return raw
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  if (type === 'zoned-datetime') {
    if (raw === '') return null;
    const zoneField = form.elements.namedItem(element.dataset.zoneField ?? 'timeZone') as HTMLSelectElement | null;
    return zonedTimeToInstant(raw, zoneField?.value || 'UTC') ?? raw;
  }
  if (type === 'nullable') return raw.trim() === '' ? null : raw;
  return raw;
}

function showError(target: HTMLElement, message: string): void {
  const alert =
    target.querySelector<HTMLElement>('[role=alert]') ?? document.querySelector<HTMLElement>('[data-api-alert]');
  if (alert) {
    alert.textContent = message;
    alert.hidden = false;
  } else {
    window.alert(message);
  }
}

async function send(
  url: string,
  method: string,
  body: unknown,
): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; message: string }> {
  try {
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
      error?: { message?: string };
    };
    if (!response.ok) return { ok: false, message: data.error?.message ?? 'Server error. Please try again later.' };
    return { ok: true, data };
  } catch {
    return { ok: false, message: 'Network error. Please check your connection and try again.' };
  }
}

function done(element: HTMLElement, data: Record<string, unknown>): void {
  const next = element.dataset.next;
  if (next)
    window.location.assign(next.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(fieldText(data[key]))));
  else window.location.reload();
}

/** Sends the form as JSON, then shows the error or moves on (a follow-up call first, when the submitter names one). */
async function submitForm(form: HTMLFormElement, event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const submitter = event.submitter as HTMLButtonElement | null;
  const body: Record<string, unknown> = {};
  for (const element of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[name]')) {
    if (element.dataset.skip !== undefined) continue;
    body[element.name] = fieldValue(form, element);
  }
  const url = submitter?.formAction && submitter.hasAttribute('formaction') ? submitter.formAction : form.action;
  const method = submitter?.dataset.method ?? form.dataset.method ?? 'POST';
  const buttons = form.querySelectorAll<HTMLButtonElement>('button');
  buttons.forEach((button) => (button.disabled = true));
  const result = await send(url, method, body);
  buttons.forEach((button) => (button.disabled = false));
  if (!result.ok) return showError(form, result.message);
  // A follow-up call (save, then publish) named by the submitter.
  const then = submitter?.dataset.then;
  if (then) {
    const followUrl = then.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(fieldText(result.data[key])));
    const follow = await send(
      followUrl,
      'POST',
      submitter?.dataset.thenBody === 'publishAt'
        ? { publishAt: body.publishAt ?? null, timeZone: body.timeZone ?? null }
        : {},
    );
    if (!follow.ok) return showError(form, follow.message);
  }
  done(submitter?.dataset.next ? submitter : form, result.data);
}

/** Calls a `data-api-action` button's URL (after its confirmation, if it asks one). */
async function runAction(button: HTMLButtonElement): Promise<void> {
  if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
  button.disabled = true;
  const result = await send(
    button.dataset.apiAction!,
    button.dataset.method ?? 'POST',
    button.dataset.method === 'DELETE' ? undefined : {},
  );
  button.disabled = false;
  if (!result.ok) return showError(button.closest('section') ?? document.body, result.message);
  done(button, result.data);
}

export function enhanceApiForms(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-api-form]')) {
    form.addEventListener('submit', (event) => void submitForm(form, event));
    form.querySelectorAll<HTMLButtonElement>('button').forEach((button) => (button.disabled = false));
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-api-action]')) {
    button.addEventListener('click', () => void runAction(button));
    button.disabled = false;
  }
}

/** Fills `list` with the games the search API suggests for `query`. */
async function suggestGames(list: HTMLDataListElement, query: string): Promise<void> {
  const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`).catch(() => undefined);
  if (!response?.ok) return;
  const { suggestions } = (await response.json()) as {
    suggestions: { kind: string; label: string; detail: string; href: string }[];
  };
  list.replaceChildren(
    ...suggestions
      .filter((item) => item.kind === 'game')
      .map((item) => {
        const option = document.createElement('option');
        option.value = item.href.replace(/^\/games\//, '');
        option.label = `${item.label} ${item.detail}`.trim();
        return option;
      }),
  );
}

/** Fills the datalist of `input[data-game-search]` with games from the search API (value: the game's slug). */
export function enhanceGameSearch(root: ParentNode = document): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[data-game-search]')) {
    const list = input.list;
    if (!list) continue;
    let timer: ReturnType<typeof setTimeout> | undefined;
    input.addEventListener('input', () => {
      clearTimeout(timer);
      const query = input.value.trim();
      if (query.length < 2) return;
      // Form input debounce: 300 ms.
      timer = setTimeout(() => void suggestGames(list, query), 300);
    });
  }
}
