import { useState, type ReactNode } from 'react';
import { resolveFindings } from '../../../../../shared/adjudication';
import type { GoldPoint } from '../../../../../shared/schemas/adjudication';
import type { CaseView } from '../../../../../shared/adjudicationView';
import { ActionOrCancel } from '../../../components/ActionOrCancel';
import { findingText } from '../../../findingText';
import { ADJUDICATION_STATE } from '../../../stateLabels';
import type { SaveState } from './useGoldDraft';

const SAVE_LABEL: Record<SaveState, string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  conflict: 'Conflict: someone else changed this problem',
  error: 'Not saved',
};

/** The two widest states an autosave passes through ("Saving…" is narrower): the bar keeps the room of the wider. */
const AUTOSAVE_STATES = ['saved', 'pending'] as const satisfies readonly SaveState[];

const goldCount = (points: readonly GoldPoint[], view: CaseView, saved: boolean) => `${points.length} gold point${points.length === 1 ? '' : 's'} · ${releaseTaskCount(view, saved)}`;

/**
 * Text that changes as the gold autosaves, in the room of the widest of its `reserve` texts (two
 * at most, drawn invisibly by CSS): the bar above the rows then keeps its height, and the row the
 * adjudicator is about to click does not move under the pointer when "Saving…" comes and goes.
 */
function SteadyText({ reserve, children }: { reserve: readonly string[]; children: ReactNode }) {
  return (
    <span className="steady-text" data-reserve-a={reserve[0]} data-reserve-b={reserve[1]}>
      {children}
    </span>
  );
}

/** The next open case of the queue once this one is resolved: undefined while unknown, null when none is left. */
export type NextCase = { questionId: string; title: string } | null | undefined;

interface Props {
  view: CaseView;
  points: readonly GoldPoint[];
  saveState: SaveState;
  error: string | null;
  canReopen: boolean;
  onResolve: () => void;
  onAccept: () => void;
  onReopen: (reason: string) => Promise<boolean>;
  onReload: () => void;
  next: NextCase;
  onNext: (questionId: string) => void;
  /** The undo/redo buttons, on the bar's one line. */
  history: ReactNode;
}

