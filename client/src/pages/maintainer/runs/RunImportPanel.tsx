import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api';
import { upload } from '../../../apiCall';
import { useResource } from '../../../resources/useResource';
import { releases as releasesApi } from '../../../../../shared/api/releases';
import { runs } from '../../../../../shared/api/runs';
import type { ReleaseSummary } from '../../../../../shared/schemas/release';

interface Summary {
  model: string;
  release: string;
  release_sha256: string;
  tasks: number;
  unfinished: number;
  replaced: { tasks: number } | null;
}

type State =
  | { phase: 'idle' }
  | { phase: 'uploading'; fraction: number }
  | { phase: 'importing' }
  | { phase: 'done'; summary: Summary }
  | { phase: 'failed'; message: string; issues: string[]; more: number };

const SHOWN_ISSUES = 50;

function failure(err: unknown): State {
  if (!(err instanceof ApiError)) return { phase: 'failed', message: 'The import failed.', issues: [], more: 0 };
  // The server lists the first issues (as many as are shown) and counts the other lines with errors.
  const unlisted = (err.details as { unlistedLines?: number } | undefined)?.unlistedLines ?? 0;
  const issues = err.issues.slice(0, SHOWN_ISSUES).map((i) => `${i.path}: ${i.message}`);
  return { phase: 'failed', message: err.message, issues, more: unlisted };
}

/** Upload a run file (the evaluator's run-output JSONL) over a stored release, with progress. */
export function RunImportPanel({ onImported }: { onImported: () => void }) {
  const listed = useResource(releasesApi.list);
  const releases = useMemo<ReleaseSummary[]>(() => listed.data?.releases ?? [], [listed.data]);
  const [release, setRelease] = useState('');
  const [model, setModel] = useState('');
  const [replace, setReplace] = useState(false);
  const [judge, setJudge] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ phase: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const busy = state.phase === 'uploading' || state.phase === 'importing';

  useEffect(() => {
    setRelease((r) => r || releases[0]?.name || '');
  }, [releases]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setState({ phase: 'uploading', fraction: 0 });
    try {
      const query = { model: model.trim(), release, name: file.name, ...(replace ? { replace: '1' as const } : {}), ...(judge.trim() ? { judge: judge.trim() } : {}) };
      const summary = await upload(runs.import, { query }, file, (fraction) => setState(fraction < 1 ? { phase: 'uploading', fraction } : { phase: 'importing' }));
      setState({ phase: 'done', summary });
      setFile(null);
      if (input.current) input.current.value = '';
      onImported();
    } catch (err) {
      setState(failure(err));
    }
  }

  return (
    <form className="card import-panel" onSubmit={(e) => void submit(e) /* shows its own error */} aria-label="Import a run">
      <h2>Import a run</h2>
      <p className="muted">
        One JSON object per task in the evaluator&apos;s run-output schema. Every line is checked against the release first (task ids, K, hit labels): one bad
        line and nothing is imported.
      </p>
      <div className="row run-import-fields">
        <label className="field">
          Model
          <input value={model} onChange={(e) => setModel(e.target.value)} required disabled={busy} placeholder="e.g. gpt-4o" />
        </label>
        <label className="field">
          Judge model (optional)
          <input value={judge} onChange={(e) => setJudge(e.target.value)} disabled={busy} maxLength={200} placeholder="the model that labelled the hits" />
        </label>
        <label className="field">
          Release
          <select value={release} onChange={(e) => setRelease(e.target.value)} disabled={busy} required>
            {releases.map((r) => (
              <option key={r.name} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Run file (JSONL)
          <input ref={input} type="file" accept=".jsonl,.json,application/json" disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <label>
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} disabled={busy} /> Replace this model&apos;s run
        </label>
        <button type="submit" className="primary" disabled={!file || !model.trim() || !release || busy}>
          Import run
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
          Imported the run of {state.summary.model}: {state.summary.tasks} tasks ({state.summary.unfinished} unfinished) over {state.summary.release}
          {state.summary.replaced ? `, replacing the earlier run of ${state.summary.replaced.tasks} tasks` : ''}.
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
