import { ApiError } from '../../api';
import { useListState } from '../../paging/listState';
import { useResource } from '../../resources/useResource';
import { useMe } from '../../session';
import { runs as runsApi } from '../../../../shared/api/runs';
import type { RunSummary } from '../../../../shared/runs/views';
import { apartFromBaseline, sawPublicTests } from '../../../../shared/runs/humanBaseline';
import { AMBIGUITY_TYPES } from '../../../../shared/taxonomy';
import { KBars, TypeHeatMap } from './runs/Charts';
import { RunsHelp } from './runs/ColumnHelp';
import { CurationPanel } from './runs/CurationPanel';
import { JudgePanel } from './runs/JudgePanel';
import { JudgeAuditsPanel } from './runs/JudgeAuditsPanel';
import { PaperTablesPanel } from './runs/PaperTablesPanel';
import { isHumanRun } from './runs/RunName';
import { RunImportPanel } from './runs/RunImportPanel';
import { ModelsTable, PerKTable, PerTypeTable } from './runs/RunTables';
import { Tabs, TabPanel, type TabDef } from './runs/Tabs';
import { TaskScoresPanel } from './runs/TaskScoresPanel';
import './RunsPage.css';
import { ErrorMessage } from '../../components/ErrorMessage';
import './backoffice.css';

const VIEWS = [
  { id: 'figures', label: 'Figures' },
  { id: 'tasks', label: 'Per task' },
  { id: 'judge', label: 'Judge check' },
  { id: 'curation', label: 'Curation feedback' },
  { id: 'paper', label: 'Paper tables' },
] as const satisfies readonly TabDef<string>[];
type View = (typeof VIEWS)[number]['id'];


function Figures({ runs, types }: { runs: readonly RunSummary[]; types: readonly string[] }) {
  // Per K and per type, a while-coding pilot run is named as its condition, apart from the human baseline.
  const apart = apartFromBaseline(runs);
  return (
    <>
      <section className="card" aria-labelledby="models-h">
        <h2 id="models-h">{runs.some(isHumanRun) ? 'Models and pilots' : 'Models'}</h2>
        <p className="muted">
          Means over every task of the run, unfinished ones included. pass@1 is LiveCodeBench&apos;s grading, on the complete statements and on the code written
          after clarification (Δ = interactive − complete); “not imported” until it is. Each heading’s definition is in its title and under the tables. Each run names the release (by SHA-256) its figures are about.
          {runs.some(isHumanRun) && ' Runs marked “human” are pilots’ submitted tasks from a pilot study, scored with the reviewed labels.'}
        </p>
        <ModelsTable runs={runs.filter((r) => !sawPublicTests(r))} />
      </section>
      {runs.some(sawPublicTests) && (
        <section className="card" aria-labelledby="while-coding-h">
          <h2 id="while-coding-h">Pilots who saw the public tests while coding</h2>
          <p className="muted">
            These pilot studies offered the public tests (the statement’s examples, which the underspecified text leaves out) while coding, as RealHumanEval does:
            their runs are not the protocol’s human baseline and are kept apart here.
          </p>
          <ModelsTable runs={runs.filter(sawPublicTests)} label="Pilots with the public tests while coding" />
        </section>
      )}
      <section className="card" aria-labelledby="k-h">
        <h2 id="k-h">Per K</h2>
        <KBars runs={apart} />
        <PerKTable runs={apart} />
      </section>
      <section className="card" aria-labelledby="type-h">
        <h2 id="type-h">Per ambiguity type</h2>
        <p className="muted">Hit rate: share of the type&apos;s key questions a run asked (found in its hit questions). TKQR, ORA and pass@1: means over the tasks holding the type.</p>
        <TypeHeatMap runs={apart} types={types} />
        <PerTypeTable runs={apart} types={types} />
      </section>
    </>
  );
}

/** Evaluation runs: the paper's tables from imported runs, every task's scores, the judge check, and what goes back to curation. */
export default function RunsPage() {
  const me = useMe();
  const canWrite = me.role === 'maintainer';
  const list = useListState();
  const view: View = VIEWS.find((v) => v.id === list.get('view'))?.id ?? 'figures';
  const report = useResource(runsApi.list);
  const curated = useResource(runsApi.curation);
  // Both or neither: the tables and the curation panel describe the same runs.
  const both = report.data !== undefined && curated.data !== undefined;
  const runs: RunSummary[] | null = both ? (report.data?.runs ?? null) : null;
  const curation = both ? (curated.data ?? null) : null;
  const failure = report.error ?? curated.error;
  const error = failure === undefined ? null : failure instanceof ApiError ? failure.message : String(failure);
  // An import goes through upload() and a flag through call(): both invalidate the runs' resources.
  const load = () => undefined;

  const types = runs ? [...AMBIGUITY_TYPES, 'unattributed'].filter((t) => runs.some((r) => r.per_type[t])) : [];
  // Another view keeps the per-task table's filters in the URL, but starts it at its first page.
  const select = (id: View) => list.set({ view: id === 'figures' ? '' : id });
  return (
    <section className="page runs backoffice">
      <h1>Evaluation runs</h1>
      <ErrorMessage>{error}</ErrorMessage>
      {canWrite && <RunImportPanel onImported={load} />}
      {!runs && !error && <p className="loading">Loading runs…</p>}
      {runs && runs.length === 0 && <p className="notice">No runs yet.{canWrite ? ' Import a model’s run file above.' : ''}</p>}
      {runs && runs.length > 0 && (
        <>
          <Tabs tabs={VIEWS} current={view} onSelect={select} label="Views of the runs" />
          <TabPanel id={view}>
            {view === 'figures' && <Figures runs={runs} types={types} />}
            {view === 'tasks' && <TaskScoresPanel runs={runs} types={types} />}
            {view === 'judge' && <JudgePanel models={runs.map((r) => r.model)} />}
            {view === 'judge' && <JudgeAuditsPanel maintainer={canWrite} models={runs.map((r) => r.model)} />}
            {view === 'curation' && curation && <CurationPanel curation={curation} canFlag={canWrite} onFlagged={load} />}
            {view === 'paper' && <PaperTablesPanel runs={runs} />}
          </TabPanel>
          <RunsHelp />
        </>
      )}
    </section>
  );
}
