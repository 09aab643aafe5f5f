import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { adjudications } from '../../../../shared/api/adjudications';
import { Link, navigate } from '../../router';
import { crossCheckHref } from '../pageLinks';
import type { PageProps } from '../../routes';
import { useMe } from '../../session';
import type { CaseView, SideView } from '../../../../shared/adjudicationView';
import { legacyPoints } from '../../../../shared/adjudication';
import { MAX_POINTS } from '../../../../shared/edits';
import type { GoldPoint } from '../../../../shared/schemas/adjudication';
import { DiffText } from './crosscheck/DiffText';
import { GoldLegend } from './crosscheck/GoldLegend';
import { GoldPointCard } from './crosscheck/GoldPointCard';
import { GoldText } from './crosscheck/GoldText';
import { GrowingTextarea } from './crosscheck/GrowingTextarea';
import { addPoint, deleteRange, dropPoint, goldIndexOf, restoreAt, takeField, takeSlot, updatePoint, type Sides } from './crosscheck/goldModel';
import { MarkedText, MarkLegend } from './crosscheck/MarkedText';
import { ResolvePanel, type NextCase } from './crosscheck/ResolvePanel';
import { CHECK_KEYS, checkAction, curationSlots, deleteRefusal, inRowOrder, keyAction, TOO_MANY_POINTS } from './crosscheck/slots';
import { readyView, SlotRows } from './crosscheck/SlotRows';
import { TasksPreview } from './crosscheck/TasksPreview';
import { ReturnPanel } from './crosscheck/ReturnPanel';
import { useCurationKeys, type CurationKey } from './crosscheck/useCurationKeys';
import { useGoldDraft } from './crosscheck/useGoldDraft';
import { UndoButtons } from '../../drafts/UndoButtons';
import { DiscussionPanel } from '../../discussion/DiscussionPanel';
import './adjudication.css';
import { ErrorMessage } from '../../components/ErrorMessage';

/** "Annotator A", or "Annotator A (alice)" when names are revealed. */
const sideName = (side: SideView) => (side.name ? `${side.label} (${side.name})` : side.label);


