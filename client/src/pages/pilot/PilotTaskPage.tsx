import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { pilots } from '../../../../shared/api/pilots';
import { Link } from '../../router';
import type { PageProps } from '../../routes';
import type { PilotSessionView, PilotTaskItem } from '../../../../shared/schemas/pilots';
import { PilotSession } from './PilotSession';
import './pilot.css';
import { LoadError } from '../../components/ErrorMessage';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'before'; item: PilotTaskItem }
  | { status: 'ready'; view: PilotSessionView; generation: number };

/** Before a task's clock starts: what the protocol allows, and Ready (opening the task starts its clock on the server). */
function ReadyStep({ item, onReady }: { item: PilotTaskItem; onReady: () => void }) {
  return (
    <section className="page pilot-task pilot-ready">
      <div className="row">
        <Link href="/pilot">← Your tasks</Link>
        <h1>
          Task {item.number} <span className="muted small">of study {item.study}</span>
        </h1>
      </div>
      <div className="card">
        <p>The task’s text appears and its clock starts when you press Ready.</p>
        <ul>
          <li>Up to {item.maxRounds} responses: questions, one per turn, each answered at once; writing the code ends the questions.</li>
          {item.timeLimitMinutes !== null && <li>{item.timeLimitMinutes} minutes for the questions.</li>}
        </ul>
        <button type="button" className="primary" autoFocus onClick={onReady}>
          Ready: start the clock
        </button>
      </div>
    </section>
  );
}

/** /pilot/sessions/:id — one of the pilot's tasks; a task not opened yet waits for Ready (opening it starts its clock). */
export default function PilotTaskPage({ params }: PageProps) {
  const id = params.id ?? '';
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  /** Show the answer, unless the page has moved on (`wanted` false): a late answer would replace the task the pilot works on with how it was. */
  const shown = useCallback((request: Promise<PilotSessionView>, wanted: () => boolean = () => true) => {
    request.then(
      (view) => wanted() && setLoad((prev) => ({ status: 'ready', view, generation: prev.status === 'ready' ? prev.generation + 1 : 0 })),
      (err: unknown) => wanted() && setLoad({ status: 'error', message: err instanceof ApiError ? err.message : 'The task could not be loaded.' }),
    );
  }, []);
  const fetchView = useCallback(() => shown(call(pilots.session, { params: { id } })), [id, shown]);
  // Only Ready starts the clock: reading the task (fetchView) never does.
  const ready = useCallback(() => shown(call(pilots.ready, { params: { id }, body: {} })), [id, shown]);
  useEffect(() => {
    let live = true;
    const open = () => shown(call(pilots.session, { params: { id } }), () => live);
    // The task list tells, without opening anything, whether this task's clock has started.
    call(pilots.tasks).then(
      ({ tasks }) => {
        if (!live) return;
        const item = tasks.find((t) => String(t.id) === id);
        if (item && item.openedAt === null && item.status === 'new') setLoad({ status: 'before', item });
        else open();
      },
      () => live && open(),
    );
    return () => {
      live = false;
    };
  }, [id, shown]);

  if (load.status === 'loading') return <p className="loading">Loading the task…</p>;
  if (load.status === 'before') return <ReadyStep item={load.item} onReady={ready} />;
  if (load.status === 'error') return <LoadError error={load.message} back={<Link href="/pilot">Back to your tasks</Link>} />;
  return <PilotSession key={`${load.view.id}-${load.generation}`} view={load.view} onReload={fetchView} />;
}
