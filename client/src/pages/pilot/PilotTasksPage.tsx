import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { pilots } from '../../../../shared/api/pilots';
import { Link } from '../../router';
import type { SessionStatus } from '../../../../shared/schemas/pilots';
import './pilot.css';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';

export const STATUS_LABEL: Record<SessionStatus, string> = { new: 'To do', asking: 'Asking', coding: 'Writing code', submitted: 'Submitted' };
const BADGE: Record<SessionStatus, string> = { new: 'todo', asking: 'in-progress', coding: 'in-progress', submitted: 'submitted' };

export const sessionHref = (id: number) => `/pilot/sessions/${id}`;

/** The pilot's home: their tasks over all studies, the next one first in line. */
export default function PilotTasksPage() {
  const loaded = useResource(pilots.tasks);
  const tasks = loaded.data?.tasks ?? null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : 'Your tasks could not be loaded.';

  if (error) return <ErrorMessage>{error}</ErrorMessage>;
  if (!tasks) return <p className="loading">Loading your tasks…</p>;
  const done = tasks.filter((t) => t.status === 'submitted').length;
  const next = tasks.find((t) => t.status === 'asking' || t.status === 'coding') ?? tasks.find((t) => t.status === 'new');
  return (
    <section className="page pilot-tasks">
      <div className="row">
        <h1>Your tasks</h1>
        <span className="spacer" />
        {next && (
          <Link className="button primary" href={sessionHref(next.id)}>
            {next.status === 'new' ? 'Start' : 'Continue'} task {next.number} of {next.study}
          </Link>
        )}
      </div>
      <p className="muted">
        Work each task as a model would in the benchmark: read the task, ask the questions you need (one per turn, answered at once), then write the code. You see
        only what a model sees.
      </p>
      {tasks.length === 0 ? (
        <p className="card muted">No tasks are assigned to you yet. A maintainer adds you to a pilot study; check back later.</p>
      ) : (
        <>
          <p>
            <strong>{done}</strong> of {tasks.length} submitted.
          </p>
          <table aria-label="Your tasks">
            <TableHead columns={['Task', 'Study', 'Questions', 'Time limit', 'Status']} />
            <tbody>
              {tasks.map((t) => (
                <tr key={t.id}>
                  <td>
                    <Link href={sessionHref(t.id)}>Task {t.number}</Link>
                  </td>
                  <td>{t.study}</td>
                  <td>
                    {t.roundsUsed} of {t.maxRounds}
                  </td>
                  <td>{t.timeLimitMinutes === null ? '—' : `${t.timeLimitMinutes} min`}</td>
                  <td>
                    <span className={`badge ${BADGE[t.status]}`}>{STATUS_LABEL[t.status]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
