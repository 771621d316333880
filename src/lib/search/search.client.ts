import type { SearchSuggestion } from './search.ts';

/**
 * The header search, enhanced in the browser: a plain GET form to /games?q= that gains a
 * typeahead (WAI-ARIA combobox with a listbox popup) when this script runs. No framework:
 * it ships on every page, so it stays a few kilobytes.
 */

/** How long the typeahead waits after typing stops (the form input debounce). */
export const SEARCH_DEBOUNCE_MS = 300;
const MIN_QUERY = 2;

interface SearchResponse {
  query: string;
  suggestions: SearchSuggestion[];
}

export function mountHeaderSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  const listbox = form.querySelector<HTMLUListElement>('[role="listbox"]');
  const status = form.querySelector<HTMLElement>('[data-search-status]');
  if (!input || !listbox || !status) return;

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listbox.id);

  let options: { element: HTMLLIElement; href: string }[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let lastQuery = '';
  const normalise = (value: string) =>
    value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 80).trim();

  const close = () => {
    listbox.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };

  const setActive = (index: number) => {
    options[active]?.element.setAttribute('aria-selected', 'false');
    active = index;
    const option = options[active];
    if (option) {
      option.element.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', option.element.id);
      option.element.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  };

  const render = (query: string, suggestions: SearchSuggestion[]) => {
    listbox.replaceChildren();
    const all = [
      ...suggestions,
      {
        kind: 'all' as const,
        label: `See all results for “${query}”`,
        detail: '',
        href: `/games?q=${encodeURIComponent(query)}`,
      },
    ];
    options = all.map((suggestion, index) => {
      const element = document.createElement('li');
      element.id = `${listbox.id}-${index}`;
      element.setAttribute('role', 'option');
      element.setAttribute('aria-selected', 'false');
      element.className = 'search-option';
      element.dataset.kind = suggestion.kind;
      const label = document.createElement('span');
      label.textContent = suggestion.label;
      element.append(label);
      if (suggestion.detail) {
        const detail = document.createElement('span');
        detail.className = 'search-option-detail';
        detail.textContent = suggestion.detail;
        element.append(detail);
      }
      element.addEventListener('mousedown', (event) => event.preventDefault());
      element.addEventListener('click', () => window.location.assign(suggestion.href));
      listbox.append(element);
      return { element, href: suggestion.href };
    });
    active = -1;
    listbox.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    status.textContent =
      suggestions.length === 0
        ? `No quick matches for ${query}. Press Enter to search.`
        : `${suggestions.length} suggestions.`;
  };

  const lookup = async (query: string) => {
    controller?.abort();
    controller = new AbortController();
    try {
      const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return;
      const body = (await response.json()) as SearchResponse;
      // A slower answer to an older query must not replace the current one.
      if (normalise(input.value) !== body.query) return;
      render(query, body.suggestions);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') close();
    }
  };

  input.addEventListener('input', () => {
    const query = normalise(input.value);
    clearTimeout(timer);
    if (query.length < MIN_QUERY) {
      controller?.abort();
      lastQuery = '';
      close();
      return;
    }
    if (query === lastQuery) return;
    timer = setTimeout(() => {
      lastQuery = query;
      void lookup(query);
    }, SEARCH_DEBOUNCE_MS);
  });

  input.addEventListener('keydown', (event) => {
    const open = !listbox.hidden && options.length > 0;
    switch (event.key) {
      case 'ArrowDown':
        if (!open) return;
        event.preventDefault();
        setActive((active + 1) % options.length);
        break;
      case 'ArrowUp':
        if (!open) return;
        event.preventDefault();
        setActive(active <= 0 ? options.length - 1 : active - 1);
        break;
      case 'Enter': {
        const option = open ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          window.location.assign(option.href);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (input.value) {
          event.preventDefault();
          input.value = '';
          lastQuery = '';
        }
        break;
    }
  });

  input.addEventListener('blur', close);
  input.addEventListener('focus', () => {
    if (options.length > 0 && normalise(input.value) === lastQuery && lastQuery) {
      listbox.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    }
  });
}
