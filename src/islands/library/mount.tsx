import { createRoot } from 'react-dom/client';
import PlayStatusControl from './PlayStatusControl.tsx';

/**
 * Loaded only for a visitor with a session cookie (src/components/library/PlayStatus.astro):
 * replaces each server-rendered "Track this game" link with the visitor's own control, so
 * signed-out visitors of cached catalogue pages download no React at all.
 */
export function mountPlayStatus(hosts: Iterable<HTMLElement>): void {
  for (const host of hosts) {
    if (host.dataset.mounted) continue;
    host.dataset.mounted = 'true';
    const gameId = Number(host.dataset.playStatus);
    const { slug = '', title = '', variant } = host.dataset;
    createRoot(host).render(
      <PlayStatusControl
        gameId={gameId}
        slug={slug}
        title={title}
        variant={variant === 'compact' ? 'compact' : 'full'}
      />,
    );
  }
}
