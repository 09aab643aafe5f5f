import { useState } from 'react';
import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { runs as runsApi } from '../../../../shared/api/runs';
import { Link } from '../../router';
import { useMe } from '../../session';
import type { RunSummary, TaskScoreRow } from '../../../../shared/runs/views';
import { AMBIGUITY_TYPES } from '../../../../shared/taxonomy';
import { KBars, TypeHeatMap } from './runs/Charts';
import { CurationPanel } from './runs/CurationPanel';
import { fmt, pct, taskHref } from './runs/format';
import { JudgePanel } from './runs/JudgePanel';
import { isHumanRun, RunName } from './runs/RunName';
import { duration } from './pilots/format';
import { RunImportPanel } from './runs/RunImportPanel';
import './RunsPage.css';

function ModelsTable({ runs }: { runs: readonly RunSummary[] }) {
  const anyHuman = runs.some(isHumanRun);
  return (
    <table aria-label="Models side by side">
      <thead>
        <tr>
          <th>model</th>
          <th>TKQR</th>
          <th>ORA</th>
          <th>avg turns</th>
          <th>avg diff</th>
          <th>unfinished</th>
          <th>tasks</th>
          {anyHuman && <th>time per task</th>}
          {anyHuman && <th>time to first question</th>}
          <th>release</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => (
          <tr key={r.model} className={isHumanRun(r) ? 'human-run' : undefined}>
            <th scope="row">
              <RunName run={r} />
            </th>
            <td>{fmt(r.tkqr)}</td>
            <td>{fmt(r.ora)}</td>
            <td>{fmt(r.avg_turns, 2)}</td>
            <td>{fmt(r.avg_diff, 2)}</td>
            <td>{r.unfinished}</td>
            <td>{r.tasks}</td>
            {anyHuman && <td>{r.human ? duration(r.human.avgSecondsPerTask) : '—'}</td>}
            {anyHuman && <td>{r.human ? duration(r.human.avgSecondsToFirstQuestion) : '—'}</td>}
            <td title={`SHA-256 ${r.release_sha256}`}>
              {r.release} <code className="muted">{r.release_sha256.slice(0, 12)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PerKTable({ runs }: { runs: readonly RunSummary[] }) {
  const ks = [...new Set(runs.flatMap((r) => Object.keys(r.per_k)))].sort((a, b) => Number(a) - Number(b));
  return (
    <table aria-label="Per K">
      <thead>
        <tr>
          <th>model</th>
          {ks.map((k) => (
            <th key={k}>K = {k}: tasks · TKQR · ORA · diff</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => (
          <tr key={r.model} className={isHumanRun(r) ? 'human-run' : undefined}>
            <th scope="row">
              <RunName run={r} />
            </th>
            {ks.map((k) => {
              const f = r.per_k[k];
              return <td key={k}>{f ? `${f.tasks} · ${fmt(f.tkqr)} · ${fmt(f.ora)} · ${fmt(f.avg_diff, 2)}` : '—'}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PerTypeTable({ runs, types }: { runs: readonly RunSummary[]; types: readonly string[] }) {
  return (
    <table aria-label="Per ambiguity type">
      <thead>
        <tr>
          <th>type</th>
          {runs.map((r) => (
            <th key={r.model}>
              <RunName run={r} />: key questions · hit rate · TKQR · ORA
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {types.map((t) => (
          <tr key={t}>
            <th scope="row">{t}</th>
            {runs.map((r) => {
              const f = r.per_type[t];
              return <td key={r.model}>{f ? `${f.key_questions} · ${pct(f.hit_rate)} · ${fmt(f.tkqr)} · ${fmt(f.ora)}` : '—'}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TaskScores({ runs }: { runs: readonly RunSummary[] }) {
  const [model, setModel] = useState(runs[0]?.model ?? '');
  const scores = useResource(model ? runsApi.taskScores : null, { params: { model } });
  const rows: TaskScoreRow[] = scores.error === undefined ? (scores.data ?? []) : [];
  const release = runs.find((r) => r.model === model)?.release_sha256;
  return (
    <section className="card" aria-labelledby="tasks-h">
      <h2 id="tasks-h">Per task</h2>
      <label className="field">
        Model
        <select value={model} onChange={(e) => setModel(e.target.value)}>
          {runs.map((r) => (
            <option key={r.model}>{r.model}</option>
          ))}
        </select>
      </label>
      <div className="scroll">
        <table aria-label="Task scores">
          <thead>
            <tr>
              <th>task</th>
              <th>TKQR</th>
              <th>ORA</th>
              <th>turns</th>
              <th>diff</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.task_id}>
                <td>
                  <Link href={taskHref(r.task_id, release)}>{r.task_id}</Link>
                </td>
                <td>{fmt(r.tkqr)}</td>
                <td>{fmt(r.ora)}</td>
                <td>{r.turns}</td>
                <td>{r.diff}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Evaluation runs: the paper's tables from imported runs, the judge check, and what goes back to curation. */
export default function RunsPage() {
  const me = useMe();
  const canWrite = me.role === 'maintainer';
  const report = useResource(runsApi.list);
  const curated = useResource(runsApi.curation);
  // Both or neither: the tables and the curation panel describe the same runs.
  const both = report.data !== undefined && curated.data !== undefined;
  const runs = both ? (report.data?.runs ?? null) : null;
  const curation = both ? (curated.data ?? null) : null;
  const failure = report.error ?? curated.error;
  const error = failure === undefined ? null : failure instanceof ApiError ? failure.message : String(failure);
  // An import goes through upload(), which reloads the runs.
  const load = () => undefined;

  const types = runs ? [...AMBIGUITY_TYPES, 'unattributed'].filter((t) => runs.some((r) => r.per_type[t])) : [];
  return (
    <section className="page runs backoffice">
      <h1>Evaluation runs</h1>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {canWrite && <RunImportPanel onImported={load} />}
      {!runs && !error && <p className="loading">Loading runs…</p>}
      {runs && runs.length === 0 && <p className="notice">No runs yet.{canWrite ? ' Import a model’s run file above.' : ''}</p>}
      {runs && runs.length > 0 && (
        <>
          <section className="card" aria-labelledby="models-h">
            <h2 id="models-h">{runs.some(isHumanRun) ? 'Models and pilots' : 'Models'}</h2>
            <p className="muted">
              Means over every task of the run, unfinished ones included. Each run names the release (by SHA-256) its figures are about.
              {runs.some(isHumanRun) && ' Runs marked “human” are pilots’ submitted tasks from a pilot study, scored with the reviewed labels.'}
            </p>
            <ModelsTable runs={runs} />
          </section>
          <section className="card" aria-labelledby="k-h">
            <h2 id="k-h">Per K</h2>
            <KBars runs={runs} />
            <PerKTable runs={runs} />
          </section>
          <section className="card" aria-labelledby="type-h">
            <h2 id="type-h">Per ambiguity type</h2>
            <p className="muted">Hit rate: share of the type&apos;s key questions a run asked (found in its hit questions). TKQR and ORA: means over the tasks holding the type.</p>
            <TypeHeatMap runs={runs} types={types} />
            <PerTypeTable runs={runs} types={types} />
          </section>
          <JudgePanel models={runs.map((r) => r.model)} />
          <TaskScores runs={runs} />
          {curation && <CurationPanel curation={curation} canFlag={canWrite} onFlagged={load} />}
        </>
      )}
    </section>
  );
}
