import { createRoot } from 'react-dom/client';
import ReviewActions from './ReviewActions.tsx';
import ReviewComposer from './ReviewComposer.tsx';

/**
 * Loaded only for a visitor with a session cookie (src/components/user-reviews/UserScore.astro
 * and UserReviewCard.astro): the server-rendered signed-out links are replaced by the
 * visitor's own composer and helpful / report buttons, so signed-out visitors of cached
 * game pages download no React for them.
 */

const platformsOf = (raw: string | undefined): { id: number; name: string }[] => {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? (parsed as { id: number; name: string }[]) : [];
  } catch {
    return [];
  }
};

function claim(host: HTMLElement): boolean {
  if (host.dataset.mounted) return false;
  host.dataset.mounted = 'true';
  return true;
}

export function mountReviewComposers(hosts: Iterable<HTMLElement>): void {
  for (const host of hosts) {
    if (!claim(host)) continue;
    createRoot(host).render(
      <ReviewComposer
        gameId={Number(host.dataset.reviewComposer)}
        gameTitle={host.dataset.title ?? ''}
        platforms={platformsOf(host.dataset.platforms)}
      />,
    );
  }
}

export function mountReviewActions(hosts: Iterable<HTMLElement>): void {
  for (const host of hosts) {
    if (!claim(host)) continue;
    const { reviewActions = '', gameId, authorId = '', helpfulCount } = host.dataset;
    createRoot(host).render(
      <ReviewActions
        gameId={Number(gameId)}
        reviewId={reviewActions}
        authorId={authorId}
        helpfulCount={Number(helpfulCount)}
      />,
    );
  }
}
