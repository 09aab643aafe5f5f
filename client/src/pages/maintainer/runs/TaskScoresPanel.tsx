import { useId } from 'react';
import { ApiError } from '../../../api';
import { useResource } from '../../../resources/useResource';
import { runs as runsApi } from '../../../../../shared/api/runs';
import { RUN_COLUMNS, Term, type RunColumn } from './ColumnHelp';
import { Link } from '../../../router';
import { useListState } from '../../../paging/listState';
import { Pager } from '../../../paging/Pager';
import { TableHead } from '../../../components/TableHead';
import { DEFAULT_TASK_PAGE_SIZE, type TaskScoreListPage } from '../../../../../shared/runs/taskTable';
import type { RunSummary } from '../../../../../shared/runs/views';
import { fmt, taskHref } from './format';
import { showingText } from './LocalPager';
import { kValues } from './RunTables';
import { ErrorMessage } from '../../../components/ErrorMessage';

const PARAMS = ['model', 'k', 'type', 'hit', 'sort', 'dir'] as const;

function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: readonly (readonly [string, string])[]; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Every run's tasks in one table: filtered, sorted and paged by the server, the view in the URL. */
export function TaskScoresPanel({ runs, types }: { runs: readonly RunSummary[]; types: readonly string[] }) {
  const list = useListState(DEFAULT_TASK_PAGE_SIZE);
  const query = list.apiQuery(PARAMS);
  const loaded = useResource(runsApi.taskScoreList, { query });
  const data: TaskScoreListPage | null = loaded.data ?? null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : String(loaded.error);
  const filter = (name: (typeof PARAMS)[number]) => (v: string) => list.set({ [name]: v });
  return (
    <section className="card" aria-labelledby="tasks-h">
      <h2 id="tasks-h">Per task</h2>
      <div className="row list-filters" role="group" aria-label="Filter the tasks">
        <FilterSelect label="Model" value={list.get('model')} onChange={filter('model')} options={[['', 'all models'], ...runs.map((r) => [r.model, r.model] as const)]} />
        <FilterSelect label="K" value={list.get('k')} onChange={filter('k')} options={[['', 'any K'], ...kValues(runs).map((k) => [k, `K = ${k}`] as const)]} />
        <FilterSelect label="Type" value={list.get('type')} onChange={filter('type')} options={[['', 'any type'], ...types.map((t) => [t, t] as const)]} />
        <FilterSelect
          label="Key questions"
          value={list.get('hit')}
          onChange={filter('hit')}
          options={[
            ['', 'hit or miss'],
            ['hit', 'hit: asked at least one'],
            ['miss', 'miss: asked none'],
          ]}
        />
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      {data && (
        <>
          <p className="muted task-count" role="status">
            {data.total === 0 ? 'No task matches these filters.' : `${showingText(data.offset, data.items.length, data.total)} task scores`}
          </p>
          <TaskTable data={data} list={list} busy={loaded.previous} />
          <Pager list={list} shown={data} noun="task score" label="Task score pages" />
        </>
      )}
    </section>
  );
}

/** A sortable column with its heading's definition as its title. */
const byKey = (sort: string, label: RunColumn) => ({ label, sort, title: RUN_COLUMNS[label].definition });
const COLUMNS = [
  byKey('model', 'model'),
  byKey('task', 'task'),
  byKey('k', 'K'),
  <Term column="types" />,
  byKey('hits', 'key questions hit'),
  byKey('tkqr', 'TKQR'),
  byKey('ora', 'ORA'),
  byKey('turns', 'turns'),
  byKey('diff', 'diff'),
];

/** `busy`: the rows are the previous page's, the one asked for is loading (aria-busy says so). */
function TaskTable({ data, list, busy }: { data: TaskScoreListPage; list: ReturnType<typeof useListState>; busy: boolean }) {
  return (
    <table aria-label="Task scores" className="task-scores" aria-busy={busy || undefined}>
      <TableHead sorting={{ list, fallback: 'model' }} columns={COLUMNS} />
      <tbody>
        {data.items.map((r) => (
          <tr key={`${r.model}:${r.task_id}`}>
            <td>{r.model}</td>
            <td>
              <Link href={taskHref(r.task_id, r.release_sha256)}>{r.task_id}</Link>
            </td>
            <td>{r.k}</td>
            <td className="types">{r.types.join(', ') || '—'}</td>
            <td>
              {r.hits} of {r.key_questions}
            </td>
            <td>{fmt(r.tkqr)}</td>
            <td>{fmt(r.ora)}</td>
            <td>{r.turns}</td>
            <td>{r.diff}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
