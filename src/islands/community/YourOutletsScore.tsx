import { useEffect, useState } from 'react';
import { hasAuthCookie } from '../../lib/auth/cookies.ts';

/**
 * "Your outlets: {score} from {n} reviews" beside the critic score, for a signed-in user
 * who follows at least 3 outlets that reviewed the game. Fetched apart: the game page is
 * cached and the same for everyone.
 */
export default function YourOutletsScore({ gameId }: { gameId: number }) {
  const [result, setResult] = useState<{ score: number; reviews: number } | null>(null);
  useEffect(() => {
    if (!hasAuthCookie(document.cookie)) return;
    fetch(`/api/your-outlets?gameId=${gameId}`)
      .then((response) =>
        response.ok ? (response.json() as Promise<{ result: { score: number; reviews: number } | null }>) : null,
      )
      .then((body) => setResult(body?.result ?? null))
      .catch(() => setResult(null));
  }, [gameId]);
  if (!result) return null;
  return (
    <p className="mt-2 text-sm font-semibold" data-your-outlets>
      Your outlets: {result.score} from {result.reviews} reviews
    </p>
  );
}
