import { Link } from '../../router';
import { useMe } from '../../session';
import { ANNOTATION_STATE, PROBLEM_ADJUDICATION_STATE } from '../../stateLabels';
import type { ProblemDetail } from '../../../../shared/schemas/backoffice';
import { crossCheckHref } from '../pageLinks';

const assignHref = (questionId: string) => `/assignments?q=${encodeURIComponent(questionId)}`;
const releaseCardHref = (name: string) => `/releases/${encodeURIComponent(name)}/card`;
const batchHref = (name: string) => `/batches/${encodeURIComponent(name)}`;

/** The one thing to do next on this problem, as a link when it is a page's work; null when nothing waits on the viewer. */
function NextStep({ problem }: { problem: ProblemDetail }) {
  const me = useMe();
  const submitted = problem.annotators.filter((a) => a.status === 'submitted').length;
  if (problem.needsAnnotators) {
    const missing = 2 - problem.annotators.length;
    const what = `${missing === 2 ? 'Two annotators are' : 'One more annotator is'} needed.`;
    return me.role === 'maintainer' ? (
      <p className="next-step">
        Next step: {what} <Link href={assignHref(problem.questionId)}>Assign annotators</Link>
      </p>
    ) : (
      <p className="next-step">Next step: {what} A maintainer assigns them.</p>
    );
  }
  if (problem.adjudication === 'ready' || problem.adjudication === 'draft') {
    return (
      <p className="next-step">
        Next step: {problem.adjudication === 'ready' ? 'both annotations are submitted.' : 'the adjudication is under way.'}{' '}
        <Link href={crossCheckHref(problem.questionId)}>Open the cross-check</Link>
      </p>
    );
  }
  if (problem.adjudication === 'waiting') {
    return <p className="next-step">Next step: the annotators submit their work ({submitted} of 2 submitted); the cross-check opens once both are in.</p>;
  }
  return (
    <p className="next-step">
      Resolved: nothing waits. <Link href={crossCheckHref(problem.questionId)}>See the cross-check</Link> (read-only)
    </p>
  );
}

/** Where the problem's work stands: each annotator's state, the adjudication's, and the next step. */
export function WorkState({ problem }: { problem: ProblemDetail }) {
  // Only maintainers open batch pages.
  const maintainer = useMe().role === 'maintainer';
  return (
    <section className="card work-state" aria-label="Work on this problem">
      <h2>Work on this problem</h2>
      {problem.annotators.length === 0 ? (
        <p className="muted">No annotator is assigned yet.</p>
      ) : (
        <ul className="plain" aria-label="Annotations">
          {problem.annotators.map((a) => (
            <li key={a.username}>
              {a.username} <span className={`badge ${a.status}`}>{ANNOTATION_STATE[a.status]}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        Adjudication: <span className={`badge ${problem.adjudication}`}>{PROBLEM_ADJUDICATION_STATE[problem.adjudication]}</span>
      </p>
      <NextStep problem={problem} />
      <dl className="problem-facts">
        <dt>Batch</dt>
        <dd>
          {problem.batch ? (
            <>
              {maintainer ? <Link href={batchHref(problem.batch.name)}>{problem.batch.name}</Link> : problem.batch.name}, due{' '}
              <time dateTime={problem.batch.due}>{problem.batch.due.slice(0, 10)}</time>
            </>
          ) : (
            <span className="muted">in no batch</span>
          )}
        </dd>
        {problem.reopen && (
          <>
            <dt>Reopened</dt>
            <dd aria-label="Last reopen">
              <time dateTime={problem.reopen.at}>{problem.reopen.at.slice(0, 10)}</time>
              {problem.reopen.by ? ` by ${problem.reopen.by}` : ''}: {problem.reopen.reason ?? <span className="muted">no reason given</span>}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** A resolved problem's outcome: its gold points in order and the releases that hold its tasks. */
export function ResolvedOutcome({ problem }: { problem: ProblemDetail }) {
  const role = useMe().role;
  if (problem.adjudication !== 'resolved' && problem.releases.length === 0) return null;
  return (
    <section className="card resolved-outcome" aria-label="Gold and releases">
      {problem.adjudication === 'resolved' && (
        <>
          <h2>Gold points</h2>
          {problem.gold.length === 0 ? (
            <p className="muted">The gold version has no points.</p>
          ) : (
            <ol aria-label="Gold points">
              {problem.gold.map((g, i) => (
                <li key={i}>
                  <p>
                    <strong>{g.question || <span className="muted">(no question)</span>}</strong>{' '}
                    {g.type && <span className="badge">{g.type}</span>}
                  </p>
                  <p>Answer: {g.answer || <span className="muted">(none)</span>}</p>
                  <p className="muted">
                    Deleted: {g.deleted.map((d, j) => (
                      <q key={j} className="deleted-text">
                        {d}
                      </q>
                    ))}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <h2>Releases</h2>
      {problem.releases.length === 0 ? (
        <p className="muted">No release holds this problem yet.</p>
      ) : (
        <ul className="plain" aria-label="Releases holding this problem">
          {problem.releases.map((r) => (
            <li key={r.name}>
              {role === 'maintainer' ? <Link href={releaseCardHref(r.name)}>{r.name}</Link> : r.name} ({r.tasks} task{r.tasks === 1 ? '' : 's'})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
