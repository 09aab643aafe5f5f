import { feedback } from '../../../../shared/api/feedback';
import { Link } from '../../router';
import { useResource } from '../../resources/useResource';
import type { PageProps } from '../../routes';
import { DeletionsDiff } from './feedback/DeletionsDiff';
import { PointComparison } from './feedback/PointComparison';
import './feedback/feedback.css';
import { LoadError } from '../../components/ErrorMessage';

/** An annotator's own submission beside the gold of a resolved problem. */
export default function FeedbackPage({ params }: PageProps) {
  const questionId = params.questionId ?? '';
  const loaded = useResource(feedback.get, { params: { questionId } });
  const f = loaded.data;
  if (loaded.error !== undefined) {
    const back = (
      <>
        <Link href="/queue">Back to My queue</Link> · <Link href="/my-agreement">My agreement</Link>
      </>
    );
    return <LoadError error={loaded.error} fallback="The feedback could not be loaded." heading={`Feedback on ${questionId}`} back={back} />;
  }
  if (!f) return <p className="muted">Loading the feedback…</p>;
  return (
    <section className="page feedback-page">
      <h1>Feedback: {f.title}</h1>
      <p className="muted">
        {f.questionId} · resolved on {f.resolvedAt.slice(0, 10)} · you submitted{f.submittedAt ? ` on ${f.submittedAt.slice(0, 10)}` : ''} under{' '}
        {f.guidelinesVersion === null ? 'an unrecorded guidelines version' : `guidelines version ${f.guidelinesVersion}`}. <Link href="/my-agreement">My agreement</Link>
      </p>
      {f.reopened && (
        <p className="card" role="note">
          This problem was reopened on {f.reopened.at.slice(0, 10)}
          {f.reopened.reason ? `, because: ${f.reopened.reason}` : ' (no reason given)'}. The gold below is its resolution since.
        </p>
      )}
      <section className="card" aria-labelledby="fb-deletions">
        <h2 id="fb-deletions">Deletions: yours and the gold</h2>
        <DeletionsDiff base={f.baseText} marks={f.crossCheck.marks} />
      </section>
      <h2>Points</h2>
      <PointComparison feedback={f} />
      <section className="card" aria-labelledby="fb-notes">
        <h2 id="fb-notes">Adjudicator’s notes</h2>
        {f.notes.trim() ? <p className="fb-notes-text">{f.notes}</p> : <p className="muted">No notes on this problem.</p>}
      </section>
    </section>
  );
}