/** The first case after this one in queue order that is not resolved (wrapping round), or null. */
async function nextOpenCase(current: string): Promise<NextCase> {
  const queue = await call(adjudications.queue);
  const at = queue.items.findIndex((i) => i.questionId === current);
  const ordered = [...queue.items.slice(at + 1), ...queue.items.slice(0, Math.max(at, 0))];
  const next = ordered.find((i) => i.status !== 'resolved' && i.questionId !== current);
  return next ? { questionId: next.questionId, title: next.title } : null;
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

/** A note under the key legend: what the last key did not do, and why; or a refused action. */
type KeyNote = { kind: 'info' | 'refused'; text: string } | null;

function KeyLegend() {
  return (
    <p className="key-legend muted">
      Keys: <kbd>j</kbd>/<kbd>k</kbd> row · <kbd>a</kbd>/<kbd>b</kbd> take A/B · <kbd>m</kbd> merge (A’s span + B’s text) · <kbd>x</kbd> drop · checklist:{' '}
      <kbd title="plausible">{CHECK_KEYS.plausible}</kbd> plausible, <kbd title="genuinely ambiguous">{CHECK_KEYS.ambiguous}</kbd> ambiguous,{' '}
      <kbd title="answer sufficient">{CHECK_KEYS.sufficient}</kbd> sufficient, <kbd>c</kbd> all three · <kbd>1</kbd>–<kbd>3</kbd> delete the gold text’s
      selection for gold point 1–3 · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo, <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd> redo
    </p>
  );
}

/** What the last key did not do, and why: on the sticky bar, so it is seen wherever the page is scrolled. */
function KeyNoteLine({ note }: { note: KeyNote }) {
  return (
    <p className={note?.kind === 'refused' ? 'warning key-note' : 'muted key-note'} role="status" aria-live="polite">
      {note?.text ?? ''}
    </p>
  );
}

/**
 * Keeps the page's scroll padding at the sticky bar's height, so a row moved to (j/k) or a field
 * focused further up is never scrolled under the bar.
 */
function useStickyPadding() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('scroll-padding-top', `${el.offsetHeight + 8}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-top');
    };
  }, []);
  return bar;
}

function Workspace({ initial, onReload }: { initial: CaseView; onReload: () => void }) {
  const me = useMe();
  const [note, setNote] = useState<KeyNote>(null);
  const draft = useGoldDraft(initial, (text) => setNote({ kind: 'info', text }));
  const stickyBar = useStickyPadding();
  const { view, points } = draft;
  const ready = readyView(view);
  const sides: Sides = { A: view.annotations.A?.points ?? [], B: view.annotations.B?.points ?? [], legacy: legacyPoints(view.gold.points) };
  const resolved = view.gold.status === 'resolved';
  const readOnly = resolved || draft.saveState === 'conflict';
  const readOnlyReason = resolved ? 'Read-only: this problem is resolved (a maintainer can reopen it).' : draft.saveState === 'conflict' ? 'Read-only: someone else changed this problem; reload it.' : null;
  const q = view.questionId;
  const slots = curationSlots(view, points);
  const [current, setCurrent] = useState(0);
  const [next, setNext] = useState<NextCase>(undefined);

  /** Every change of the gold set goes through here: a fourth point never reaches the draft, and the points keep row order. */
  const change = (nextPoints: GoldPoint[]) => {
    if (nextPoints.length > MAX_POINTS) {
      setNote({ kind: 'refused', text: TOO_MANY_POINTS });
      return;
    }
    setNote(null);
    draft.setPoints(inRowOrder(view, nextPoints));
  };
  const take = (from: GoldPoint['sources']['from'], span: 'A' | 'B', text: 'A' | 'B') => change(takeSlot(points, from, span, text, sides));
  const decided = async (call: Promise<boolean>) => {
    if (await call) setNext(await nextOpenCase(q).catch(() => null));
  };
  const post = (action: typeof adjudications.resolve | typeof adjudications.accept) => draft.act((version) => call(action, { params: { questionId: q }, body: { version } }));

  /** A gold point whose span the gold text just changed is being edited: its row opens. */
  const editing = (goldIndex: number) => {
    const row = slots.findIndex((s) => (s.kind === 'gold' ? s.goldIndex : goldIndexOf(points, s.from)) === goldIndex);
    if (row >= 0) setCurrent(row);
  };
  const move = (row: number) => {
    setCurrent(row);
    document.querySelector<HTMLElement>(`[data-row="${row}"]`)?.scrollIntoView({ block: 'nearest' });
  };
  useCurationKeys((key: CurationKey) => {
    if (key === '1' || key === '2' || key === '3') {
      // Outside the gold text, where 1–3 act on a selection, they only say what they need.
      const n = Number(key);
      setNote({ kind: 'info', text: `${n}: ${deleteRefusal(n - 1, points.length, readOnly, false) ?? ''}` });
      return;
    }
    if (key === 'j' || key === 'k') {
      const row = current + (key === 'j' ? 1 : -1);
      if (row < 0 || row >= slots.length) setNote({ kind: 'info', text: slots.length === 0 ? 'There are no rows.' : key === 'j' ? 'This is the last row.' : 'This is the first row.' });
      else {
        setNote(null);
        move(row);
      }
      return;
    }
    const slot = slots[current];
    if (key === 'p' || key === 'g' || key === 's' || key === 'c') {
      const check = checkAction(key, slot, points, readOnlyReason);
      if ('refuse' in check) setNote({ kind: 'info', text: `${key}: ${check.refuse}` });
      else change(updatePoint(points, check.goldIndex, { checklist: check.checklist }, sides));
      return;
    }
    const action = keyAction(key, slot, points, readOnlyReason);
    if ('refuse' in action) setNote({ kind: action.refuse === TOO_MANY_POINTS ? 'refused' : 'info', text: `${key}: ${action.refuse}` });
    else if (action.do === 'drop') change(dropPoint(points, action.goldIndex));
    else if (slot) take(slot.from, action.span, action.text);
  });

  const renderGold = (i: number) => {
    const p = points[i]!;
    return (
      <GoldPointCard
        key={i}
        base={view.baseText}
        index={i}
        point={p}
        readOnly={readOnly}
        onChange={(patch) => change(updatePoint(points, i, patch, sides))}
        onTakeField={(field, side) => change(takeField(points, i, field, side, sides))}
        onDrop={() => change(dropPoint(points, i))}
      />
    );
  };

  return (
    <div className="crosscheck-layout">
      <aside className="statement-pane" aria-label="Statement">
        {ready ? (
          <section aria-label="Cross-check">
            <h2>Base text: A and B</h2>
            <MarkLegend />
            <MarkedText base={ready.baseText} marks={ready.crossCheck.marks} />
            <details className="text-diff-details">
              <summary>Word diff of A’s and B’s underspecified texts</summary>
              <p className="muted">Struck: only in A’s text. Underlined: only in B’s text.</p>
              <div className="base-text text-diff">
                <DiffText parts={ready.crossCheck.textDiff} label="Word diff of A’s and B’s texts" />
              </div>
            </details>
          </section>
        ) : (
          <NoAnnotations legacy={view.gold.source === 'legacy'} />
        )}
        <section aria-label="Gold text">
          <h2>Gold text</h2>
          <GoldLegend points={points} />
          <GoldText
            base={view.baseText}
            points={points}
            readOnly={readOnly}
            onDelete={(i, range) => {
              change(deleteRange(points, i, range, sides));
              editing(i);
            }}
            onRestore={(i, offset) => {
              change(restoreAt(points, i, offset, sides));
              editing(i);
            }}
            onRefuse={(text) => setNote({ kind: 'info', text })}
          />
        </section>
        <DiscussionPanel questionId={q} />
      </aside>

      <section className="page crosscheck">
        <div className="row crosscheck-title">
          <Link href="/adjudicate">← Adjudication queue</Link>
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
          {ready && (
            <span className="muted comparing">
              Comparing <strong>{sideName(ready.annotations.A)}</strong> and <strong>{sideName(ready.annotations.B)}</strong>.
            </span>
          )}
        </div>
        <div className="crosscheck-sticky" ref={stickyBar}>
          <ResolvePanel
            view={view}
            points={points}
            saveState={draft.saveState}
            error={draft.error}
            canReopen={me.role === 'maintainer'}
            onResolve={() => void decided(post(adjudications.resolve))}
            onAccept={() => void decided(post(adjudications.accept))}
            onReopen={async (reason) => {
              const ok = await draft.act(() => call(adjudications.reopen, { params: { questionId: q }, body: { reason } }));
              if (ok) setNext(undefined);
              return ok;
            }}
            onReload={onReload}
            next={next}
            onNext={(questionId) => navigate(crossCheckHref(questionId))}
            history={<UndoButtons {...draft.history} onUndo={draft.undo} onRedo={draft.redo} disabled={readOnly} />}
          />
          <KeyNoteLine note={note} />
        </div>
        <KeyLegend />
        <SlotRows
          view={view}
          slots={slots}
          gold={points}
          current={current}
          fold={!readOnly}
          onSelect={setCurrent}
          actions={{ readOnly, onTake: take, onDrop: (i) => change(dropPoint(points, i)) }}
          renderGold={renderGold}
        />
        <div className="row add-and-notes">
          <button type="button" disabled={readOnly || points.length >= MAX_POINTS} onClick={() => change(addPoint(points, sides))}>
            Add point
          </button>
          {points.length >= MAX_POINTS && <span className="muted">At most {MAX_POINTS} gold points.</span>}
          <label className="adjudication-notes">
            Adjudication notes
            <GrowingTextarea value={draft.notes} disabled={readOnly} onChange={(e) => draft.setNotes(e.target.value)} />
          </label>
          {/* On the notes' line while folded, so sending back costs the case no height. */}
          {readyView(view) && <ReturnPanel questionId={q} disabled={resolved} />}
        </div>

        <TasksPreview
          base={view.baseText}
          points={points}
          overrides={view.gold.overrides}
          excluded={view.gold.excluded}
          actions={{
            readOnly,
            saved: draft.saveState === 'saved',
            // Like every gold write, an override names the version it was made on (409 when stale).
            onSave: (subset, body) => draft.act((version) => call(adjudications.putOverride, { params: { questionId: q, subset }, body: { ...body, version } })),
            onRemove: (subset) => draft.act((version) => call(adjudications.removeOverride, { params: { questionId: q, subset }, query: { version } })),
          }}
        />
      </section>
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
    // Only the case still open shows its answer: going on to the next case before the previous
    // one answered must not show that one under the new address.
    let live = true;
    setView(null);
    setError(null);
    call(adjudications.get, { params: { questionId } }).then(
      (loaded) => live && setView(loaded),
      (err: unknown) => live && setError(err instanceof ApiError ? err.message : 'The cross-check could not be loaded.'),
    );
    return () => {
      live = false;
    };
  }, [questionId, generation]);

  if (error) return <ErrorMessage>{error}</ErrorMessage>;
  if (!view) return <p className="loading">Loading the cross-check…</p>;
  return <Workspace key={`${questionId}:${generation}`} initial={view} onReload={() => setGeneration((g) => g + 1)} />;
}
