import { useEffect, useState } from 'react';
import { hasAuthCookie } from '../../lib/auth/cookies.ts';
import type { LeaderboardPeriod, OwnRank as Rank } from '../../lib/xp/leaderboard.ts';
import { formatCount } from '../../lib/format/numbers.ts';

/** The signed-in user's own rank, fetched apart so the leaderboard page stays cached. */
export default function OwnRank({ period }: { period: LeaderboardPeriod }) {
  const [rank, setRank] = useState<Rank | null>(null);
  useEffect(() => {
    if (!hasAuthCookie(document.cookie)) return;
    fetch(`/api/leaderboard/me?period=${period}`)
      .then((response) => (response.ok ? (response.json() as Promise<Rank>) : null))
      .then(setRank)
      .catch(() => setRank(null));
  }, [period]);
  if (!rank) return null;
  return (
    <p className="card mt-4 p-4" data-own-rank>
      {rank.rank === null ? (
        <>
          You have no XP here yet: level {rank.level}.{' '}
          <a href="/dashboard/earn-xp" className="link">
            Earn XP
          </a>
        </>
      ) : (
        <>
          Your rank: <strong>#{rank.rank}</strong> with {formatCount(rank.xp)} XP (level {rank.level}).
        </>
      )}
      {!rank.onBoard && <> Your profile is private, so the board does not show you to others.</>}
    </p>
  );
}
