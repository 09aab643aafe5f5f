import { useState } from 'react';
import type { FieldIssue } from '../../../../../shared/errors';
import type { AnnotationView } from '../../../../../shared/schemas/annotation';
import { Link } from '../../../router';
import { NextProblem } from './NextProblem';
import { ConfirmDialog } from '../../../ConfirmDialog';
import type { AcknowledgedFinding, PointFinding } from '../../../../../shared/writing/findings';
import { AcknowledgeFindings, acknowledgements } from './AcknowledgeFindings';

interface Props {
  readOnly: boolean;
  issues: FieldIssue[] | null;
  submitted: AnnotationView | null;
  /** Submitted in this view just now (not opened submitted): "Next problem" takes the focus. */
  justSubmitted: boolean;
  questionId: string;
  /** Lists what is missing and answers whether the annotation can be submitted. */
  onCheck: () => boolean;
  onSubmit: (acknowledged: AcknowledgedFinding[]) => Promise<void>;
  /** The shared rules' findings: each needs a reason in the confirmation. */
  findings: PointFinding[];
}

function fieldName(path: string): string {
  return path.replace(/^points\[(\d+)\]\.?/, (_, n: string) => `Point ${Number(n) + 1} `).replace(/\[(\d+)\]/g, (_, n: string) => ` ${Number(n) + 1}`).trim() || 'Points';
}

/**
 * Submit: what is missing is listed first, and only a complete annotation gets the
 * confirmation (focused on its confirm button, so Enter submits).
 */
export function SubmitPanel({ readOnly, issues, submitted, justSubmitted, questionId, onCheck, onSubmit, findings }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState(false);
  if (readOnly && submitted) {
    return (
      <section className="card submit-panel">
        <p className="success">Submitted {submitted.submittedAt ? new Date(submitted.submittedAt).toLocaleString() : ''}. This annotation is now read-only.</p>
        <NextProblem questionId={questionId} focused={justSubmitted} />
        <Link href="/queue">Back to the queue</Link>
      </section>
    );
  }
  async function go() {
    const acknowledged = acknowledgements(findings, reasons);
    if (acknowledged.some((a) => a.reason === '')) return setMissing(true);
    setMissing(false);
    setBusy(true);
    await onSubmit(acknowledged);
    setBusy(false);
    setConfirming(false);
  }
  return (
    <section className="card submit-panel" aria-label="Submit">
      {issues && issues.length > 0 && (
        <div className="error" role="alert" tabIndex={-1} data-testid="submit-issues">
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
      <button type="button" className="primary" disabled={readOnly} onClick={() => setConfirming(onCheck())}>
        Submit annotation…
      </button>
      {confirming && (
        <ConfirmDialog title="Submit this annotation?" confirmLabel="Confirm submit" busy={busy} onConfirm={() => void go() /* onSubmit reports its own failure */} onCancel={() => setConfirming(false)}>
          <p>Every point is complete. Once submitted, the annotation is read-only: you cannot edit it afterwards.</p>
          {findings.length > 0 && <AcknowledgeFindings findings={findings} reasons={reasons} missing={missing} onReason={(key, reason) => setReasons((r) => ({ ...r, [key]: reason }))} />}
        </ConfirmDialog>
      )}
    </section>
  );
}
