import { useEffect, useMemo, useState } from 'react';
import { upload } from '../../../apiCall';
import { Link } from '../../../router';
import { FileField, UploadPanel, useUpload } from '../../../components/UploadPanel';
import { useResource } from '../../../resources/useResource';
import { releases as releasesApi } from '../../../../../shared/api/releases';
import { runs } from '../../../../../shared/api/runs';
import type { ReleaseSummary } from '../../../../../shared/schemas/release';
import { plural } from '../../../../../shared/plural';

/** Upload a run file (the evaluator's run-output JSONL) over a stored release, with progress. */
export function RunImportPanel({ onImported }: { onImported: () => void }) {
  const listed = useResource(releasesApi.list);
  const releases = useMemo<ReleaseSummary[]>(() => listed.data?.releases ?? [], [listed.data]);
  const [release, setRelease] = useState('');
  const [model, setModel] = useState('');
  const [replace, setReplace] = useState(false);
  const [judge, setJudge] = useState('');
  const u = useUpload((file, onProgress) => {
    const query = { model: model.trim(), release, name: file.name, ...(replace ? { replace: '1' as const } : {}), ...(judge.trim() ? { judge: judge.trim() } : {}) };
    return upload(runs.import, { query }, file, onProgress);
  }, onImported);
  const busy = u.busy;
  // A run is scored against the key questions of a stored release: until one is cut there is
  // nothing to import over, and the form says where to cut one instead of offering an empty list.
  const noRelease = listed.data !== undefined && releases.length === 0;

  useEffect(() => {
    setRelease((r) => r || releases[0]?.name || '');
  }, [releases]);

  return (
    <UploadPanel
      upload={u}
      label="Import a run"
      title="Import a run"
      intro="One JSON object per task in the evaluator's run-output schema. Every line is checked against the release first (task ids, K, hit labels): one bad line and nothing is imported."
      done={(summary) =>
        `Imported the run of ${summary.model}: ${plural(summary.tasks, 'task')} (${summary.unfinished} unfinished) over ${summary.release}${summary.replaced ? `, replacing the earlier run of ${plural(summary.replaced.tasks, 'task')}` : ''}.`
      }
    >
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
          <select value={release} onChange={(e) => setRelease(e.target.value)} disabled={busy || noRelease} required aria-describedby={noRelease ? 'run-import-no-release' : undefined}>
            {noRelease && <option value="">no release yet</option>}
            {releases.map((r) => (
              <option key={r.name} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <FileField upload={u} label="Run file (JSONL)" className="field" />
        <label>
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} disabled={busy} /> Replace this model&apos;s run
        </label>
        <button type="submit" className="primary" disabled={!u.file || !model.trim() || !release || busy}>
          Import run
        </button>
      </div>
      {noRelease && (
        <p className="muted" id="run-import-no-release">
          A run is checked against a stored release, and there is none yet: cut one on the <Link href="/releases">Releases</Link> page first.
        </p>
      )}
    </UploadPanel>
  );
}
