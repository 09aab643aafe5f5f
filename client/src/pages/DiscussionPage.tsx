import { useResource } from '../resources/useResource';
import { comments } from '../../../shared/api/comments';
import { Link } from '../router';
import { useMe } from '../session';
import '../discussion/discussion.css';
import { LoadError } from '../components/ErrorMessage';

/** Where a problem's discussion panel is, for the viewer's role. */
export const discussionHref = (role: string, questionId: string) => `${role === 'annotator' ? '/annotate' : '/problems'}/${encodeURIComponent(questionId)}#discussion`;

/** /discussion — the problems with comments the viewer has not read. */
export default function DiscussionPage() {
  const me = useMe();
  const loaded = useResource(comments.unread);
  const data = loaded.data;
  return (
    <section className="page">
      <h1>Discussion</h1>
      <LoadError error={loaded.error} fallback="The unread comments could not be loaded." />
      {!data ? (
        loaded.error === undefined && <p className="loading">Loading…</p>
      ) : data.problems.length === 0 ? (
        <p className="notice">No unread replies. Comments on a problem are on its page, below the work.</p>
      ) : (
        <ul aria-label="Problems with unread comments">
          {data.problems.map((p) => (
            <li key={p.questionId}>
              <Link href={discussionHref(me.role, p.questionId)}>{p.title}</Link> <code className="muted">{p.questionId}</code> —{' '}
              {p.unread === 1 ? '1 unread comment' : `${p.unread} unread comments`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
