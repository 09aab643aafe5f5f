import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api';
import { validatePoints, type Point, type Range, type Repair } from '../../../../../shared/edits';
import type { FieldIssue } from '../../../../../shared/errors';
import type { AnnotationView } from '../../../../../shared/schemas/annotation';
import { addDeletion, addRepair, deletionKeyProblem, ensurePoint, nearestPointFor, removePoint, removeRepair, restoreDeletionAt, updatePoint } from './model';
import { fieldEditKey } from '../../../drafts/history';
import { UndoButtons } from '../../../drafts/UndoButtons';
import { useHistory } from '../../../drafts/useHistory';
import { useUndoKeys } from '../../../drafts/useUndoKeys';
import { fetchAnnotation } from '../annotationLoad';
import { clearSelection, readSelection } from './selection';
import { useStatementCaret } from './useStatementCaret';
import { submitOn } from '../baseTextGuard';
import { useDraft } from './useDraft';
import { useSavedElsewhere } from './useSavedElsewhere';
import { useEditorKeys } from './useEditorKeys';
import { useGuidelinesKey } from './useGuidelinesKey';
import { EditorHeader } from './EditorHeader';
import { TextPane } from './TextPane';
import { Toolbar } from './Toolbar';
import { PreviewPane } from './PreviewPane';
import { PointCard } from './PointCard';
import { SubmitPanel } from './SubmitPanel';
import { ShortcutHelp } from './ShortcutHelp';
import { RepairForm } from './RepairForm';
import { VersionsPanel } from './VersionsPanel';
import { SuggestionGhosts } from './SuggestionGhosts';
import { acceptGhost, dismissGhost, initialSuggestionState, pendingGhosts, withoutOrigin, type Ghost, type SuggestionState } from './suggestionModel';
import { useLateSuggestions } from './useLateSuggestions';
import { editorFindings } from './editorFindings';
import { Visible } from '../../../text/Visible';
import type { AcknowledgedFinding } from '../../../../../shared/writing/findings';

/** One step of the editor's history: the points and what the annotator did with suggestions. */
interface Snapshot {
  points: Point[];
  sugg: SuggestionState;
}

interface Props {
  view: AnnotationView;
  /** Points a stale view of this annotation could not save (a conflict), shown beside these. */
  carried: Point[] | null;
  /** Load the latest version, carrying this view's unsaved points along. */
  onReload: (unsaved: Point[] | null) => void;
  /** First shown on this visit (not "Load latest"): focus goes to the statement, the page to its top. */
  opening: boolean;
}

const quote = (text: string) => `“${text.length > 40 ? `${text.slice(0, 37)}…` : text}”`;
const sameDraft = (a: Point[], b: Point[]) => JSON.stringify(a) === JSON.stringify(b);

