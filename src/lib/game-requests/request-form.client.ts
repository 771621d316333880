/**
 * The request form asks "Is it one of these?" before sending: the first submit looks up
 * games and requests with similar titles; when there are some, they are listed with
 * links, and the button becomes "None of these: send my request". A changed title asks again.
 */

interface Similar {
  games: { slug: string; title: string }[];
  requests: { id: number; title: string; status: string }[];
}

export function enableSimilarCheck(form: HTMLFormElement): void {
  const title = form.querySelector<HTMLInputElement>('input[name="title"]')!;
  const panel = form.querySelector<HTMLElement>('[data-similar]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const defaultLabel = button.textContent ?? '';
  let checkedTitle: string | null = null;

  title.addEventListener('input', () => {
    checkedTitle = null;
    panel.hidden = true;
    button.textContent = defaultLabel;
  });

  // Runs before the JSON form handler (capture phase); stops it until the user has seen the matches.
  form.addEventListener(
    'submit',
    (event) => {
      const value = title.value.trim();
      if (checkedTitle === value || value.length < 2) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void (async () => {
        const response = await fetch(`/api/game-requests/similar?title=${encodeURIComponent(value)}`).catch(() => null);
        const similar = response?.ok ? ((await response.json()) as Similar) : { games: [], requests: [] };
        checkedTitle = value;
        if (similar.games.length === 0 && similar.requests.length === 0) {
          form.requestSubmit(button);
          return;
        }
        const list = panel.querySelector('ul')!;
        list.replaceChildren(
          ...similar.games.map((game) => item(`/games/${game.slug}`, game.title, 'in the catalogue')),
          ...similar.requests.map((request) =>
            item(`/games/request/similar/${request.id}`, request.title, `already requested (${request.status})`),
          ),
        );
        panel.hidden = false;
        button.textContent = 'None of these: send my request';
        panel.querySelector<HTMLElement>('h2')?.focus();
      })();
    },
    { capture: true },
  );
}

function item(href: string, text: string, note: string): HTMLLIElement {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.href = href;
  link.className = 'link';
  link.textContent = text;
  li.append(link, ` (${note})`);
  return li;
}