/** Reopening asks for confirmation and a reason, which the reopen event keeps. */
function ReopenForm({ onReopen }: { onReopen: Props['onReopen'] }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Reopen
      </button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    if (!(await onReopen(reason.trim()))) setBusy(false);
  };
  return (
    <form
      className="reopen-form"
      aria-label="Reopen this problem"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <label>
        Reason for reopening (kept in the audit log)
        <textarea rows={2} value={reason} required autoFocus onChange={(e) => setReason(e.target.value)} />
      </label>
      <div className="row">
        <button type="submit" className="danger" disabled={busy || reason.trim() === ''}>
          Confirm reopen
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function NextCaseOffer({ next, onNext }: { next: NextCase; onNext: Props['onNext'] }) {
  if (next === undefined) return null;
  if (next === null) return <p className="muted">No open case is left in the queue.</p>;
  return (
    <button type="button" className="primary next-case" autoFocus onClick={() => onNext(next.questionId)}>
      Next case: {next.title} →
    </button>
  );
}

/** The tasks of the saved gold points that the release will contain: the server's preview minus excluded subsets. */
function releaseTaskCount(view: CaseView, saved: boolean): string {
  const excluded = view.tasks.filter((t) => view.gold.excluded.includes(t.key)).length;
  const count = view.tasks.length - excluded;
  return `${count} task${count === 1 ? '' : 's'} in the release${saved ? '' : ' as last saved'}${excluded > 0 ? ` (${excluded} left out by the release it continues)` : ''}`;
}

/** Resolving asks first, saying what it locks: the gold points, their tasks, the checklist and the notes. */
function ResolveConfirm({ points, onConfirm, onCancel }: { points: readonly GoldPoint[]; onConfirm: () => void; onCancel: () => void }) {
  const n = points.length;
  const tasks = 2 ** n - 1; // every non-empty subset of the gold points
  return (
    <div className="resolve-confirm" role="group" aria-label="Confirm resolve">
      <p>
        Resolving locks the gold version of this problem: its {n} gold point{n === 1 ? '' : 's'} (spans, questions, answers, types, checklists), the {tasks} task
        {tasks === 1 ? '' : 's'} made from them and the adjudication notes become read-only until a maintainer reopens it.
      </p>
      <ActionOrCancel label="Confirm resolve" autoFocus onAction={onConfirm} onCancel={onCancel} />
    </div>
  );
}

/** Status, live rule check, and the decisions: resolve (after a confirmation), accept an exact agreement, reopen. */
export function ResolvePanel({ view, points, saveState, error, canReopen, onResolve, onAccept, onReopen, onReload, next, onNext, history }: Props) {
  const resolved = view.gold.status === 'resolved';
  const findings = resolved ? [] : resolveFindings(view.baseText, [...points]);
  const blocked = saveState === 'conflict';
  const [confirming, setConfirming] = useState(false);
  const asking = confirming && !resolved && findings.length === 0 && !blocked;
  return (
    <aside className="card resolve-panel" aria-label="Resolution">
      <div className="row">
        <h2>Resolution</h2>
        <span className={`badge ${view.gold.status}`}>{ADJUDICATION_STATE[view.gold.status]}</span>
        <SteadyText reserve={AUTOSAVE_STATES.map((s) => `${SAVE_LABEL[s]} · version ${view.gold.version}`)}>
          <span className="muted" role="status">
            {SAVE_LABEL[saveState]} · version {view.gold.version}
          </span>
        </SteadyText>
        <SteadyText reserve={[false, true].map((saved) => goldCount(points, view, saved))}>
          <span className="muted">{goldCount(points, view, saveState === 'saved')}</span>
        </SteadyText>
        <span className="spacer" />
        {history}
        {!resolved && (
          <button type="button" className="primary" disabled={findings.length > 0 || blocked || asking} aria-expanded={asking} onClick={() => setConfirming(true)}>
            Resolve
          </button>
        )}
        {!resolved && view.crossCheck?.exactAgreement && (
          <button type="button" disabled={blocked} onClick={onAccept} title="A and B agree exactly: accept their points as gold with the checklist confirmed">
            Accept agreement
          </button>
        )}
        {resolved && <NextCaseOffer next={next} onNext={onNext} />}
        {resolved && canReopen && <ReopenForm key={view.gold.version} onReopen={onReopen} />}
      </div>
      {asking && (
        <ResolveConfirm
          points={points}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onResolve();
          }}
        />
      )}
      {resolved && (
        <p className="success">
          Resolved{view.gold.resolvedBy ? ` by ${view.gold.resolvedBy}` : ''}
          {view.gold.resolvedAt ? ` at ${new Date(view.gold.resolvedAt).toLocaleString()}` : ''}. Read-only until a maintainer reopens it.
        </p>
      )}
      {error && (
        <p className={`error${saveState === 'error' ? ' save-refused' : ''}`} role="alert">
          {saveState === 'error' ? <strong>Not saved — the server refused the last change: </strong> : null}
          {error}
          {saveState === 'error' ? ' Your changes are kept on this page; fix them and they will be saved.' : null}
          {blocked && (
            <>
              {' '}
              <button type="button" onClick={onReload}>
                Reload the latest version
              </button>
            </>
          )}
        </p>
      )}
      {!resolved && findings.length > 0 && (
        <div className="resolve-reasons">
          <strong>To resolve, fix:</strong>
          <ul aria-label="What is incomplete">
            {findings.map((f, i) => (
              <li key={i}>{findingText(f)}</li>
            ))}
          </ul>
        </div>
      )}
      {view.gold.inheritedIssues.length > 0 && (
        <div className="inherited-issues">
          <strong>Inherited from the legacy release</strong>
          <span className="muted"> (allowed while these points stay unchanged)</span>
          <ul aria-label="Inherited findings">
            {view.gold.inheritedIssues.map((f, i) => (
              <li key={i}>{findingText(f)}</li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}