/** The deletion-only editor for one loaded annotation (remounted on "Load latest"). */
export function Editor({ view, carried, onReload, opening }: Props) {
  const base = view.baseText;
  const [submitted, setSubmitted] = useState<AnnotationView | null>(view.status === 'submitted' ? view : null);
  const [sugg, setSugg] = useState<SuggestionState>(() => initialSuggestionState(view));
  const suggRef = useRef(sugg);
  const late = useLateSuggestions(view);
  const draft = useDraft(view, submitted !== null, () => ({ origins: suggRef.current.origins, dismissed: suggRef.current.dismissed }), late.check);
  // A draft kept in this browser for exactly this version (the session ended, or the tab closed before saving).
  const [restored] = useState(() => {
    const kept = view.status === 'submitted' ? null : draft.stash.restore(view.version);
    return kept && !sameDraft(kept, view.points) ? kept : null;
  });
  const [points, setPoints] = useState<Point[]>(restored ?? view.points);
  useSavedElsewhere(view.questionId, draft.saver, submitted === null);
  const conflict = draft.saveState.kind === 'conflict';
  const readOnly = submitted !== null || conflict;
  // After a conflict the statement and the points' shape stop changing, but the question, answer
  // and type stay editable: the focus may be in one of them, and a keystroke must never be dropped
  // silently. Nothing is saved from this view; all of it is carried beside the latest version.
  const fieldsReadOnly = submitted !== null;
  const history = useHistory<Snapshot>();
  const [focusAfter, setFocusAfter] = useState<{ kind: 'question'; point: number } | { kind: 'ghost'; index: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [kept, setKept] = useState<Point[] | null>(carried);
  const [latest, setLatest] = useState<Point[] | null>(null);
  const [show, setShow] = useState(-1);
  const [repair, setRepair] = useState<{ target: Range; point: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[] | null>(null);
  const [justSubmitted, setJustSubmitted] = useState(false);
  const textRef = useRef<HTMLDivElement>(null);
  const sideRef = useRef<HTMLElement>(null);
  const questionBoxes = useRef<(HTMLTextAreaElement | null)[]>([]);
  // What takes the keyboard's focus after the next render: a point's question (after a deletion) or the first missing field.
  const focusNext = useRef<{ question: number } | 'first-issue' | null>(null);

  // Open at the top with the keyboard in the statement: a selection and 1, 2 or 3 need no Tab.
  useEffect(() => {
    if (!opening) return;
    window.scrollTo(0, 0);
    textRef.current?.focus({ preventScroll: true });
  }, [opening]);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'first-issue') sideRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-testid="submit-issues"]')?.focus();
    else if (target) questionBoxes.current[target.question]?.focus();
  });

  useEffect(() => {
    if (restored) draft.saver.change(restored);
  }, [restored, draft.saver]);

  // After a conflict, fetch the latest version to show beside this view's unsaved text.
  useEffect(() => {
    if (!conflict) return;
    let live = true;
    void fetchAnnotation(view.questionId).then((load) => {
      if (live && load.ok) setLatest(load.view.points);
    });
    return () => {
      live = false;
    };
  }, [conflict, view.questionId]);

  const caret = useStatementCaret(textRef, readOnly);

  function apply(next: Point[], nextSugg: SuggestionState = sugg) {
    setPoints(next);
    setSugg(nextSugg);
    suggRef.current = nextSugg;
    late.noteOwnPoints(next, nextSugg);
    setNotice(null);
    if (issues) setIssues(validatePoints(base, next, 'submit'));
    draft.saver.change(next);
  }

  /** One undoable action of the editor; edits of one text field in a burst are one step. */
  function commit(next: Point[], label: string, said?: string, nextSugg: SuggestionState = sugg) {
    if (fieldsReadOnly) return;
    history.record({ points, sugg }, label, nextSugg === sugg ? fieldEditKey(points, next, ['question', 'answer']) : null);
    apply(next, nextSugg);
    if (said) setAnnouncement(said);
  }

  function travel(step: { state: Snapshot; label: string } | null, verb: 'Undone' | 'Redone') {
    if (!step) return setNotice(verb === 'Undone' ? 'Nothing to undo.' : 'Nothing to redo.');
    apply(step.state.points, step.state.sugg);
    setAnnouncement(`${verb}: ${step.label}.`);
  }
  const undo = () => !readOnly && travel(history.undo({ points, sugg }), 'Undone');
  const redo = () => !readOnly && travel(history.redo({ points, sugg }), 'Redone');

  const ghosts = late.suggestions ? pendingGhosts(late.suggestions, sugg) : [];
  function takeGhost(ghost: Ghost, edit: boolean) {
    const taken = acceptGhost(points, sugg, ghost);
    if (typeof taken === 'string') return setNotice(taken);
    const n = taken.points.length;
    commit(taken.points, `${edit ? 'accept and edit' : 'accept'} a suggestion as point ${n}`, `Suggestion accepted as point ${n}.`, taken.state);
    setFocusAfter(edit ? { kind: 'question', point: n - 1 } : { kind: 'ghost', index: ghosts.indexOf(ghost) });
  }
  function dropGhost(ghost: Ghost) {
    commit(points, `dismiss a suggestion (${ghost.point.type})`, 'Suggestion dismissed.', dismissGhost(sugg, ghost));
    setFocusAfter({ kind: 'ghost', index: ghosts.indexOf(ghost) });
  }
  // After an accept or dismiss the ghost is gone: focus the next one (or the statement), or the new point's question.
  useEffect(() => {
    if (!focusAfter) return;
    setFocusAfter(null);
    const root = textRef.current?.closest('.editor');
    if (focusAfter.kind === 'question') {
      const box = root?.querySelector<HTMLTextAreaElement>(`fieldset[aria-label="Point ${focusAfter.point + 1}"] textarea`);
      box?.focus();
      box?.setSelectionRange(box.value.length, box.value.length);
      return;
    }
    const left = root?.querySelectorAll<HTMLElement>('[data-testid="ghost"]') ?? [];
    (left[Math.min(focusAfter.index, left.length - 1)] ?? textRef.current)?.focus();
  }, [focusAfter]);
  useUndoKeys(undo, redo, !readOnly);

  function restoreAt(point: number, offset: number) {
    const range = points[point]?.deletions.find(([s, e]) => offset >= s && offset < e);
    const text = range ? quote(base.slice(range[0], range[1])) : '';
    commit(restoreDeletionAt(points, point, offset), `restore ${text}`, `Restored ${text} (point ${point + 1}).`);
  }

  function deleteFor(index: number) {
    if (readOnly) return;
    const refused = deletionKeyProblem(points, index);
    if (refused) return setNotice(refused);
    const sel = readSelection(textRef.current, base.length);
    if (!sel || sel.collapsed) return setNotice(`Select some text in the statement first, then press ${index + 1}.`);
    const text = quote(base.slice(sel.range[0], sel.range[1]));
    commit(addDeletion(points, index, sel.range), `delete ${text} for point ${index + 1}`, `Deleted ${text} for point ${index + 1}.`);
    caret.remember(sel.range[1]);
    focusNext.current = { question: index };
    clearSelection();
  }

  function openRepair() {
    if (readOnly) return;
    const sel = readSelection(textRef.current, base.length);
    if (!sel) return setNotice('Click next to a deletion (or select up to 3 characters), then press r.');
    const [start, end] = sel.range;
    if (end - start > 3) return setNotice('A repair changes at most 3 characters: select less, or just click where it goes.');
    const near = nearestPointFor(points, start, end);
    if (near < 0) return setNotice('A repair must sit next to a deletion. Delete something first, then repair beside it.');
    setRepair({ target: [start, end], point: near });
  }

  function applyRepair(point: number, r: Repair) {
    commit(addRepair(points, point, r), `repair for point ${point + 1}`, `Repair added for point ${point + 1}.`);
    setRepair(null);
    clearSelection();
  }

  useEditorKeys(
    {
      deleteFor,
      repair: openRepair,
      cyclePreview: () => setShow((s) => (s + 1 >= points.length ? -1 : s + 1)),
      saveNow: () => void draft.saver.flush(),
      escape: (target) => {
        setRepair(null);
        clearSelection();
        // From a point's field back to the statement, the caret where the last deletion ended.
        if (target instanceof Element && target.closest('.point-card')) caret.focus();
      },
    },
    !readOnly,
  );

  useGuidelinesKey(points);

  /** Before the confirmation: what is still missing, in the shared rules' words (the first such field takes focus). */
  function readyToSubmit(): boolean {
    const findings = validatePoints(base, points, 'submit');
    setIssues(findings);
    if (findings.length > 0) focusNext.current = 'first-issue';
    return findings.length === 0;
  }

  async function submit(acknowledged: AcknowledgedFinding[]) {
    if (!readyToSubmit()) return;
    if (!(await draft.saver.flush())) return;
    try {
      const done = await submitOn(view, draft.saver.currentVersion, acknowledged);
      draft.saver.dispose();
      history.clear();
      setSubmitted(done);
      setJustSubmitted(true);
      setIssues(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setIssues(err.issues);
      else if (err instanceof ApiError && err.code === 'unacknowledged_findings') setNotice(`${err.message} Submit again to give the reasons.`);
      else setNotice(err instanceof Error ? err.message : 'Submitting failed.');
    }
  }

  const findings = editorFindings(base, points, draft.savedFindings);
  const shownAcknowledged = submitted?.acknowledged ?? [];

  return (
    <section className="page editor">
      <EditorHeader view={view} submitted={submitted} draft={draft} onReload={() => onReload(points)} />
      {view.returnNote && submitted === null && (
        <p className="notice returned-note" role="note" data-testid="return-note">
          <b>Sent back by the adjudicator:</b> <Visible text={view.returnNote} />
        </p>
      )}
      <p className="sr-only" aria-live="polite" data-testid="announcer">
        {announcement}
      </p>
      {restored && !conflict && (
        <p className="notice" role="status">
          Changes you had not saved last time were kept in this browser; they are restored and being saved.
        </p>
      )}
      {conflict && <VersionsPanel base={base} mine={points} latest={latest} />}
      {kept && !conflict && (
        <VersionsPanel
          base={base}
          mine={kept}
          latest={points}
          onUseMine={() => {
            commit(kept, 'use my unsaved version', undefined, { ...sugg, origins: [] });
            setKept(null);
          }}
          onDismiss={() => setKept(null)}
        >
          <p className="notice">
            Another tab or session saved this annotation first. The editor now shows that latest version; what you had not saved is kept
            beside it to copy from, or to use instead.
          </p>
        </VersionsPanel>
      )}
      <div className="editor-grid">
        <div className="editor-main">
          <section className="card text-card">
            {!readOnly && (
              <Toolbar points={points} onDelete={deleteFor} onRepair={openRepair} onAddPoint={() => commit(ensurePoint(points, points.length), 'add a point')}>
                <UndoButtons {...history} onUndo={undo} onRedo={redo} />
              </Toolbar>
            )}
            {repair && (
              <RepairForm
                key={repair.target.join('-')}
                base={base}
                points={points}
                target={repair.target}
                defaultPoint={repair.point}
                onApply={applyRepair}
                onCancel={() => setRepair(null)}
              />
            )}
            {notice && (
              <p className="notice small" role="note">
                {notice}
              </p>
            )}
            <p id="statement-keys" className="sr-only">
              Move with the arrow keys, select with Shift and the arrow keys, then press 1, 2 or 3 to delete the selection for that point.
            </p>
            <TextPane
              key={caret.generation}
              textRef={textRef}
              base={base}
              points={points}
              readOnly={readOnly}
              onRestore={restoreAt}
              onRemoveRepair={(ref) => commit(removeRepair(points, ref.point, ref.index), 'remove a repair', 'Repair removed.')}
            />
          </section>
          <PreviewPane base={base} points={points} show={show} onShow={setShow} />
        </div>
        <aside className="editor-side" ref={sideRef}>
          {!readOnly && <SuggestionGhosts base={base} ghosts={ghosts} onAccept={(g) => takeGhost(g, false)} onEdit={(g) => takeGhost(g, true)} onDismiss={dropGhost} />}
          {points.map((p, i) => (
            <PointCard
              key={i}
              index={i}
              point={p}
              base={base}
              readOnly={readOnly}
              fieldsReadOnly={fieldsReadOnly}
              issues={issues ?? []}
              findings={findings.filter((f) => f.point === i)}
              acknowledged={shownAcknowledged.filter((a) => a.point === i)}
              questionRef={(el) => {
                questionBoxes.current[i] = el;
              }}
              onChange={(patch) => commit(updatePoint(points, i, patch), `edit point ${i + 1}’s ${Object.keys(patch).join(', ')}`)}
              onRestore={(offset) => restoreAt(i, offset)}
              onRemoveRepair={(r) => commit(removeRepair(points, i, r), 'remove a repair', 'Repair removed.')}
              onRemovePoint={() => commit(removePoint(points, i), `remove point ${i + 1}`, `Point ${i + 1} removed.`, withoutOrigin(sugg, i))}
            />
          ))}
          {points.length === 0 && <p className="card muted">No points yet. Select text in the statement and press <kbd>1</kbd> to start point 1.</p>}
          <SubmitPanel readOnly={readOnly} issues={issues} submitted={submitted} justSubmitted={justSubmitted} onCheck={readyToSubmit} onSubmit={submit} findings={findings} questionId={view.questionId} />
          {!readOnly && <ShortcutHelp />}
        </aside>
      </div>
    </section>
  );
}

