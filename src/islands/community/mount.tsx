import { createRoot } from 'react-dom/client';
import YourOutletsScore from './YourOutletsScore.tsx';

/** Loaded only for a visitor with a session cookie (src/components/community/YourOutletsScore.astro). */
export function mountYourOutletsScore(hosts: Iterable<HTMLElement>): void {
  for (const host of hosts) {
    if (host.dataset.mounted) continue;
    host.dataset.mounted = 'true';
    createRoot(host).render(<YourOutletsScore gameId={Number(host.dataset.yourOutletsScore)} />);
  }
}
