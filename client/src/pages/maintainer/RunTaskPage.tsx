import { useState } from 'react';
import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { runs } from '../../../../shared/api/runs';
import { Link, useLocation } from '../../router';
import { crossCheckHref, problemHref } from '../pageLinks';
import { useMe } from '../../session';
import type { PageProps } from '../../routes';
import type { TaskDetail } from '../../../../shared/runs/views';
import { FlagButton } from './runs/FlagButton';
import { fmt } from './runs/format';
import './RunsPage.css';
import { Visible } from '../../text/Visible';
import { ErrorMessage } from '../../components/ErrorMessage';
import './backoffice.css';

type RunView = TaskDetail['runs'][number];

function Dialogue({ run, task }: { run: RunView; task: TaskDetail }) {
  return (
    <ol className="dialogue" aria-label={`Dialogue of ${run.model}`}>
      {run.messages.map((m, i) => {
        const kq = m.keyQuestion !== null ? task.keyQuestions[m.keyQuestion] : undefined;
        return (
          <li key={i} className={`msg ${m.role}${m.hit ? ' hit' : ''}`}>
            <div className="msg-head">
              <strong>{m.role}</strong>
              {m.turn !== null && <span className="muted"> · turn {m.turn}</span>}
              {m.hit === true && (
                <span className="badge hit-badge">
                  hit
                  {kq && m.keyQuestion !== null && (
                    <>
                      {' '}
                      → <a href={`#kq-${m.keyQuestion}`}>key question {m.keyQuestion + 1}</a>
                    </>
                  )}
                </span>
              )}
              {m.hit === false && <span className="badge miss-badge">no hit</span>}
            </div>
            <pre className="msg-text">
              <Visible text={m.content} />
            </pre>
          </li>
        );
      })}
    </ol>
  );
}

/** One task as every run saw it: its text, the key questions and gold points, each dialogue with its hits and scores. */
export default function RunTaskPage({ params }: PageProps) {
  const taskId = params.taskId ?? '';
  const { search } = useLocation();
  const release = search.get('release');
  const me = useMe();
  const [flagged, setFlagged] = useState<string | null>(null);
  const loaded = useResource(runs.task, { params: { taskId }, query: { release: release ?? undefined } });
  const task = loaded.error === undefined ? (loaded.data ?? null) : null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : String(loaded.error);

  return (
    <section className="page runs run-task">
      <p>
        <Link href="/runs">← Runs</Link>
      </p>
      <h1>
        Task {taskId}
        {task && (
          <>
            {' '}
            <span className="muted">
              {task.title ?? ''} <code>{task.questionId}</code>
            </span>
          </>
        )}
      </h1>
      <ErrorMessage>{error}</ErrorMessage>
      {task && (
        <>
          <div className="row">
            {task.title !== null && (
              <Link href={problemHref(task.questionId)}>Open the problem</Link>
            )}
            {task.adjudication && (
              <span>
                Adjudication: <span className={`badge ${task.adjudication}`}>{task.adjudication}</span>{' '}
                <Link href={crossCheckHref(task.questionId)}>open the cross-check</Link>
              </span>
            )}
            {/* The flag reloads the task, which is then no longer resolved: keep its confirmation shown. */}
            {flagged === task.taskId && (
              <span className="success" role="status">
                Reopened {task.questionId} for adjudication.
              </span>
            )}
            {me.role === 'maintainer' && task.adjudication === 'resolved' && flagged !== task.taskId && <FlagButton taskId={task.taskId} model={task.runs[0]?.model} onFlagged={() => setFlagged(task.taskId)} />}
          </div>
          <div className="task-grid">
            <section className="card" aria-labelledby="text-h">
              <h2 id="text-h">Underspecified text</h2>
              <pre className="statement">
                <Visible text={task.text} />
              </pre>
            </section>
            <section className="card" aria-labelledby="kq-h">
              <h2 id="kq-h">Key questions</h2>
              <ol className="key-questions">
                {task.keyQuestions.map((k, i) => (
                  <li key={i} id={`kq-${i}`}>
                    <p className="kq">
                      <Visible text={k.question} />
                    </p>
                    <p className="muted">
                      {k.type ?? 'unattributed'} · answer: <Visible text={k.answer} />
                    </p>
                  </li>
                ))}
              </ol>
              <h2>Gold points</h2>
              {task.gold.length === 0 ? (
                <p className="muted">This problem has no gold points in this database.</p>
              ) : (
                <ol className="gold-points">
                  {task.gold.map((g, i) => (
                    <li key={i}>
                      <p className="kq">
                        <Visible text={g.question} />
                      </p>
                      <p className="muted">
                        {g.type ?? 'no type'} · {g.provenance} · answer: <Visible text={g.answer} />
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
          {task.runs.map((run) => (
            <section key={run.model} className="card run-dialogue" aria-labelledby={`run-${run.model}`}>
              <h2 id={`run-${run.model}`}>{run.model}</h2>
              <p>
                TKQR {fmt(run.scores.tkqr)} · ORA {fmt(run.scores.ora)} · {run.scores.turns} clarification rounds for K = {run.k} (diff {run.scores.diff}) ·{' '}
                {run.finished ? 'finished' : 'unfinished'} · key questions hit: {run.keyQuestionsHit.filter(Boolean).length} of {run.keyQuestionsHit.length}
              </p>
              <Dialogue run={run} task={task} />
            </section>
          ))}
        </>
      )}
    </section>
  );
}
