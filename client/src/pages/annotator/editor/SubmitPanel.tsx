import { useState } from 'react';
import type { FieldIssue } from '../../../../../shared/errors';
import type { AnnotationView } from '../../../../../shared/schemas/annotation';
import { Link } from '../../../router';
import { NextProblem } from './NextProblem';

interface Props {
  readOnly: boolean;
  issues: FieldIssue[] | null;
  submitted: AnnotationView | null;
  questionId: string;
  onSubmit: () => Promise<void>;
}

function fieldName(path: string): string {
  return path.replace(/^points\[(\d+)\]\.?/, (_, n: string) => `Point ${Number(n) + 1} `).replace(/\[(\d+)\]/g, (_, n: string) => ` ${Number(n) + 1}`).trim() || 'Points';
}

/** Submit with confirmation; lists what still blocks a submit, in the shared rules' words. */
export function SubmitPanel({ readOnly, issues, submitted, onSubmit, questionId }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (readOnly && submitted) {
    return (
      <section className="card submit-panel">
        <p className="success">Submitted {submitted.submittedAt ? new Date(submitted.submittedAt).toLocaleString() : ''}. This annotation is now read-only.</p>
        <NextProblem questionId={questionId} />
        <Link href="/queue">Back to the queue</Link>
      </section>
    );
  }
  async function go() {
    setBusy(true);
    await onSubmit();
    setBusy(false);
    setConfirming(false);
  }
  return (
    <section className="card submit-panel" aria-label="Submit">
      {issues && issues.length > 0 && (
        <div className="error" role="alert">
          <strong>Fix these before submitting:</strong>
          <ul>
            {issues.map((i, n) => (
              <li key={n}>
                <b>{fieldName(i.path)}</b>: {i.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {confirming ? (
        <div className="row">
          <span>Submit? You cannot edit it afterwards.</span>
          <button type="button" className="primary" disabled={busy} onClick={() => void go() /* onSubmit reports its own failure */}>
            Confirm submit
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="primary" onClick={() => setConfirming(true)}>
          Submit annotation…
        </button>
      )}
    </section>
  );
}
