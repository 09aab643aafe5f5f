import { useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { ConfirmDialog } from '../../ConfirmDialog';
import { assignments } from '../../../../shared/api/assignments';
import type { QueueItem } from '../../../../shared/schemas/annotation';
import { ErrorMessage } from '../../components/ErrorMessage';

/**
 * Skip a problem that cannot be annotated (a broken statement) with a reason, or take the
 * skip back; maintainers see skipped problems and reassign them.
 */
export function SkipControl({ item }: { item: QueueItem }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (item.status === 'submitted') return null;
  const params = { questionId: item.questionId };

  async function run(send: () => Promise<unknown>) {
    setBusy(true);
    try {
      await send();
      setAsking(false);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work; try again.');
    } finally {
      setBusy(false);
    }
  }

  if (item.skipped !== undefined) {
    return (
      <>
        <span className="badge skipped" title={item.skipped}>
          skipped
        </span>{' '}
        <button type="button" className="link" disabled={busy} onClick={() => void run(() => call(assignments.unskip, { params }))} aria-label={`Take back the skip of ${item.title}`}>
          take back
        </button>
      </>
    );
  }
  return (
    <>
      <button type="button" className="link" onClick={() => setAsking(true)} aria-label={`Skip ${item.title}…`}>
        skip…
      </button>
      {asking && (
        <ConfirmDialog
          title={`Skip ${item.title}?`}
          confirmLabel="Skip problem"
          busy={busy}
          onConfirm={() => void run(() => call(assignments.skip, { params, body: { reason } }))}
          onCancel={() => setAsking(false)}
        >
          <label>
            Why can it not be annotated?
            <textarea rows={3} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <ErrorMessage>{error}</ErrorMessage>
        </ConfirmDialog>
      )}
    </>
  );
}
