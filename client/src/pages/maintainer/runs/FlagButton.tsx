import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api';
import { call } from '../../../apiCall';
import { runs } from '../../../../../shared/api/runs';

/** Send a task's problem back to adjudication with a reason (maintainers). */
export function FlagButton({ taskId, model, onFlagged }: { taskId: string; model?: string; onFlagged?: () => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; questionId: string } | { kind: 'error'; message: string }>({ kind: 'idle' });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setState({ kind: 'busy' });
    try {
      const res = await call(runs.flag, { params: { taskId }, body: { reason, ...(model ? { model } : {}) } });
      setState({ kind: 'done', questionId: res.questionId });
      setOpen(false);
      onFlagged?.();
    } catch (err) {
      setState({ kind: 'error', message: err instanceof ApiError ? err.message : String(err) });
    }
  }

  if (state.kind === 'done') return <span className="success" role="status">Reopened {state.questionId} for adjudication.</span>;
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} aria-label={`Flag ${taskId}`}>
        Flag
      </button>
    );
  return (
    <form className="flag-form" onSubmit={(e) => void submit(e) /* shows its own error */} aria-label={`Flag ${taskId} for adjudication`}>
      <label>
        Reason
        <input value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={2000} placeholder="What the runs show" />
      </label>
      <button type="submit" className="primary" disabled={state.kind === 'busy' || reason.trim() === ''}>
        Send back to adjudication
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {state.kind === 'error' && (
        <span className="error" role="alert">
          {state.message}
        </span>
      )}
    </form>
  );
}
