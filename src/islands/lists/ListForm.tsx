import { useState, type FormEvent } from 'react';
import { listsApi } from '../../lib/lists/lists.client.ts';
import {
  LIST_DESCRIPTION_MAX,
  LIST_TITLE_MAX,
  LIST_VISIBILITIES,
  LIST_VISIBILITY_LABELS,
  type ListVisibility,
} from '../../lib/lists/lists.ts';
import { toast } from '../../lib/toast/toast.ts';
import { HydrationGate } from '../auth/HydrationGate.tsx';
import { IslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  /** Editing an existing list; creating when absent. */
  list?: { id: number; title: string; description: string | null; visibility: ListVisibility; ranked: boolean };
}

function Form({ list }: Props) {
  const [title, setTitle] = useState(list?.title ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [visibility, setVisibility] = useState<ListVisibility>(list?.visibility ?? 'public');
  const [ranked, setRanked] = useState(list?.ranked ?? false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const details = { title, description, visibility, ranked };
      if (list) {
        await listsApi(`/api/lists/${list.id}`, 'PATCH', details);
        toast.success('List saved');
      } else {
        const { list: created } = await listsApi<{ list: { id: number } }>('/api/lists', 'POST', details);
        window.location.assign(`/dashboard/lists/edit/${created.id}`);
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="card grid gap-4 p-5"
      aria-label={list ? 'List details' : 'New list'}
    >
      <label className="grid gap-1">
        <span className="font-medium">Title</span>
        <input
          className="field"
          name="title"
          required
          maxLength={LIST_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      <label className="grid gap-1">
        <span className="font-medium">
          Description <span className="text-content-muted">(optional)</span>
        </span>
        <textarea
          className="field min-h-24"
          name="description"
          maxLength={LIST_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <fieldset className="grid gap-1">
        <legend className="font-medium">Who can see it</legend>
        {LIST_VISIBILITIES.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="visibility"
              value={value}
              checked={visibility === value}
              onChange={() => setVisibility(value)}
            />
            {LIST_VISIBILITY_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="ranked" checked={ranked} onChange={(event) => setRanked(event.target.checked)} />
        Ranked (numbered in order)
      </label>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : list ? 'Save details' : 'Create list'}
        </button>
      </div>
    </form>
  );
}

export default function ListForm(props: Props) {
  return (
    <IslandBoundary name="ListForm">
      <HydrationGate>
        <Form {...props} />
      </HydrationGate>
    </IslandBoundary>
  );
}
