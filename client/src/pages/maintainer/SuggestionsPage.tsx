import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { invalidate, useResource } from '../../resources/useResource';
import { suggestionJobs } from '../../../../shared/api/suggestionJobs';
import type { JobCountsView, JobView } from '../../../../shared/suggestions/jobs';
import { ImportedSuggestions, PolicyInForce } from './SuggestionPolicyParts';
import './SuggestionsPage.css';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';
import './backoffice.css';

/** How often the progress view asks again while a job runs. */
const POLL_MS = 1000;

const listOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

const done = (c: JobCountsView) => c.total - c.pending;

function Counts({ counts }: { counts: JobCountsView }) {
  return (
    <dl className="job-counts">
      <dt>stored</dt>
      <dd>{counts.stored}</dd>
      <dt>skipped (already generated)</dt>
      <dd>{counts.skipped}</dd>
      <dt>malformed answers</dt>
      <dd>{counts.malformed}</dd>
      <dt>no usable point</dt>
      <dd>{counts.noPoints}</dd>
      <dt>failed after retries</dt>
      <dd>{counts.failed}</dd>
      <dt>spans dropped (not found once in the text)</dt>
      <dd>{counts.droppedSpans}</dd>
      <dt>tokens in / out</dt>
      <dd>
        {counts.tokensIn} / {counts.tokensOut}
      </dd>
    </dl>
  );
}

/** One job's progress, asked again every second until it has finished. */
function JobProgress({ id }: { id: number }) {
  const loaded = useResource(suggestionJobs.job, { params: { id: String(id) } });
  const job = loaded.data;
  const running = job?.status === 'running';
  const { reload } = loaded;
  const wasRunning = useRef(false);
  useEffect(() => {
    // A job that has just finished: the list of jobs shows its new status too.
    if (wasRunning.current && !running) invalidate(suggestionJobs.list);
    wasRunning.current = running;
    if (!running) return undefined;
    const timer = window.setInterval(reload, POLL_MS);
    return () => window.clearInterval(timer);
  }, [running, reload]);
  if (loaded.error !== undefined) return <p className="error">{loaded.error instanceof ApiError ? loaded.error.message : 'The job could not be loaded.'}</p>;
  if (!job) return <p className="loading">Loading the job…</p>;
  const failures = job.problems.filter((p) => p.outcome === 'malformed' || p.outcome === 'no-points' || p.outcome === 'failed');
  return (
    <section className="card" aria-labelledby="job-h">
      <h2 id="job-h">
        Job {job.id}: {job.agent}
      </h2>
      <progress max={job.counts.total} value={done(job.counts)} aria-label={`Job ${job.id} progress`} />
      <p role="status">
        {job.status === 'running' && `Running: ${done(job.counts)} of ${job.counts.total} problems done.`}
        {job.status === 'done' && `Done: ${job.counts.total} problems, ${job.counts.stored} suggestions stored.`}
        {job.status === 'failed' && `Stopped after ${done(job.counts)} of ${job.counts.total} problems: ${job.error ?? 'unknown error'}`}
        {job.status === 'interrupted' && `Interrupted after ${done(job.counts)} of ${job.counts.total} problems: the process running it stopped. Start a job over the same problems again; the suggestions already stored are skipped.`}
      </p>
      {!job.structured && <p className="muted">The endpoint refused structured output; the job asked for plain JSON instead.</p>}
      <Counts counts={job.counts} />
      {failures.length > 0 && (
        <div className="scroll-x">
          <table aria-label="Problems without a suggestion">
            <TableHead columns={['problem', 'outcome', 'attempts', 'detail']} />
            <tbody>
              {failures.map((p) => (
                <tr key={p.questionId}>
                  <th scope="row">{p.questionId}</th>
                  <td>{p.outcome}</td>
                  <td>{p.attempts}</td>
                  <td>{p.detail ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function JobList({ jobs, onOpen }: { jobs: readonly JobView[]; onOpen: (id: number) => void }) {
  return (
    <section className="card" aria-labelledby="jobs-h">
      <h2 id="jobs-h">Recent jobs</h2>
      <div className="scroll-x">
        <table aria-label="Suggestion jobs">
          <TableHead columns={['job', 'agent', 'prompt', 'status', 'problems', 'stored', 'started']} />
          <tbody>
            {jobs.map((j) => (
              <tr key={j.id}>
                <th scope="row">
                  <button type="button" className="job-link" onClick={() => onOpen(j.id)}>
                    Job {j.id}
                  </button>
                </th>
                <td>{j.agent}</td>
                <td>{j.promptVersion}</td>
                <td>{j.status}</td>
                <td>
                  {done(j.counts)} of {j.counts.total}
                </td>
                <td>{j.counts.stored}</td>
                <td>
                  {j.createdAt.slice(0, 16).replace('T', ' ')} by {j.startedBy}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Suggestions: generate suggested points with the configured chat model, and watch the jobs. */
export default function SuggestionsPage() {
  const listed = useResource(suggestionJobs.list);
  const [problems, setProblems] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const agent = listed.data?.agent ?? null;
  const shown = open ?? listed.data?.jobs[0]?.id ?? null;

  async function start(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const questionIds = listOf(problems);
    if (questionIds.length === 0) {
      setError('Name at least one problem.');
      return;
    }
    setBusy(true);
    try {
      const job = await call(suggestionJobs.start, { body: { questionIds } });
      setOpen(job.id);
      setProblems('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The job could not be started.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page backoffice suggestions-page">
      <h1>Suggestions</h1>
      <p className="muted">
        A chat model proposes up to three points per problem; annotators see them only as the suggestion policy allows. Problems already generated with this model and
        prompt are skipped, so starting a stopped job again resumes it.
      </p>
      <PolicyInForce />
      <ImportedSuggestions />
      {listed.data && (
        <p className={agent ? undefined : 'notice'}>
          {agent ? (
            <>
              Model: <code>{agent}</code>
            </>
          ) : (
            'No model is configured: set CCB_LLM_BASE_URL, CCB_LLM_MODEL and CCB_LLM_API_KEY on the server.'
          )}
        </p>
      )}
      <form className="card" onSubmit={(e) => void start(e) /* shows its own error */} aria-labelledby="generate-h" noValidate>
        <h2 id="generate-h">Generate suggestions</h2>
        <label className="field">
          Problems (question ids, separated by commas, spaces or lines)
          <textarea value={problems} onChange={(e) => setProblems(e.target.value)} rows={4} placeholder="abc387_b, abc387_c" />
        </label>
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" disabled={busy || !agent}>
          {busy ? 'Starting…' : 'Generate suggestions'}
        </button>
      </form>
      {shown !== null && <JobProgress key={shown} id={shown} />}
      {listed.data && listed.data.jobs.length > 0 && <JobList jobs={listed.data.jobs} onOpen={setOpen} />}
    </section>
  );
}
