import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../api';
import './uploadPanel.css';

/** Where an upload stands: sending the file (with progress), the server checking and importing it, its answer. */
export type UploadState<S> =
  | { phase: 'idle' }
  | { phase: 'uploading'; fraction: number }
  | { phase: 'importing' }
  | { phase: 'done'; summary: S; file: string }
  | { phase: 'failed'; message: string; issues: string[]; more: number };

/** The server lists the first issues (as many as are shown) and counts the other lines with errors. */
export const SHOWN_ISSUES = 50;

function failure(err: unknown): UploadState<never> {
  if (!(err instanceof ApiError)) return { phase: 'failed', message: 'The import failed.', issues: [], more: 0 };
  const unlisted = (err.details as { unlistedLines?: number } | undefined)?.unlistedLines ?? 0;
  const issues = err.issues.slice(0, SHOWN_ISSUES).map((i) => `${i.path}: ${i.message}`);
  return { phase: 'failed', message: err.message, issues, more: unlisted };
}

export interface Upload<S> {
  file: File | null;
  state: UploadState<S>;
  /** Uploading or importing: the form's fields wait. */
  busy: boolean;
  /** Bumped after each import, so the file input starts empty again. */
  generation: number;
  choose: (file: File | null) => void;
  submit: (e: FormEvent) => void;
}

/**
 * One file upload's state machine: `send` uploads the chosen file (reporting the fraction sent)
 * and answers the server's summary; on success the file is cleared and `onDone` called.
 */
export function useUpload<S>(send: (file: File, onProgress: (fraction: number) => void) => Promise<S>, onDone: () => void): Upload<S> {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState<S>>({ phase: 'idle' });
  const [generation, setGeneration] = useState(0);
  const busy = state.phase === 'uploading' || state.phase === 'importing';

  async function run(chosen: File) {
    setState({ phase: 'uploading', fraction: 0 });
    try {
      const summary = await send(chosen, (fraction) => setState(fraction < 1 ? { phase: 'uploading', fraction } : { phase: 'importing' }));
      setState({ phase: 'done', summary, file: chosen.name });
      setFile(null);
      setGeneration((g) => g + 1);
      onDone();
    } catch (err) {
      setState(failure(err));
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) void run(file); // shows its own error
  };
  return { file, state, busy, generation, choose: setFile, submit };
}

/** The file input of an upload form (JSONL). */
export function FileField<S>({ upload, label, className }: { upload: Upload<S>; label: string; className?: string }) {
  return (
    <label className={className}>
      {label}
      <input key={upload.generation} type="file" accept=".jsonl,.json,application/json" disabled={upload.busy} onChange={(e) => upload.choose(e.target.files?.[0] ?? null)} />
    </label>
  );
}

/**
 * An upload form: its title and what the file must be, the fields (`children`, with a FileField),
 * then the progress bar while sending, and the answer: `done` words the summary, a failure lists
 * the line issues.
 */
export function UploadPanel<S>({ upload, label, title, intro, done, children }: { upload: Upload<S>; label: string; title: string; intro: ReactNode; done: (summary: S, file: string) => ReactNode; children: ReactNode }) {
  const { state } = upload;
  return (
    <form className="card import-panel" onSubmit={upload.submit} aria-label={label}>
      <h2>{title}</h2>
      <p className="muted">{intro}</p>
      {children}
      {state.phase === 'uploading' && <UploadProgress fraction={state.fraction} />}
      {state.phase === 'importing' && (
        <p className="notice" role="status">
          Uploaded. Checking every line and importing…
        </p>
      )}
      {state.phase === 'done' && (
        <p className="success" role="status">
          {done(state.summary, state.file)}
        </p>
      )}
      {state.phase === 'failed' && <LineIssues message={state.message} issues={state.issues} more={state.more} />}
    </form>
  );
}

function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="row">
      <div className="progress import-progress" role="progressbar" aria-label="Upload" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <span>Uploading… {percent}%</span>
    </div>
  );
}

/** Why the file was refused: the message and the first line issues, with a count of the lines not listed. */
function LineIssues({ message, issues, more }: { message: string; issues: readonly string[]; more: number }) {
  return (
    <div className="error" role="alert">
      <p>{message}</p>
      {issues.length > 0 && (
        <ul className="import-issues">
          {issues.map((issue, i) => (
            <li key={i}>{issue}</li>
          ))}
          {more > 0 && (
            <li>
              … and {more.toLocaleString('en-US')} more line{more === 1 ? '' : 's'} with errors
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
