import type { AnnotationView } from '../../../../../shared/schemas/annotation';
import { Link } from '../../../router';
import { SaveIndicator } from './SaveIndicator';
import type { Draft } from './useDraft';

interface Props {
  view: AnnotationView;
  submitted: AnnotationView | null;
  draft: Draft;
  onReload: () => void;
}

export function formatMinutes(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return minutes < 1 ? 'under a minute' : `${minutes} min`;
}

/** Title, save state and the conflict / error banners (never a silent overwrite). */
export function EditorHeader({ view, submitted, draft, onReload }: Props) {
  const state = draft.saveState;
  return (
    <>
      <div className="row editor-head">
        <Link href="/queue">← Queue</Link>
        <h1>{view.title}</h1>
        <code className="muted">{view.questionId}</code>
        <span className="spacer" />
        <span className="muted small">Active time: {formatMinutes(submitted?.activeMs ?? draft.activeMs)}</span>
        <SaveIndicator state={state} submitted={submitted !== null} />
      </div>
      {state.kind === 'conflict' && (
        <div className="error row" role="alert">
          <span>
            <strong>Conflict:</strong> {state.message} Nothing more is saved from this view and its statement is read-only; what you
            type in a question or answer stays here. All your unsaved text is shown below beside the latest version, and stays there
            when you load the latest.
          </span>
          <button type="button" className="primary" onClick={onReload}>
            Load latest
          </button>
        </div>
      )}
      {state.kind === 'error' && (
        <div className="error row" role="alert">
          <span>{state.message}</span>
          <button type="button" onClick={() => draft.saver.retry()}>
            Retry
          </button>
        </div>
      )}
      {state.kind === 'signedOut' && (
        <p className="error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'invalid' && (
        <p className="error" role="alert">
          The draft was not saved: {state.message}
        </p>
      )}
    </>
  );
}
