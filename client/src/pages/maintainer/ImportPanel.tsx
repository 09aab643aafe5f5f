import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { upload } from '../../apiCall';
import { problems } from '../../../../shared/api/problems';
import type { ImportSummary } from '../../../../shared/schemas/lcb';

type State =
  | { phase: 'idle' }
  | { phase: 'uploading'; fraction: number }
  | { phase: 'importing' }
  | { phase: 'done'; summary: ImportSummary; file: string }
  | { phase: 'failed'; message: string; issues: string[]; more: number };

const SHOWN_ISSUES = 50;

function failure(err: unknown): State {
  if (!(err instanceof ApiError)) return { phase: 'failed', message: 'The import failed.', issues: [], more: 0 };
  // The server lists the first issues (as many as are shown) and counts the other lines with errors.
  const unlisted = (err.details as { unlistedLines?: number } | undefined)?.unlistedLines ?? 0;
  const issues = err.issues.slice(0, SHOWN_ISSUES).map((i) => `${i.path}: ${i.message}`);
  return { phase: 'failed', message: err.message, issues, more: unlisted };
}

/** Upload a LiveCodeBench JSONL file with a real progress bar; the server imports all or nothing. */
export function ImportPanel({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ phase: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const busy = state.phase === 'uploading' || state.phase === 'importing';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setState({ phase: 'uploading', fraction: 0 });
    try {
      const summary = await upload(problems.import, { query: { name: file.name } }, file, (fraction) =>
        setState(fraction < 1 ? { phase: 'uploading', fraction } : { phase: 'importing' }),
      );
      setState({ phase: 'done', summary, file: file.name });
      setFile(null);
      if (input.current) input.current.value = '';
      onImported();
    } catch (err) {
      setState(failure(err));
    }
  }

  return (
    <form className="card import-panel" onSubmit={(e) => void submit(e) /* shows its own error */} aria-label="Import problems">
      <h2>Import LiveCodeBench problems</h2>
      <p className="muted">
        A <code>code_generation_lite</code> JSONL file. Every line is checked first: one bad line and nothing is imported. Re-importing a file is safe.
      </p>
      <div className="row">
        <label>
          LiveCodeBench JSONL file
          <input ref={input} type="file" accept=".jsonl,.json,application/json" disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <button type="submit" className="primary" disabled={!file || busy}>
          Import
        </button>
      </div>
      {state.phase === 'uploading' && (
        <div className="row">
          <div className="progress import-progress" role="progressbar" aria-label="Upload" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(state.fraction * 100)}>
            <span style={{ width: `${Math.round(state.fraction * 100)}%` }} />
          </div>
          <span>Uploading… {Math.round(state.fraction * 100)}%</span>
        </div>
      )}
      {state.phase === 'importing' && <p className="notice" role="status">Uploaded. Checking every line and importing…</p>}
      {state.phase === 'done' && (
        <p className="success" role="status">
          Imported {state.summary.total} problems from {state.file}: {state.summary.inserted} new, {state.summary.updated} updated, {state.summary.unchanged} unchanged.
        </p>
      )}
      {state.phase === 'failed' && (
        <div className="error" role="alert">
          <p>{state.message}</p>
          {state.issues.length > 0 && (
            <ul className="import-issues">
              {state.issues.map((issue, i) => (
                <li key={i}>{issue}</li>
              ))}
              {state.more > 0 && <li>… and {state.more.toLocaleString('en-US')} more line{state.more === 1 ? '' : 's'} with errors</li>}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
