import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../../api';
import { Link } from '../../router';
import type { PageProps } from '../../routes';
import type { AnnotationView } from '../../../../shared/schemas/annotation';
import { Editor } from './editor/Editor';
import './editor.css';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; view: AnnotationView; generation: number };

/** /annotate/:questionId — loads the caller's own annotation and mounts the editor. */
export default function EditorPage({ params }: PageProps) {
  const questionId = params.questionId ?? '';
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const fetchView = useCallback(() => {
    api.get<AnnotationView>(`/api/annotations/${encodeURIComponent(questionId)}`).then(
      (view) => setLoad((prev) => ({ status: 'ready', view, generation: prev.status === 'ready' ? prev.generation + 1 : 0 })),
      (err: unknown) => setLoad({ status: 'error', message: err instanceof ApiError ? err.message : 'The annotation could not be loaded.' }),
    );
  }, [questionId]);

  useEffect(() => {
    setLoad({ status: 'loading' });
    fetchView();
  }, [fetchView]);

  if (load.status === 'loading') return <p className="loading">Loading the annotation…</p>;
  if (load.status === 'error') {
    return (
      <section className="page">
        <p className="error" role="alert">
          {load.message}
        </p>
        <Link href="/queue">Back to the queue</Link>
      </section>
    );
  }
  return <Editor key={`${load.view.questionId}-${load.generation}`} view={load.view} onReload={fetchView} />;
}
