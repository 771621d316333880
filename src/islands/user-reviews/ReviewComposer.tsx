import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { USER_REVIEW_LIMITS, userReviewPatchSchema } from '../../lib/user-reviews/user-reviews.ts';
import {
  deleteReview,
  myReviewState,
  saveReview,
  type MyReviewState,
} from '../../lib/user-reviews/user-reviews.client.ts';
import { successOnNextPage } from '../../lib/toast/toast.client.ts';
import { fieldText } from '../../lib/format/field-text.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  gameId: number;
  gameTitle: string;
  platforms: { id: number; name: string }[];
}

const STEPS = Array.from({ length: 10 }, (_, i) => i + 1);
const starsLabel = (step: number) => `${step / 2} ${step === 2 ? 'star' : 'stars'}`;

/** The visitor's own review of a game: sign-in prompt, the Premium upsell, or the form. */
function Composer({ gameId, gameTitle, platforms }: Props) {
  const id = useId();
  const [state, setState] = useState<MyReviewState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    myReviewState(gameId).then(setState, () => setError('Your review could not be loaded. Please try again.'));
  }, [gameId]);

  if (error) return <p className="text-sm text-red-700 dark:text-red-300">{error}</p>;
  if (!state) return <p className="text-sm text-content-muted">Loading your review…</p>;
  if (!state.signedIn) {
    return (
      <p className="text-sm">
        <a className="link" href={`/login?redirect=${encodeURIComponent(window.location.pathname)}`}>
          Sign in
        </a>{' '}
        to vote on reviews. Premium members can write their own.
      </p>
    );
  }
  if (state.tier !== 'premium') {
    return (
      <div className="rounded-lg border border-card-border bg-surface p-4" data-review-upsell>
        <p className="font-semibold">Writing user reviews is part of the Premium plan.</p>
        <p className="mt-1 text-sm text-content-muted">
          With Premium you rate {gameTitle} from half a star to five stars, add a title and your review, mark spoilers,
          and say what you played it on, for how long and whether you finished it. Your rating counts toward the user
          score.
        </p>
        <a className="btn btn-primary mt-3" href="/membership">
          See the Premium plan
        </a>
      </div>
    );
  }

  const review = state.review;
  if (review && !editing) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          You rated this game <strong>{starsLabel(review.rating)}</strong>.
        </span>
        <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
          Edit your review
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={async () => {
            if (!window.confirm('Delete your review? It leaves the user score at once.')) return;
            setBusy(true);
            try {
              await deleteReview(review.id);
              successOnNextPage('Your review was deleted.');
              window.location.reload();
            } catch (e) {
              toast.error(e instanceof Error ? e.message : 'An unexpected error occurred. Please try again.');
              setBusy(false);
            }
          }}
        >
          Delete
        </button>
      </div>
    );
  }

  const start = review ?? {
    rating: 0,
    title: '',
    body: '',
    spoiler: false,
    ...(state.prefill ?? { platformId: null, hoursPlayed: null, finished: false }),
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const payload = {
      rating: Number(data.get('rating') ?? 0),
      title: fieldText(data.get('title')),
      body: fieldText(data.get('body')),
      spoiler: data.get('spoiler') === 'on',
      platformId: data.get('platformId') ? Number(data.get('platformId')) : null,
      hoursPlayed: fieldText(data.get('hoursPlayed')),
      finished: data.get('finished') === 'on',
    };
    const parsed = userReviewPatchSchema.safeParse(payload);
    if (!parsed.success) {
      setError(null);
      toast.error(parsed.error.issues[0]?.message ?? 'Please check the review.');
      return;
    }
    setBusy(true);
    try {
      await saveReview(review?.id ?? null, review ? parsed.data : { gameId, ...parsed.data });
      successOnNextPage(review ? 'Your review was updated.' : 'Your review is published.');
      window.location.reload();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'An unexpected error occurred. Please try again.');
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-4"
      aria-label={review ? 'Edit your review' : 'Write a review'}
      noValidate
    >
      <fieldset>
        <legend className="text-sm font-semibold">Your rating</legend>
        <div className="mt-1 flex flex-wrap gap-1">
          {STEPS.map((step) => (
            <label key={step} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={step}
                defaultChecked={start.rating === step}
                className="peer sr-only"
                required
              />
              <span className="inline-block min-w-11 rounded-md border border-card-border px-2 py-1 text-center text-sm tabular-nums peer-checked:border-primary-700 peer-checked:bg-primary-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-primary-500 dark:peer-checked:bg-primary-400 dark:peer-checked:text-gray-950">
                {step / 2}★<span className="sr-only"> ({starsLabel(step)})</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block text-sm font-medium" htmlFor={`${id}-title`}>
        Title (optional)
      </label>
      <input
        id={`${id}-title`}
        name="title"
        className="field"
        maxLength={USER_REVIEW_LIMITS.titleMax}
        defaultValue={start.title ?? ''}
      />
      <label className="block text-sm font-medium" htmlFor={`${id}-body`}>
        Your review (optional, plain text; a blank line starts a paragraph)
      </label>
      <textarea
        id={`${id}-body`}
        name="body"
        rows={6}
        className="field"
        maxLength={USER_REVIEW_LIMITS.bodyMax}
        defaultValue={start.body ?? ''}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className="block text-sm font-medium" htmlFor={`${id}-platform`}>
            Platform played
          </label>
          <select id={`${id}-platform`} name="platformId" className="field mt-1" defaultValue={start.platformId ?? ''}>
            <option value="">Not said</option>
            {platforms.map((platform) => (
              <option key={platform.id} value={platform.id}>
                {platform.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="block text-sm font-medium" htmlFor={`${id}-hours`}>
            Hours played
          </label>
          <input
            id={`${id}-hours`}
            name="hoursPlayed"
            type="number"
            min={0}
            max={USER_REVIEW_LIMITS.hoursMax}
            step={0.5}
            inputMode="decimal"
            className="field mt-1"
            defaultValue={start.hoursPlayed ?? ''}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-6 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" name="finished" defaultChecked={start.finished} /> I finished the game
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" name="spoiler" defaultChecked={start.spoiler} /> Contains spoilers
        </label>
      </div>
      <div className="flex gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {review ? 'Save changes' : 'Publish review'}
        </button>
        {review && (
          <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

export default function ReviewComposer(props: Props) {
  return (
    <IslandBoundary name="ReviewComposer">
      <Composer {...props} />
    </IslandBoundary>
  );
}
