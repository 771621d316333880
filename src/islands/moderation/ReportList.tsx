import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { listsApi } from '../../lib/lists/lists.client.ts';
import { fieldText } from '../../lib/format/field-text.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { ReportForm } from './ReportForm.tsx';

interface Props {
  listId: number;
  ownerId: string;
}

/**
 * "Report" on a cached public list page, with the reasons of review reports. Who is
 * looking comes from /api (the page is the same for everyone): signed-out readers and the
 * list's owner see no button.
 */
function Report({ listId, ownerId }: Props) {
  const id = useId();
  const [viewer, setViewer] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reported, setReported] = useState(false);

  useEffect(() => {
    listsApi<{ viewerId: string | null }>(`/api/lists/${listId}/like`, 'GET').then(
      (answer) => setViewer(answer.viewerId),
      () => setViewer(null),
    );
  }, [listId]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await listsApi(`/api/lists/${listId}/report`, 'POST', {
        reason: fieldText(data.get('reason')),
        details: fieldText(data.get('details')),
      });
      setReported(true);
      setOpen(false);
      toast.success('Thank you: the moderators will look at this list.');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'An unexpected error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  if (!viewer || viewer === ownerId) return null;
  if (reported) return <span className="text-sm text-content-muted">Reported</span>;
  return (
    <div className="text-sm">
      <button
        type="button"
        className="link"
        aria-expanded={open}
        aria-controls={`${id}-report`}
        onClick={() => setOpen(!open)}
      >
        Report this list
      </button>
      {open && (
        <ReportForm
          id={`${id}-report`}
          label="Report this list"
          className="card mt-2 w-full max-w-md space-y-3 p-4"
          busy={busy}
          onSubmit={submit}
        />
      )}
    </div>
  );
}

export default function ReportList(props: Props) {
  return (
    <IslandBoundary name="ReportList">
      <Report {...props} />
    </IslandBoundary>
  );
}
