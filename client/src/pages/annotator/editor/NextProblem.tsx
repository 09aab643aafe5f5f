import { useState } from 'react';
import { ApiError } from '../../../api';
import { call } from '../../../apiCall';
import { assignments } from '../../../../../shared/api/assignments';
import { navigate } from '../../../router';
import { nextOpenProblem } from '../nextProblem';

/**
 * After a submit: go straight on to the next open problem of the queue (focused just after the
 * submit, so Enter goes; a submitted annotation opened later stays at its top).
 */
export function NextProblem({ questionId, focused }: { questionId: string; focused: boolean }) {
  const [message, setMessage] = useState<string | null>(null);
  async function go() {
    try {
      const next = nextOpenProblem(await call(assignments.queue), questionId);
      if (next) navigate(`/annotate/${encodeURIComponent(next.questionId)}`);
      else setMessage('Every problem in your queue is submitted.');
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : 'Your queue could not be loaded.');
    }
  }
  return (
    <div className="next-problem">
      <button type="button" className="primary" autoFocus={focused} onClick={() => void go()}>
        Next problem →
      </button>
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
    </div>
  );
}
