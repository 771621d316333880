import { createRoot } from 'react-dom/client';
import FollowButton from './FollowButton.tsx';
import YourOutletsScore from './YourOutletsScore.tsx';

/** Loaded only for a visitor with a session cookie (src/components/community/YourOutletsScore.astro). */
export function mountYourOutletsScore(hosts: Iterable<HTMLElement>): void {
  for (const host of hosts) {
    if (host.dataset.mounted) continue;
    host.dataset.mounted = 'true';
    createRoot(host).render(<YourOutletsScore gameId={Number(host.dataset.yourOutletsScore)} />);
  }
}

/** Loaded only for a visitor with a session cookie (src/components/community/FollowOutlet.astro). */
export function mountFollowOutlets(hosts: Iterable<HTMLElement>): void {
  for (const host of hosts) {
    const slug = host.dataset.followOutlet;
    if (host.dataset.mounted || !slug) continue;
    host.dataset.mounted = 'true';
    createRoot(host).render(
      <FollowButton
        target={{ outletSlug: slug }}
        label={host.dataset.label ?? slug}
        compact={host.dataset.variant !== 'page'}
      />,
    );
  }
}
