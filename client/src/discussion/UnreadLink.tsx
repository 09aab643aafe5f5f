import { useEffect } from 'react';
import { useResource } from '../resources/useResource';
import { comments } from '../../../shared/api/comments';
import { Link } from '../router';
import './discussion.css';

/** Replies arrive from other people's browsers: the count is asked for again this often. */
const POLL_MS = 60_000;

/** The header's link to the discussions, with the number of unread replies. */
export function UnreadLink() {
  const loaded = useResource(comments.unread);
  const { reload } = loaded;
  useEffect(() => {
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const total = loaded.data?.total ?? 0;
  return (
    <Link href="/discussion" className="unread-link">
      Discussion{' '}
      {total === 0 ? (
        <span className="sr-only">(no unread replies)</span>
      ) : (
        <>
          <span className="badge">{total}</span>
          <span className="sr-only"> unread {total === 1 ? 'reply' : 'replies'}</span>
        </>
      )}
    </Link>
  );
}
