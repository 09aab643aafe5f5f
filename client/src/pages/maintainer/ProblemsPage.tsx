import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../../api';
import { Link } from '../../router';
import type { AdjudicationProgress, AnnotationProgress, ProblemListItem } from '../../../../shared/schemas/backoffice';
import { ImportPanel } from './ImportPanel';
import { ANNOTATION_STATE, PROBLEM_ADJUDICATION_STATE } from '../../stateLabels';
import './backoffice.css';

export const ANNOTATION_LABEL: Record<AnnotationProgress, string> = ANNOTATION_STATE;
const ADJUDICATION_LABEL: Record<AdjudicationProgress, string> = PROBLEM_ADJUDICATION_STATE;

export const problemHref = (questionId: string) => `/problems/${encodeURIComponent(questionId)}`;

function matches(p: ProblemListItem, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  if (!f) return true;
  return [p.questionId, p.title, p.difficulty, ...p.annotators.map((a) => a.username)].some((s) => s.toLowerCase().includes(f));
}

function ProblemRow({ p }: { p: ProblemListItem }) {
  return (
    <tr>
      <td>
        <Link href={problemHref(p.questionId)}>{p.title}</Link>
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
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <span className={`badge ${p.adjudication}`}>{ADJUDICATION_LABEL[p.adjudication]}</span>
      </td>
    </tr>
  );
}

/** The maintainer's home: every problem with who works on it, and the import. */
export default function ProblemsPage() {
  const [problems, setProblems] = useState<ProblemListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');

  const load = useCallback(() => {
    api.get<ProblemListItem[]>('/api/problems').then(
      (list) => {
        setProblems(list);
        setError(null);
      },
      (err: unknown) => setError(err instanceof ApiError ? err.message : 'The problems could not be loaded.'),
    );
  }, []);
  useEffect(load, [load]);

  const shown = problems?.filter((p) => matches(p, filter)) ?? [];
  return (
    <section className="page backoffice">
      <h1>Problems</h1>
      <ImportPanel onImported={load} />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {problems === null ? (
        !error && <p className="loading">Loading problems…</p>
      ) : problems.length === 0 ? (
        <p className="card muted">No problems yet. Import a LiveCodeBench JSONL file above.</p>
      ) : (
        <>
          <div className="row">
            <label className="inline">
              Filter
              <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="id, title, difficulty, annotator" />
            </label>
            <span className="muted">
              {shown.length} of {problems.length} problems
            </span>
          </div>
          <table aria-label="Problems">
            <thead>
              <tr>
                <th>Problem</th>
                <th>ID</th>
                <th>Difficulty</th>
                <th>Contest date</th>
                <th>Annotators</th>
                <th>Adjudication</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <ProblemRow key={p.questionId} p={p} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
