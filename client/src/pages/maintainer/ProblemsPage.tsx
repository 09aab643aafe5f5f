import { ApiError } from '../../api';
import { plural } from '../../../../shared/plural';
import { invalidate, useResource } from '../../resources/useResource';
import { problems } from '../../../../shared/api/problems';
import { batches } from '../../../../shared/api/batches';
import { NO_BATCH } from '../../../../shared/schemas/backoffice';
import { Link } from '../../router';
import { problemHref } from '../pageLinks';
import type { AdjudicationProgress, AnnotationProgress, ProblemListItem } from '../../../../shared/schemas/backoffice';
import { useDebouncedFilter, useListState } from '../../paging/listState';
import { Pager } from '../../paging/Pager';
import { TableHead } from '../../components/TableHead';
import { ImportPanel } from './ImportPanel';
import { ProblemStateFilters } from './ProblemFilterFields';
import { ANNOTATION_STATE, PROBLEM_ADJUDICATION_STATE } from '../../stateLabels';
import '../../discussion/discussion.css';
import './backoffice.css';
import { Visible } from '../../text/Visible';
import { ErrorMessage } from '../../components/ErrorMessage';

export const ANNOTATION_LABEL: Record<AnnotationProgress, string> = ANNOTATION_STATE;
const ADJUDICATION_LABEL: Record<AdjudicationProgress, string> = PROBLEM_ADJUDICATION_STATE;


function ProblemRow({ p }: { p: ProblemListItem }) {
  return (
    <tr>
      <td>
        <Link href={problemHref(p.questionId)}>{p.title}</Link>
        {p.openFlags > 0 && (
          <>
            {' '}
            <Link href={`${problemHref(p.questionId)}#discussion`} className="badge open-flag">
              {p.openFlags === 1 ? '1 open flag' : `${p.openFlags} open flags`}
            </Link>
          </>
        )}
      </td>
      <td>
        <code>{p.questionId}</code>
      </td>
      <td>{p.difficulty}</td>
      <td>{p.contestDate.slice(0, 10)}</td>
      <td>
        {p.annotators.length === 0 ? (
          <span className="muted">not assigned</span>
        ) : (
          <ul className="plain">
            {p.annotators.map((a) => (
              <li key={a.username}>
                {a.username} <span className={`badge ${a.status}`}>{ANNOTATION_LABEL[a.status]}</span>
                {a.skipped !== undefined && (
                  <span className="badge skipped" title={a.skipped}>
                    skipped: <Visible text={a.skipped} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <span className={`badge ${p.adjudication}`}>{ADJUDICATION_LABEL[p.adjudication]}</span>
      </td>
      <td>
        {p.batch === null ? (
          <span className="muted">none</span>
        ) : (
          <>
            <Link href={`/batches/${encodeURIComponent(p.batch.name)}`}>{p.batch.name}</Link> <span className="muted">due {p.batch.due}</span>
          </>
        )}
      </td>
    </tr>
  );
}

const FILTER_PARAMS = ['q', 'difficulty', 'adjudication', 'flags', 'skipped', 'batch', 'sort', 'dir'] as const;

/** The batch filter: any, the problems in no batch, or one batch's. */
function BatchFilter({ value, set }: { value: string; set: (batch: string) => void }) {
  const loaded = useResource(batches.list);
  const names = (loaded.data ?? []).map((b) => b.name);
  return (
    <label className="inline">
      Batch
      <select value={value} onChange={(e) => set(e.target.value)}>
        <option value="">any</option>
        <option value={NO_BATCH}>in no batch</option>
        {value !== '' && value !== NO_BATCH && !names.includes(value) && <option value={value}>{value}</option>}
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The server's text filter, applied to the rows already on screen: what typing shows at once,
 * before the debounced request brings the matching page from all problems (same fields as
 * GET /api/problems?q=: question id, title, difficulty, annotator).
 */
export function matchesFilter(p: ProblemListItem, text: string): boolean {
  const t = text.trim().toLowerCase();
  if (t === '') return true;
  return [p.questionId, p.title, p.difficulty, ...p.annotators.map((a) => a.username)].some((field) => field.toLowerCase().includes(t));
}

/** The maintainer's home: problems page by page with who works on them, and the import. */
export default function ProblemsPage() {
  const list = useListState();
  const [text, setText] = useDebouncedFilter(list, 'q');
  const query = list.apiQuery(FILTER_PARAMS);
  const loaded = useResource(problems.list, { query });
  // The shown page answers the applied filter only once it is loaded (until then it is the previous one).
  const data = loaded.data ?? null;

  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : 'The problems could not be loaded.';
  const reload = () => invalidate(problems.list);

  const filtered = FILTER_PARAMS.slice(0, 6).some((f) => list.get(f) !== '');
  // Typed but not answered yet (debounce or request under way): narrow the rows on screen at once.
  const searching = data !== null && (loaded.previous || text.trim() !== list.get('q'));
  const rows = data === null ? [] : searching ? data.items.filter((p) => matchesFilter(p, text)) : data.items;
  return (
    <section className="page backoffice">
      <h1>Problems</h1>
      <ImportPanel onImported={reload} />
      <ErrorMessage>{error}</ErrorMessage>
      {data === null ? (
        !error && <p className="loading">Loading problems…</p>
      ) : data.total === 0 && !filtered ? (
        <p className="card muted">No problems yet. Import a LiveCodeBench JSONL file above.</p>
      ) : (
        <>
          <div className="row list-filters">
            <label className="inline">
              Filter
              <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="id, title, difficulty, annotator" />
            </label>
            <ProblemStateFilters difficulty={list.get('difficulty')} adjudication={list.get('adjudication')} set={(change) => list.set(change)} />
            <BatchFilter value={list.get('batch')} set={(batch) => list.set({ batch })} />
            <label className="inline">
              <input type="checkbox" checked={list.get('flags') === 'open'} onChange={(e) => list.set({ flags: e.target.checked ? 'open' : '' })} />
              Open flags only
            </label>
            <label className="inline">
              <input type="checkbox" checked={list.get('skipped') === 'yes'} onChange={(e) => list.set({ skipped: e.target.checked ? 'yes' : '' })} />
              Skipped only
            </label>
            <span className="muted" aria-live="polite">
              {searching ? `${rows.length} on this page ${rows.length === 1 ? 'matches' : 'match'}; searching all problems…` : filtered ? plural(data.total, 'matching problem') : plural(data.total, 'problem')}
            </span>
          </div>
          <table aria-label="Problems">
            <TableHead
              sorting={{ list }}
              columns={[{ label: 'Problem', sort: 'title' }, { label: 'ID', sort: 'id' }, { label: 'Difficulty', sort: 'difficulty' }, { label: 'Contest date', sort: 'contestDate' }, 'Annotators', 'Adjudication', 'Batch']}
            />
            <tbody>
              {rows.map((p) => (
                <ProblemRow key={p.questionId} p={p} />
              ))}
            </tbody>
          </table>
          {data.items.length === 0 && <p className="muted">No problems match these filters.</p>}
          <Pager list={list} shown={data} noun="problem" label="Problem pages" />
        </>
      )}
    </section>
  );
}
