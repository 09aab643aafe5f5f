import { useState } from 'react';
import { ApiError } from '../../../api';
import { call } from '../../../apiCall';
import { useResource } from '../../../resources/useResource';
import { runs } from '../../../../../shared/api/runs';
import { Link } from '../../../router';
import type { KeyQuestionDiscoverability } from '../../../../../shared/runs/report';
import { taskHref } from '../runs/format';
import { TableHead } from '../../../components/TableHead';
import { ErrorMessage } from '../../../components/ErrorMessage';

const SHOWN = 100;
type FlagState = { kind: 'busy' } | { kind: 'done'; questionId: string } | { kind: 'error'; message: string };

/** One click: the key question's problem goes back to adjudication, the reason saying no pilot asked it. */
function FlagKeyQuestion({ kq, study, onFlagged }: { kq: KeyQuestionDiscoverability; study: string; onFlagged: () => void }) {
  const [state, setState] = useState<FlagState | null>(null);
  const taskId = kq.taskIds[0];
  if (!taskId) return null;
  async function flag() {
    setState({ kind: 'busy' });
    try {
      const reason = `No pilot of study ${study} asked the key question: “${kq.question}”`;
      const res = await call(runs.flag, { params: { taskId: taskId! }, body: { reason: reason.slice(0, 2000) } });
      setState({ kind: 'done', questionId: res.questionId });
      onFlagged();
    } catch (err) {
      setState({ kind: 'error', message: err instanceof ApiError ? err.message : String(err) });
    }
  }
  if (state?.kind === 'done') return <span className="success" role="status">Reopened {state.questionId} for adjudication.</span>;
  return (
    <>
      <button type="button" onClick={() => void flag()} disabled={state?.kind === 'busy'} aria-label={`Send ${kq.questionId} back to adjudication: no pilot asked “${kq.question}”`}>
        Send back to adjudication
      </button>
      {state?.kind === 'error' && (
        <span className="error" role="alert">
          {state.message}
        </span>
      )}
    </>
  );
}

/** Key questions some pilot had a task for but no pilot asked: a curation signal, one click from adjudication. */
export function NeverAskedPanel({ study, canFlag }: { study: string; canFlag: boolean }) {
  const loaded = useResource(runs.curation);
  const curation = loaded.data ?? null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : String(loaded.error);
  const never = curation?.neverAskedByHumans ?? [];
  return (
    <section className="card" aria-labelledby="never-h">
      <h2 id="never-h">Key questions no pilot asked ({curation ? never.length : '…'})</h2>
      <p className="muted">Over every pilot run: a key question people do not think to ask may measure nothing; send its problem back to adjudication.</p>
      <ErrorMessage>{error}</ErrorMessage>
      {curation && never.length === 0 && <p className="muted">Every key question a pilot had a task for was asked by some pilot.</p>}
      {never.length > 0 && (
        <table aria-label="Key questions no pilot asked">
          <TableHead columns={['problem', 'key question', 'type', 'asked by models', canFlag && 'send back']} />
          <tbody>
            {never.slice(0, SHOWN).map((k) => (
              <tr key={`${k.questionId}:${k.question}`}>
                <td>
                  <code>{k.questionId}</code>{' '}
                  {k.taskIds.slice(0, 2).map((t) => (
                    <Link key={t} href={taskHref(t)}>
                      {t}
                    </Link>
                  ))}
                </td>
                <td className="kq">{k.question}</td>
                <td>{k.type ?? 'unattributed'}</td>
                <td>{k.models ? `${k.models.hitBy.length} of ${k.models.runs}` : '—'}</td>
                {canFlag && (
                  <td>
                    <FlagKeyQuestion kq={k} study={study} onFlagged={() => undefined} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
