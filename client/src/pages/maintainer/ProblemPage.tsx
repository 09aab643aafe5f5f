import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { problems } from '../../../../shared/api/problems';
import type { PageProps } from '../../routes';
import { DiscussionPanel } from '../../discussion/DiscussionPanel';
import { ResolvedOutcome, WorkState } from './ProblemStanding';
import './backoffice.css';
import { ErrorMessage } from '../../components/ErrorMessage';
import { BackLink } from '../../components/BackLink';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** One problem: the original statement beside the base text annotators edit. */
export default function ProblemPage({ params }: PageProps) {
  const questionId = params.questionId ?? '';
  const loaded = useResource(problems.get, { params: { questionId } });
  const problem = loaded.data;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : 'The problem could not be loaded.';

  if (error) return <ErrorMessage>{error}</ErrorMessage>;
  if (!problem) return <p className="loading">Loading {questionId}…</p>;
  return (
    <section className="page backoffice">
      <BackLink href="/problems">All problems</BackLink>
      <h1>
        {problem.title} <code className="muted">{problem.questionId}</code>
      </h1>
      <p className="muted">
        {problem.platform} · {problem.contestId} · {problem.contestDate.slice(0, 10)} · {problem.difficulty} · hidden tests:{' '}
        {problem.privateTestsSha256 ? `${size(problem.privateTestsBytes)} (sha256 ${problem.privateTestsSha256.slice(0, 12)}…)` : 'none in the import'}
      </p>
      <WorkState problem={problem} />
      <ResolvedOutcome problem={problem} />
      <div className="texts">
        <div className="card">
          <h2>Base text</h2>
          <pre className="statement">{problem.baseText}</pre>
        </div>
        <div className="card">
          <h2>Original statement</h2>
          <pre className="statement">{problem.statement}</pre>
        </div>
      </div>
      <DiscussionPanel questionId={problem.questionId} />
    </section>
  );
}
