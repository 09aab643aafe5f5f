import { useRef, useState } from 'react';
import { ApiError } from '../../../api';
import { validatePoints, type Point, type Range, type Repair } from '../../../../../shared/edits';
import type { FieldIssue } from '../../../../../shared/errors';
import type { AnnotationView } from '../../../../../shared/schemas/annotation';
import { addDeletion, addRepair, deletionKeyProblem, ensurePoint, nearestPointFor, removePoint, removeRepair, restoreDeletionAt, updatePoint } from './model';
import { clearSelection, readSelection } from './selection';
import { submitOn } from '../baseTextGuard';
import { useDraft } from './useDraft';
import { useEditorKeys } from './useEditorKeys';
import { EditorHeader } from './EditorHeader';
import { TextPane } from './TextPane';
import { Toolbar } from './Toolbar';
import { PreviewPane } from './PreviewPane';
import { PointCard } from './PointCard';
import { SubmitPanel } from './SubmitPanel';
import { ShortcutHelp } from './ShortcutHelp';
import { RepairForm } from './RepairForm';

interface Props {
  view: AnnotationView;
  onReload: () => void;
}

/** The deletion-only editor for one loaded annotation (remounted on "Load latest"). */
export function Editor({ view, onReload }: Props) {
  const base = view.baseText;
  const [points, setPoints] = useState<Point[]>(view.points);
  const [submitted, setSubmitted] = useState<AnnotationView | null>(view.status === 'submitted' ? view : null);
  const readOnly = submitted !== null;
  const draft = useDraft(view, readOnly);
  const [show, setShow] = useState(-1);
  const [repair, setRepair] = useState<{ target: Range; point: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[] | null>(null);
  const textRef = useRef<HTMLDivElement>(null);

  function commit(next: Point[]) {
    setPoints(next);
    setNotice(null);
    if (issues) setIssues(validatePoints(base, next, 'submit'));
    draft.saver.change(next);
  }

  function deleteFor(index: number) {
    if (readOnly) return;
    const refused = deletionKeyProblem(points, index);
    if (refused) return setNotice(refused);
    const sel = readSelection(textRef.current, base.length);
    if (!sel || sel.collapsed) return setNotice(`Select some text in the statement first, then press ${index + 1}.`);
    commit(addDeletion(points, index, sel.range));
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
    commit(addRepair(points, point, r));
    setRepair(null);
    clearSelection();
  }

  useEditorKeys(
    {
      deleteFor,
      repair: openRepair,
      cyclePreview: () => setShow((s) => (s + 1 >= points.length ? -1 : s + 1)),
      saveNow: () => void draft.saver.flush(),
      escape: () => {
        setRepair(null);
        clearSelection();
      },
    },
    !readOnly,
  );

  async function submit() {
    const findings = validatePoints(base, points, 'submit');
    setIssues(findings);
    if (findings.length > 0) return;
    if (!(await draft.saver.flush())) return;
    try {
      const done = await submitOn(view, draft.saver.currentVersion);
      draft.saver.dispose();
      setSubmitted(done);
      setIssues(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setIssues(err.issues);
      else setNotice(err instanceof Error ? err.message : 'Submitting failed.');
    }
  }

  return (
    <section className="page editor">
      <EditorHeader view={view} submitted={submitted} draft={draft} onReload={onReload} />
      <div className="editor-grid">
        <div className="editor-main">
          <section className="card text-card">
            {!readOnly && (
              <Toolbar points={points} onDelete={deleteFor} onRepair={openRepair} onAddPoint={() => commit(ensurePoint(points, points.length))} />
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
            <TextPane
              textRef={textRef}
              base={base}
              points={points}
              readOnly={readOnly}
              onRestore={(point, offset) => commit(restoreDeletionAt(points, point, offset))}
              onRemoveRepair={(ref) => commit(removeRepair(points, ref.point, ref.index))}
            />
          </section>
          <PreviewPane base={base} points={points} show={show} onShow={setShow} />
        </div>
        <aside className="editor-side">
          {points.map((p, i) => (
            <PointCard
              key={i}
              index={i}
              point={p}
              base={base}
              readOnly={readOnly}
              issues={issues ?? []}
              onChange={(patch) => commit(updatePoint(points, i, patch))}
              onRestore={(offset) => commit(restoreDeletionAt(points, i, offset))}
              onRemoveRepair={(r) => commit(removeRepair(points, i, r))}
              onRemovePoint={() => commit(removePoint(points, i))}
            />
          ))}
          {points.length === 0 && <p className="card muted">No points yet. Select text in the statement and press <kbd>1</kbd> to start point 1.</p>}
          <SubmitPanel readOnly={readOnly} issues={issues} submitted={submitted} onSubmit={submit} questionId={view.questionId} />
          {!readOnly && <ShortcutHelp />}
        </aside>
      </div>
    </section>
  );
}

