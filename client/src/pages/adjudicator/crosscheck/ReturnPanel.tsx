import { useState } from 'react';
import { ApiError } from '../../../api';
import { call } from '../../../apiCall';
import { adjudications } from '../../../../../shared/api/adjudications';
import { navigate } from '../../../router';
import { ErrorMessage } from '../../../components/ErrorMessage';

/**
 * Send one side back to its annotator with a note: that annotation is a draft again with the note
 * on top of its editor, the case leaves the queue until it is submitted again (so the page goes
 * back to the queue).
 */
export function ReturnPanel({ questionId, disabled }: { questionId: string; disabled: boolean }) {
  const [side, setSide] = useState<'A' | 'B'>('A');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    try {
      await call(adjudications.returnToAnnotator, { params: { questionId }, body: { annotator: side, note } });
      navigate('/adjudicate');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The annotation could not be sent back.');
      setBusy(false);
    }
  }

  return (
    <details className="return-panel">
      <summary>Send back to an annotator…</summary>
      <div className="row">
        <label>
          Annotator
          <select value={side} disabled={disabled || busy} onChange={(e) => setSide(e.target.value === 'B' ? 'B' : 'A')}>
            <option value="A">Annotator A</option>
            <option value="B">Annotator B</option>
          </select>
        </label>
        <label className="return-note">
          Note for the annotator
          <textarea rows={2} maxLength={2000} value={note} disabled={disabled || busy} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="button" disabled={disabled || busy || note.trim() === ''} onClick={() => void send()}>
          Send back
        </button>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
    </details>
  );
}
