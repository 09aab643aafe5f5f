import { useEffect, useState } from 'react';
import { api, ApiError } from '../../api';
import { Link } from '../../router';
import type { PageProps } from '../../routes';
import { useMe } from '../../session';
import type { CaseView } from '../../../../shared/adjudicationView';
import { legacyPoints } from '../../../../shared/adjudication';
import { MAX_POINTS } from '../../../../shared/edits';
import type { GoldPoint } from '../../../../shared/schemas/adjudication';
import { DiffText } from './crosscheck/DiffText';
import { GoldLegend } from './crosscheck/GoldLegend';
import { GoldPointCard } from './crosscheck/GoldPointCard';
import { GoldText } from './crosscheck/GoldText';
import { addPoint, deleteRange, dropPoint, restoreAt, takeField, takeSlot, updatePoint, type Sides } from './crosscheck/goldModel';
import { MarkedText, MarkLegend } from './crosscheck/MarkedText';
import { ResolvePanel } from './crosscheck/ResolvePanel';
import { readyView, SlotRows, type ReadyView, type SlotActions } from './crosscheck/SlotRows';
import { TasksPreview } from './crosscheck/TasksPreview';
import { useGoldDraft } from './crosscheck/useGoldDraft';
import './adjudication.css';

const apiUrl = (questionId: string, suffix = '') => `/api/adjudications/${encodeURIComponent(questionId)}${suffix}`;

/** The A/B comparison of a problem with two submitted annotations. */
function Comparison({ ready, gold, actions }: { ready: ReadyView; gold: GoldPoint[]; actions: SlotActions }) {
  const name = (side: 'A' | 'B') => {
    const s = ready.annotations[side];
    return s.name ? `${s.label} (${s.name})` : s.label;
  };
  return (
    <>
      <p className="muted">
        Comparing <strong>{name('A')}</strong> and <strong>{name('B')}</strong>.
      </p>
      <section className="card" aria-label="Cross-check">
        <h2>Base text</h2>
        <MarkLegend />
        <MarkedText base={ready.baseText} marks={ready.crossCheck.marks} />
        <h2>Underspecified texts: A → B</h2>
        <p className="muted">Struck: only in A’s text. Underlined: only in B’s text.</p>
        <div className="base-text text-diff">
          <DiffText parts={ready.crossCheck.textDiff} label="Word diff of A’s and B’s texts" />
        </div>
      </section>
      <h2>Points</h2>
      <SlotRows view={ready} gold={gold} actions={actions} />
    </>
  );
}

function NoAnnotations({ legacy }: { legacy: boolean }) {
  return (
    <p className="notice">
      {legacy
        ? 'No submitted annotations: the gold points were recovered from a legacy release (import-release), each task’s deletions and repairs reconstructed against the base text.'
        : 'This problem has no two submitted annotations; only its gold version is shown.'}
    </p>
  );
}

function Workspace({ initial, onReload }: { initial: CaseView; onReload: () => void }) {
  const me = useMe();
  const draft = useGoldDraft(initial);
  const { view, points, setPoints } = draft;
  const ready = readyView(view);
  const sides: Sides = { A: view.annotations.A?.points ?? [], B: view.annotations.B?.points ?? [], legacy: legacyPoints(view.gold.points) };
  const readOnly = view.gold.status === 'resolved' || draft.saveState === 'conflict';
  const q = view.questionId;
  const post = (suffix: string, body: object = {}) => draft.act((version) => api.post<CaseView>(apiUrl(q, suffix), { version, ...body }));

  return (
    <div className="crosscheck-layout">
      <section className="page crosscheck">
        <div className="row">
          <Link href="/adjudicate">← Adjudication queue</Link>
        </div>
        <div className="row">
          <h1>{view.title}</h1>
          <code>{view.questionId}</code>
          <span className="badge">{view.difficulty}</span>
          {ready && (
            <span className="badge" title="1 − mean agreement over aligned and unmatched points">
              disagreement {ready.crossCheck.disagreement.toFixed(2)}
            </span>
          )}
          {ready?.crossCheck.exactAgreement && <span className="badge resolved">exact agreement</span>}
          {view.gold.source === 'legacy' && <span className="badge legacy-badge">legacy release</span>}
        </div>
        {ready ? (
          <Comparison
            ready={ready}
            gold={points}
            actions={{ readOnly, onTake: (from, span, text) => setPoints(takeSlot(points, from, span, text, sides)), onDrop: (i) => setPoints(dropPoint(points, i)) }}
          />
        ) : (
          <NoAnnotations legacy={view.gold.source === 'legacy'} />
        )}

        <h2>Gold version</h2>
        <section className="card" aria-label="Gold text">
          <GoldLegend points={points} />
          <GoldText
            base={view.baseText}
            points={points}
            readOnly={readOnly}
            onDelete={(i, range) => setPoints(deleteRange(points, i, range, sides))}
            onRestore={(i, offset) => setPoints(restoreAt(points, i, offset, sides))}
          />
        </section>
        {points.map((p, i) => (
          <GoldPointCard
            key={i}
            base={view.baseText}
            index={i}
            point={p}
            readOnly={readOnly}
            onChange={(patch) => setPoints(updatePoint(points, i, patch, sides))}
            onTakeField={(field, side) => setPoints(takeField(points, i, field, side, sides))}
            onDrop={() => setPoints(dropPoint(points, i))}
          />
        ))}
        <div className="row">
          <button type="button" disabled={readOnly || points.length >= MAX_POINTS} onClick={() => setPoints(addPoint(points, sides))}>
            Add point
          </button>
          {points.length >= MAX_POINTS && <span className="muted">At most {MAX_POINTS} gold points.</span>}
        </div>
        <label>
          Adjudication notes
          <textarea rows={2} value={draft.notes} disabled={readOnly} onChange={(e) => draft.setNotes(e.target.value)} />
        </label>

        <h2>Tasks</h2>
        <TasksPreview
          base={view.baseText}
          points={points}
          overrides={view.gold.overrides}
          excluded={view.gold.excluded}
          actions={{
            readOnly,
            saved: draft.saveState === 'saved',
            // Like every gold write, an override names the version it was made on (409 when stale).
            onSave: (subset, body) => draft.act((version) => api.put<CaseView>(apiUrl(q, `/overrides/${encodeURIComponent(subset)}`), { ...body, version })),
            onRemove: (subset) => draft.act((version) => api.delete<CaseView>(apiUrl(q, `/overrides/${encodeURIComponent(subset)}?version=${version}`))),
          }}
        />
      </section>
      <ResolvePanel
        view={view}
        points={points}
        saveState={draft.saveState}
        error={draft.error}
        canReopen={me.role === 'maintainer'}
        onResolve={() => post('/resolve')}
        onAccept={() => post('/accept')}
        onReopen={() => draft.act(() => api.post<CaseView>(apiUrl(q, '/reopen'), {}))}
        onReload={onReload}
      />
    </div>
  );
}

/** The cross-check view of one problem (/adjudicate/:questionId). */
export default function CrossCheckPage({ params }: PageProps) {
  const questionId = params.questionId ?? '';
  const [view, setView] = useState<CaseView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    setView(null);
    api.get<CaseView>(apiUrl(questionId)).then(setView, (err: unknown) => setError(err instanceof ApiError ? err.message : 'The cross-check could not be loaded.'));
  }, [questionId, generation]);

  if (error) return <p className="error" role="alert">{error}</p>;
  if (!view) return <p className="loading">Loading the cross-check…</p>;
  return <Workspace key={generation} initial={view} onReload={() => setGeneration((g) => g + 1)} />;
}
