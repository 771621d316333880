import { useState } from 'react';
import { listsApi } from '../../lib/lists/lists.client.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

/** Deletes a list after a confirmation (allowed on every plan). */
function DeleteButton({ listId, title }: { listId: number; title: string }) {
  const [busy, setBusy] = useState(false);
  async function remove() {
    if (!window.confirm(`Delete "${title}"? This cannot be undone.`)) return;
    setBusy(true);
    try {
      await listsApi(`/api/lists/${listId}`, 'DELETE');
      window.location.assign('/dashboard/lists');
    } catch (error) {
      setBusy(false);
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    }
  }
  return (
    <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void remove()}>
      Delete list
    </button>
  );
}

export default function DeleteListButton(props: { listId: number; title: string }) {
  return (
    <IslandBoundary name="DeleteListButton">
      <DeleteButton {...props} />
    </IslandBoundary>
  );
}
