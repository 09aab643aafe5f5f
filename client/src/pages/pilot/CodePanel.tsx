import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LazyCodeEditor } from '../../codeEditor/LazyCodeEditor';
import type { ActiveTimer } from '../../drafts/activeTime';
import type { PilotSessionView } from '../../../../shared/schemas/pilots';
import { SnapshotStatus } from './SnapshotStatus';
import { ConfirmDialog } from '../../ConfirmDialog';
import { useCodeDraft } from './useCodeDraft';
import { CodeTools, type ToolKeys } from './CodeTools';
import { ErrorMessage } from '../../components/ErrorMessage';

/** Ctrl+Enter anywhere in the panel (the editor included, before CodeMirror takes it) tests or runs the code. */
function toolKey(e: KeyboardEvent, keys: ToolKeys): void {
  if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || !keys.current) return;
  e.preventDefault();
  e.stopPropagation();
  keys.current();
}

const EDITOR_KEYS = 'Python. Tab indents; press Escape then Tab to leave the editor. A snapshot is saved every 15 seconds while you type; Ctrl+Enter tests or runs it in the sandbox.';

interface Props {
  view: PilotSessionView;
  timer: ActiveTimer;
  onSubmitted: (view: PilotSessionView) => void;
  onReload: () => void;
}

/** "Write code": the Python editor, its autosave state and Submit. The code is stored, never run. */
export function CodePanel({ view, timer, onSubmitted, onReload }: Props) {
  const submitted = view.status === 'submitted';
  const draft = useCodeDraft(view, timer);
  // Code kept in this browser for exactly this version (the session ended, or the tab closed before saving).
  const [restored] = useState(() => {
    const kept = submitted ? null : draft.stash.restore(view.code.version);
    return kept !== null && kept !== view.code.content ? kept : null;
  });
  const [code, setCode] = useState(restored ?? view.code.content);
  const [confirming, setConfirming] = useState(false);
  const toolKeysRef = useRef<ToolKeys['current']>(null);
  const [error, setError] = useState<string | null>(null);
  const state = draft.saveState;
  const readOnly = submitted || state.kind === 'conflict';

  useEffect(() => {
    if (restored !== null) draft.saver.drafts.change(restored);
  }, [restored, draft.saver]);

  function change(next: string) {
    setCode(next);
    setError(null);
    draft.saver.drafts.change(next);
  }

  async function submit() {
    setError(null);
    try {
      onSubmitted(await draft.saver.submit(code));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Submitting failed.');
      setConfirming(false);
    }
  }

  return (
    <section className="card code-panel" aria-labelledby="code-h" onKeyDownCapture={(e) => toolKey(e, toolKeysRef)}>
      <div className="row">
        <h2 id="code-h" tabIndex={-1}>
          Your code
        </h2>
        <span className="spacer" />
        {!submitted && <span className="muted small">Pastes: {draft.pastes}</span>}
        <SnapshotStatus state={state} submitted={submitted} lastSavedAt={draft.lastSavedAt} nextSnapshotAt={draft.nextSnapshotAt} />
      </div>
      {restored !== null && state.kind !== 'conflict' && (
        <p className="notice" role="status">
          Code you had not saved last time was kept in this browser; it is restored and being saved.
        </p>
      )}
      {state.kind === 'conflict' && (
        <div className="error row" role="alert">
          <span>
            <strong>Conflict:</strong> {state.message} This view is now read-only; copy your code from below, then load the latest.
          </span>
          <button type="button" className="primary" onClick={onReload}>
            Load latest
          </button>
        </div>
      )}
      {(state.kind === 'error' || state.kind === 'signedOut' || state.kind === 'invalid') && (
        <div className="error row" role="alert">
          <span>{state.message}</span>
          {state.kind === 'error' && (
            <button type="button" onClick={() => draft.saver.drafts.retry()}>
              Retry
            </button>
          )}
        </div>
      )}
      <p className="muted small">
        Python. While you type, a snapshot of your code is saved every 15 seconds (and when you leave the page); it runs only when you press Run or Test, in a sandbox. <kbd>Tab</kbd>{' '}
        indents; press <kbd>Esc</kbd> then <kbd>Tab</kbd> to leave the editor; <kbd>Ctrl</kbd>+<kbd>Enter</kbd> tests (or runs).
      </p>
      <LazyCodeEditor value={code} onChange={change} onPaste={draft.notePaste} readOnly={readOnly} label="Your code (Python)" description={EDITOR_KEYS} />
      <CodeTools sessionId={view.id} code={code} submitted={submitted} keysRef={toolKeysRef} />
      <ErrorMessage>{error}</ErrorMessage>
      {submitted ? (
        <p className="success" role="status">
          Submitted{view.submittedAt ? ` ${new Date(view.submittedAt).toLocaleString()}` : ''}. This task is finished and read-only.
        </p>
      ) : (
        <div className="row">
          <button type="button" className="primary" onClick={() => setConfirming(true)} disabled={readOnly}>
            Submit code…
          </button>
        </div>
      )}
      {confirming && !submitted && (
        <ConfirmDialog title="Submit this code?" confirmLabel="Confirm submit" onConfirm={() => void submit()} onCancel={() => setConfirming(false)}>
          <p>The task ends with this code: you cannot change it afterwards.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
