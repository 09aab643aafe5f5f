import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { pilots } from '../../../../shared/api/pilots';
import { Link } from '../../router';
import type { PageProps } from '../../routes';
import type { PilotSessionView } from '../../../../shared/schemas/pilots';
import { PilotSession } from './PilotSession';
import './pilot.css';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; view: PilotSessionView; generation: number };

/** /pilot/sessions/:id — one of the pilot's tasks (opening it the first time starts its clock). */
export default function PilotTaskPage({ params }: PageProps) {
  const id = params.id ?? '';
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const fetchView = useCallback(() => {
    call(pilots.session, { params: { id } }).then(
      (view) => setLoad((prev) => ({ status: 'ready', view, generation: prev.status === 'ready' ? prev.generation + 1 : 0 })),
      (err: unknown) => setLoad({ status: 'error', message: err instanceof ApiError ? err.message : 'The task could not be loaded.' }),
    );
  }, [id]);
  useEffect(fetchView, [fetchView]);

  if (load.status === 'loading') return <p className="loading">Loading the task…</p>;
  if (load.status === 'error') {
    return (
      <section className="page">
        <p className="error" role="alert">
          {load.message}
        </p>
        <Link href="/pilot">Back to your tasks</Link>
      </section>
    );
  }
  return <PilotSession key={`${load.view.id}-${load.generation}`} view={load.view} onReload={fetchView} />;
}
