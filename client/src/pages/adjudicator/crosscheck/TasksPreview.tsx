import { useId, useState } from 'react';
import type { OverrideView } from '../../../../../shared/adjudicationView';
import type { GoldPoint } from '../../../../../shared/schemas/adjudication';
import { generateTasks, type GeneratedTask } from '../../../../../shared/tasks';
import { ActionOrCancel } from '../../../components/ActionOrCancel';

export interface OverrideActions {
  readOnly: boolean;
  /** False while local edits are unsaved: an override is keyed to the saved gold points. */
  saved: boolean;
  onSave: (subset: string, body: { text: string | null; questions: string[] | null }) => Promise<boolean>;
  onRemove: (subset: string) => Promise<boolean>;
}

function OverrideEditor({ task, onCancel, onSave }: { task: GeneratedTask; onCancel: () => void; onSave: OverrideActions['onSave'] }) {
  const [text, setText] = useState(task.text);
  const [questions, setQuestions] = useState(task.qa.map((q) => q.question));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const changedQuestions = questions.some((q, i) => q !== task.qa[i]?.question) || task.override?.questions != null;
    const ok = await onSave(task.key, { text: text !== task.text || task.override?.text != null ? text : null, questions: changedQuestions ? questions : null });
    setBusy(false);
    if (ok) onCancel();
  };
  return (
    <div className="override-editor">
      <label>
        Task text
        <textarea rows={8} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      {questions.map((q, i) => (
        <label key={i}>
          Question {i + 1}
          <input value={q} onChange={(e) => setQuestions(questions.map((x, k) => (k === i ? e.target.value : x)))} />
        </label>
      ))}
      <p className="muted">The text may only delete from the base text; tiny repairs (punctuation, a line break, letter case) are flagged.</p>
      <ActionOrCancel label="Save override" disabled={busy} onAction={() => void save() /* onSave reports its own failure */} onCancel={onCancel} />
    </div>
  );
}

const KIND_TITLE = {
  edit: 'edit: the text is the base text with deletions and small repairs',
  rewrite: 'rewrite: the text cannot be explained by deletions and small repairs; kept verbatim from the legacy release',
} as const;

/** Which parts of a task an override replaces ("text, questions"). */
function overriddenParts(o: OverrideView): string {
  const parts = [o.text !== null && 'text', o.questions && 'questions', o.answers && 'answers', o.keywords && 'keywords'];
  return parts.filter((p): p is string => typeof p === 'string').join(', ');
}

function TaskCard({ task, stored, excluded, actions }: { task: GeneratedTask; stored: OverrideView | undefined; excluded: boolean; actions: OverrideActions }) {
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState(false);
  const bodyId = useId();
  const label = `Task ${task.subset.map((i) => i + 1).join(' + ')}`;
  return (
    <article className={`card task-card${task.override ? ' overridden' : ''}`} aria-label={label}>
      <header className="row">
        <h3>{label}</h3>
        <span className="muted">{task.keywords.join(', ')}</span>
        {excluded && (
          <span className="badge excluded-badge" title="The release this problem continues leaves this task out; export skips it.">
            not in the release
          </span>
        )}
        {task.override && <span className="badge override-badge">override</span>}
        {task.override && (
          <span className={`badge override-kind ${task.override.kind}`} title={KIND_TITLE[task.override.kind]}>
            {task.override.kind}
          </span>
        )}
        <span className="spacer" />
        {!editing && (
          <button type="button" className="small" aria-expanded={shown} aria-controls={bodyId} onClick={() => setShown(!shown)}>
            {shown ? 'Hide text' : 'Show text'}
          </button>
        )}
        {!editing && (
          <button type="button" className="small" disabled={actions.readOnly || !actions.saved} title={actions.saved ? undefined : 'Wait until the gold draft is saved'} onClick={() => setEditing(true)}>
            Edit task
          </button>
        )}
        {task.override && !editing && (
          <button type="button" className="danger small" disabled={actions.readOnly} onClick={() => void actions.onRemove(task.key) /* reports its own failure */}>
            Remove override
          </button>
        )}
      </header>
      {editing ? (
        <OverrideEditor task={task} onCancel={() => setEditing(false)} onSave={actions.onSave} />
      ) : (
        <>
        <div className="task-body" id={bodyId} hidden={!shown}>
          <pre className="task-text" tabIndex={0} data-testid={`task-text-${task.key}`}>{task.text}</pre>
          <ol className="task-qa">
            {task.qa.map((q, i) => (
              <li key={i}>
                <strong>{q.question}</strong> <span className="muted">→ {q.answer}</span>
              </li>
            ))}
          </ol>
        </div>
        {stored && stored.repairs.length > 0 && (
          <p className="warning">
            Flagged repairs: {stored.repairs.map((r) => `${JSON.stringify(r.text)} at ${r.start}`).join(', ')}
          </p>
        )}
        {stored && <p className="muted">Overridden by {stored.createdBy ?? 'unknown'} ({overriddenParts(stored)}).</p>}
        </>
      )}
    </article>
  );
}

/** Every task the gold points generate (all non-empty subsets), with per-task overrides. */
export function TasksPreview({ base, points, overrides, excluded = [], actions }: { base: string; points: readonly GoldPoint[]; overrides: OverrideView[]; excluded?: readonly string[]; actions: OverrideActions }) {
  const tasks = generateTasks(base, points, 'all-subsets', actions.saved ? overrides : []);
  return (
    <div className="tasks">
      <div className="row tasks-head">
        <h2>Tasks</h2>
        <span className="muted">
          {tasks.length === 0
            ? 'No gold points yet, so no tasks.'
            : `${points.length} gold point${points.length === 1 ? '' : 's'} → ${tasks.length} task${tasks.length === 1 ? '' : 's'}${!actions.saved && overrides.length > 0 ? ' (overrides shown once the draft is saved)' : ''}`}
        </span>
      </div>
      {tasks.map((task) => (
        <TaskCard key={task.key} task={task} stored={overrides.find((o) => o.subset === task.key)} excluded={excluded.includes(task.key)} actions={actions} />
      ))}
    </div>
  );
}
