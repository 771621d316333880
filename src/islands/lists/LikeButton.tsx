import { useEffect, useState } from 'react';
import { listsApi } from '../../lib/lists/lists.client.ts';
import { toast } from '../../lib/toast/toast.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  listId: number;
  ownerId: string;
  likes: number;
}

/**
 * The like button of a cached list page: the count comes with the page; whether the
 * visitor liked it comes from /api, so the page stays the same for everyone.
 */
function Like({ listId, ownerId, likes: initial }: Props) {
  const [likes, setLikes] = useState(initial);
  const [liked, setLiked] = useState<boolean | null>(null);
  const [viewer, setViewer] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    listsApi<{ liked: boolean; viewerId: string | null; likesCount: number }>(`/api/lists/${listId}/like`, 'GET').then(
      (answer) => {
        setViewer(answer.viewerId);
        setLiked(answer.liked);
        setLikes(answer.likesCount);
      },
      () => setViewer(null),
    );
  }, [listId]);

  async function toggle() {
    const was = liked;
    setLiked(!was);
    setLikes((count) => count + (was ? -1 : 1));
    try {
      const answer = await listsApi<{ likesCount: number; liked: boolean }>(
        `/api/lists/${listId}/like`,
        was ? 'DELETE' : 'POST',
      );
      setLikes(answer.likesCount);
      setLiked(answer.liked);
    } catch (error) {
      setLiked(was);
      setLikes((count) => count + (was ? 1 : -1));
      toast.error(error instanceof Error ? error.message : 'Server error. Please try again later.');
    }
  }

  const label = `${likes} ${likes === 1 ? 'like' : 'likes'}`;
  if (viewer === undefined || viewer === null || viewer === ownerId) {
    return (
      <p className="flex items-center gap-2" data-likes={likes}>
        <span aria-hidden="true">♥</span> {label}
        {viewer === null && (
          <a href={`/login?redirect=${encodeURIComponent(window.location.pathname)}`} className="text-sm">
            Sign in to like
          </a>
        )}
      </p>
    );
  }
  return (
    <button
      type="button"
      className={liked ? 'btn btn-primary' : 'btn btn-secondary'}
      aria-pressed={Boolean(liked)}
      onClick={() => void toggle()}
      data-likes={likes}
    >
      {liked ? '♥ Liked' : '♡ Like'} · {label}
    </button>
  );
}

export default function LikeButton(props: Props) {
  return (
    <IslandBoundary name="LikeButton">
      <Like {...props} />
    </IslandBoundary>
  );
}
