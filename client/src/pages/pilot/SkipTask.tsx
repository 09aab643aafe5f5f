import { useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { pilotCode } from '../../../../shared/api/pilotCode';
import type { PilotToolsView } from '../../../../shared/schemas/pilotCode';
import { ErrorMessage } from '../../components/ErrorMessage';

/**
 * Skip, offered once the study's minutes on the task have passed (as RealHumanEval after ten):
 * the task stays unfinished in the run, with the reason given here.
 */
export function SkipTask({ sessionId, submitted, onSkipped }: { sessionId: number; submitted: boolean; onSkipped: () => void }) {
  const id = String(sessionId);
  const [tools, setTools] = useState<PilotToolsView | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void call(pilotCode.tools, { params: { id } }).then(
      (loaded) => live && setTools(loaded),
      () => live && setTools(null),
    );
    const tick = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      live = false;
      clearInterval(tick);
    };
  }, [id]);
  if (!tools || submitted) return null;
  if (tools.skip.skipped) return <p className="notice">You skipped this task: {tools.skip.reason}</p>;
  if (tools.skip.allowedAt === null || Date.parse(tools.skip.allowedAt) > now) return null;

  async function skip() {
    setError(null);
    try {
      await call(pilotCode.skip, { params: { id }, body: { reason } });
      setTools(await call(pilotCode.tools, { params: { id } }));
      onSkipped();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Skipping failed.');
    }
  }
  if (!open) {
    return (
      <div className="row">
        <button type="button" onClick={() => setOpen(true)}>
          Skip this task…
        </button>
      </div>
    );
  }
  return (
    <div className="card">
      <label className="stdin-label">
        Why do you skip this task?
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={1000} />
      </label>
      <ErrorMessage>{error}</ErrorMessage>
      <div className="row">
        <button type="button" className="primary" onClick={() => void skip()} disabled={reason.trim() === ''}>
          Skip task
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
