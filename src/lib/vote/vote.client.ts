import type { PollResults } from './vote.ts';

/** /test-vote in the browser: reads the visitor's own vote, votes, and shows the bars. */

interface VoteAnswer {
  signedIn: boolean;
  option: string | null;
  results?: PollResults | null;
  message?: string;
  error?: { message: string };
}

function showResults(root: HTMLElement, answer: VoteAnswer): void {
  const results = answer.results;
  if (!results) return;
  const section = root.querySelector<HTMLElement>('[data-vote-results]')!;
  section.querySelector('[data-vote-total]')!.textContent = String(results.total);
  for (const option of results.options) {
    const item = section.querySelector<HTMLElement>(`[data-vote-option="${option.id}"]`);
    if (!item) continue;
    item.querySelector('[data-vote-count]')!.textContent = `${option.votes} (${option.percent}%)`;
    item.querySelector<HTMLElement>('[data-vote-bar]')!.style.width = `${option.percent}%`;
    item.querySelector<HTMLElement>('[data-vote-mine]')!.hidden = option.id !== answer.option;
  }
  section.hidden = false;
}

export function mountVote(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('[data-vote-form]')!;
  const status = root.querySelector<HTMLElement>('[data-vote-status]')!;
  const submit = root.querySelector<HTMLButtonElement>('[data-vote-submit]')!;
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[name="option"]')];

  const apply = (answer: VoteAnswer) => {
    if (!answer.signedIn) {
      root.querySelector<HTMLElement>('[data-vote-signin]')!.hidden = false;
      return;
    }
    for (const radio of radios) {
      radio.disabled = false;
      radio.checked = radio.value === answer.option;
    }
    submit.disabled = false;
    submit.textContent = answer.option ? 'Change my vote' : 'Vote';
    showResults(root, answer);
  };

  fetch('/api/vote', { headers: { accept: 'application/json' } })
    .then((response) => response.json() as Promise<VoteAnswer>)
    .then(apply)
    .catch(() => {
      status.textContent = 'Could not load your vote. Please reload the page.';
    });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const option = radios.find((radio) => radio.checked)?.value;
    if (!option) return;
    submit.disabled = true;
    fetch('/api/vote', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ option }),
    })
      .then(async (response) => {
        const answer = (await response.json()) as VoteAnswer;
        if (!response.ok) throw new Error(answer.error?.message ?? 'Your vote could not be saved.');
        status.textContent = answer.message ?? '';
        apply(answer);
      })
      .catch((error: unknown) => {
        status.textContent = (error as Error).message;
        submit.disabled = false;
      });
  });
}
