import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { myReviewState, reportReview, setHelpful } from '../../lib/user-reviews/user-reviews.client.ts';
import { fieldText } from '../../lib/format/field-text.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { ReportForm } from '../moderation/ReportForm.tsx';

interface Props {
  gameId: number;
  reviewId: string;
  authorId: string;
  helpfulCount: number;
}

const failed = (error: unknown) =>
  toast.error(error instanceof Error ? error.message : 'An unexpected error occurred. Please try again.');

/** "Helpful" (one vote per reader, never on one's own review) and "Report" under a user review. */
function Actions({ gameId, reviewId, authorId, helpfulCount }: Props) {
  const id = useId();
  const [count, setCount] = useState(helpfulCount);
  const [viewer, setViewer] = useState<{ signedIn: boolean; own: boolean; voted: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);

  useEffect(() => {
    myReviewState(gameId).then(
      (state) =>
        setViewer({
          signedIn: state.signedIn,
          own: state.userId === authorId,
          voted: state.votedReviewIds.includes(reviewId),
        }),
      () => setViewer({ signedIn: false, own: false, voted: false }),
    );
  }, [gameId, reviewId, authorId]);

  const vote = async () => {
    if (!viewer || busy) return;
    if (!viewer.signedIn) {
      window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    setBusy(true);
    try {
      const result = await setHelpful(reviewId, !viewer.voted);
      setCount(result.helpfulCount);
      setViewer({ ...viewer, voted: result.voted });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const submitReport = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await reportReview(reviewId, fieldText(data.get('reason')), fieldText(data.get('details')));
      setReported(true);
      setReporting(false);
      toast.success('Thank you: the moderators will look at this review.');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const own = viewer?.own ?? false;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      {own ? (
        <span className="text-content-muted">{count} found this helpful</span>
      ) : (
        <button
          type="button"
          className="btn btn-secondary"
          aria-pressed={viewer?.voted ?? false}
          disabled={!viewer || busy}
          onClick={vote}
        >
          {viewer?.voted ? 'Helpful ✓' : 'Helpful'} <span className="tabular-nums">({count})</span>
        </button>
      )}
      {viewer?.signedIn && !own && !reported && (
        <button
          type="button"
          className="link"
          aria-expanded={reporting}
          aria-controls={`${id}-report`}
          onClick={() => setReporting(!reporting)}
        >
          Report
        </button>
      )}
      {reported && <span className="text-content-muted">Reported</span>}
      {reporting && (
        <ReportForm
          id={`${id}-report`}
          label="Report this review"
          className="card w-full space-y-3 p-4"
          busy={busy}
          onSubmit={submitReport}
        />
      )}
    </div>
  );
}

export default function ReviewActions(props: Props) {
  return (
    <IslandBoundary name="ReviewActions">
      <Actions {...props} />
    </IslandBoundary>
  );
}
