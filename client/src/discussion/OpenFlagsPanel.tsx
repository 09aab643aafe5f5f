import { useResource } from '../resources/useResource';
import { comments } from '../../../shared/api/comments';
import { FLAG_REASON_LABEL } from '../../../shared/schemas/comments';
import { Link } from '../router';
import './discussion.css';

/** The adjudication queue's list of problems with open flags (the queue itself holds only problems ready to adjudicate). */
export function OpenFlagsPanel() {
  const loaded = useResource(comments.openFlags);
  const problems = loaded.data?.problems ?? [];
  if (problems.length === 0) return null;
  return (
    <section className="card open-flags" aria-labelledby="open-flags-title">
      <h2 id="open-flags-title">Open flags ({problems.reduce((n, p) => n + p.flags.length, 0)})</h2>
      <ul>
        {problems.map((p) => (
          <li key={p.questionId}>
            <Link href={`${p.ready ? '/adjudicate' : '/problems'}/${encodeURIComponent(p.questionId)}#discussion`}>{p.title}</Link> <code className="muted">{p.questionId}</code>
            {' — '}
            {p.flags.map((f) => `${FLAG_REASON_LABEL[f.reason]} (${f.author})`).join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
