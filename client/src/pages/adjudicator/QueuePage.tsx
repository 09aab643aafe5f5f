import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { useResource } from '../../resources/useResource';
import { adjudications } from '../../../../shared/api/adjudications';
import { useListState } from '../../paging/listState';
import { Pager } from '../../paging/Pager';
import { Link } from '../../router';
import { crossCheckHref } from '../pageLinks';
import { useMe } from '../../session';
import type { QueueView } from '../../../../shared/adjudicationView';
import { ADJUDICATION_STATUSES } from '../../../../shared/schemas/adjudication';
import { AMBIGUITY_TYPES } from '../../../../shared/taxonomy';
import { ADJUDICATION_STATE } from '../../stateLabels';
import { OpenFlagsPanel } from '../../discussion/OpenFlagsPanel';
import './adjudication.css';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';

const STATUS_LABEL = ADJUDICATION_STATE;
type Filter = 'type' | 'pair' | 'status' | 'imported';
const FILTERS: readonly Filter[] = ['type', 'pair', 'status', 'imported'];


function Progress({ progress, legacy }: { progress: QueueView['progress']; legacy: number }) {
  const pct = progress.ready ? Math.round((progress.resolved / progress.ready) * 100) : 0;
  return (
    <div className="row">
      <div className="progress" role="progressbar" aria-label="Resolved" aria-valuenow={progress.resolved} aria-valuemin={0} aria-valuemax={progress.ready}>
        <span style={{ width: `${pct}%` }} />
      </div>
      <span>
        <strong>{progress.resolved}</strong> of {progress.ready} resolved · {progress.draft} {ADJUDICATION_STATE.draft} · {progress.todo} to do
        {progress.waiting > 0 ? ` · ${progress.waiting} still being annotated` : ''}
        {legacy > 0 ? ` · ${legacy} with imported gold` : ''}
      </span>
    </div>
  );
}

function DisagreementBar({ value }: { value: number }) {
  return (
    <span className="disagreement" title="1 − mean agreement over aligned and unmatched points">
      <span className="disagreement-bar" aria-hidden="true">
        <span style={{ width: `${Math.round(value * 100)}%` }} />
      </span>
      {value.toFixed(2)}
    </span>
  );
}

/** Maintainers choose whether adjudicators see annotator names (blind by default). */
function RevealNames({ value, onChange }: { value: boolean; onChange: (value: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async (next: boolean) => {
    setBusy(true);
    try {
      const res = await call(adjudications.setRevealNames, { body: { revealNames: next } });
      onChange(res.revealNames);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The setting could not be saved.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="inline">
      <input type="checkbox" checked={value} disabled={busy} onChange={(e) => void toggle(e.target.checked) /* shows its own error */} />
      Reveal annotator names to adjudicators
      {error && <span className="error">{error}</span>}
    </label>
  );
}

/** The first case of the queue (as sorted and filtered) that is not resolved: focused on arrival, so Enter starts it. */
function StartNextCase({ items }: { items: QueueView['items'] }) {
  const next = items.find((i) => i.status !== 'resolved');
  const ref = useRef<HTMLAnchorElement>(null);
  const target = next?.questionId;
  useEffect(() => {
    if (target) ref.current?.focus();
  }, [target]);
  if (!next) return <span className="muted">No open case on this page of the queue.</span>;
  return (
    <Link ref={ref} className="button primary start-next" href={crossCheckHref(next.questionId)}>
      Start next case: {next.title} →
    </Link>
  );
}

/** Problems whose two annotations are submitted, most disagreeing first, then legacy problems. Filters live in the URL. */
export default function AdjudicationQueuePage() {
  const list = useListState();
  const query = list.apiQuery(FILTERS);
  const loaded = useResource(adjudications.queue, { query });
  const queue = loaded.data;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : 'The queue could not be loaded.';
  const me = useMe();

  const setFilter = (key: Filter, value: string) => list.set({ [key]: value }, { replace: true });

  if (error) return <ErrorMessage>{error}</ErrorMessage>;
  if (!queue) return <p className="loading">Loading the adjudication queue…</p>;
  return (
    <section className="page adjudication-queue">
      <div className="row">
        <h1>Adjudication queue</h1>
        <span className="spacer" />
        {me.role === 'maintainer' ? (
          <RevealNames value={queue.revealNames} onChange={() => undefined /* the write reloads the queue */} />
        ) : (
          <span className="muted">{queue.revealNames ? 'Annotator names are shown.' : 'Blind adjudication: annotators appear as A and B.'}</span>
        )}
      </div>
      <div className="row">
        <StartNextCase items={queue.items} />
      </div>
      <Progress progress={queue.progress} legacy={queue.legacy} />
      <OpenFlagsPanel />
      <div className="row filters">
        <label>
          Type
          <select value={list.get('type')} onChange={(e) => setFilter('type', e.target.value)}>
            <option value="">All types</option>
            {AMBIGUITY_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Annotator pair
          <select value={list.get('pair')} onChange={(e) => setFilter('pair', e.target.value)}>
            <option value="">All pairs</option>
            {queue.pairs.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={list.get('status')} onChange={(e) => setFilter('status', e.target.value)}>
            <option value="">All statuses</option>
            {ADJUDICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        {queue.legacy > 0 && (
          <label>
            Imported gold
            <select value={list.get('imported')} onChange={(e) => setFilter('imported', e.target.value)}>
              <option value="">Hidden: nothing to do</option>
              <option value="shown">Shown after the cases</option>
            </select>
          </label>
        )}
      </div>
      {queue.items.length === 0 ? (
        <p className="notice">{queue.progress.ready + queue.legacy === 0 ? 'No problem has two submitted annotations yet.' : 'No problem matches these filters.'}</p>
      ) : (
        <table>
          <TableHead columns={['Problem', 'Disagreement', 'Points A / B', 'Types', 'Pair', 'Status']} />
          <tbody>
            {queue.items.map((item) => (
              <tr key={item.questionId}>
                <td>
                  <Link className="open" href={crossCheckHref(item.questionId)}>
                    {item.title}
                  </Link>{' '}
                  <code className="muted">{item.questionId}</code>
                  {item.reopenReason && <p className="reopen-reason">Reopened: {item.reopenReason}</p>}
                </td>
                <td>
                  {item.disagreement === null ? <span className="muted">—</span> : <DisagreementBar value={item.disagreement} />}
                  {item.exactAgreement && <span className="badge resolved">exact agreement</span>}
                </td>
                <td>{item.pointsA === null ? <span className="muted">no annotations</span> : `${item.pointsA} / ${item.pointsB ?? 0}`}</td>
                <td className="types">{item.types.join(', ')}</td>
                <td>{item.pair?.label ?? <span className="muted">—</span>}</td>
                <td>
                  <span className={`badge ${item.status}`}>{STATUS_LABEL[item.status]}</span>
                  {item.source === 'legacy' && <span className="badge legacy-badge">legacy</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {queue.total > 0 && <Pager list={list} shown={queue} noun="problem" label="Queue pages" />}
    </section>
  );
}
