import { resolveFindings } from '../../../../../shared/adjudication';
import type { GoldPoint } from '../../../../../shared/schemas/adjudication';
import type { CaseView } from '../../../../../shared/adjudicationView';
import { findingText } from '../../../findingText';
import type { SaveState } from './useGoldDraft';

const SAVE_LABEL: Record<SaveState, string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  conflict: 'Conflict: someone else changed this problem',
  error: 'Not saved',
};

interface Props {
  view: CaseView;
  points: readonly GoldPoint[];
  saveState: SaveState;
  error: string | null;
  canReopen: boolean;
  onResolve: () => void;
  onAccept: () => void;
  onReopen: () => void;
  onReload: () => void;
}

/** The tasks of the saved gold points that the release will contain: the server's preview minus excluded subsets. */
function releaseTaskCount(view: CaseView, saved: boolean): string {
  const excluded = view.tasks.filter((t) => view.gold.excluded.includes(t.key)).length;
  const count = view.tasks.length - excluded;
  return `${count} task${count === 1 ? '' : 's'} in the release${saved ? '' : ' as last saved'}${excluded > 0 ? ` (${excluded} left out by the release it continues)` : ''}`;
}

/** Status, live rule check, and the decisions: resolve, accept an exact agreement, reopen. */
export function ResolvePanel({ view, points, saveState, error, canReopen, onResolve, onAccept, onReopen, onReload }: Props) {
  const resolved = view.gold.status === 'resolved';
  const findings = resolved ? [] : resolveFindings(view.baseText, [...points]);
  const blocked = saveState === 'conflict';
  return (
    <aside className="card resolve-panel" aria-label="Resolution">
      <h2>Resolution</h2>
      <div className="row">
        <span className={`badge ${view.gold.status}`}>{resolved ? 'resolved' : view.gold.status === 'draft' ? 'draft' : 'not started'}</span>
        <span className="muted" role="status">
          {SAVE_LABEL[saveState]} · version {view.gold.version}
        </span>
      </div>
      {resolved && (
        <p className="success">
          Resolved{view.gold.resolvedBy ? ` by ${view.gold.resolvedBy}` : ''}
          {view.gold.resolvedAt ? ` at ${new Date(view.gold.resolvedAt).toLocaleString()}` : ''}. Read-only until a maintainer reopens it.
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
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
      <p className="muted">
        {points.length} gold point{points.length === 1 ? '' : 's'} · {releaseTaskCount(view, saveState === 'saved')}
      </p>
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
      <div className="row">
        {!resolved && (
          <button type="button" className="primary" disabled={findings.length > 0 || blocked} onClick={onResolve}>
            Resolve
          </button>
        )}
        {!resolved && view.crossCheck?.exactAgreement && (
          <button type="button" disabled={blocked} onClick={onAccept} title="A and B agree exactly: accept their points as gold with the checklist confirmed">
            Accept agreement
          </button>
        )}
        {resolved && canReopen && (
          <button type="button" onClick={onReopen}>
            Reopen
          </button>
        )}
      </div>
    </aside>
  );
}
