import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { Link } from '../../router';
import type { PageProps } from '../../routes';
import type { AnnotationView } from '../../../../shared/schemas/annotation';
import type { Point } from '../../../../shared/edits';
import { fetchAnnotation, takeAnnotation, type AnnotationLoad } from './annotationLoad';
import { onBaseTextChanged } from './baseTextGuard';
import { Editor } from './editor/Editor';
import { DiscussionPanel } from '../../discussion/DiscussionPanel';
import './editor.css';
import { LoadError } from '../../components/ErrorMessage';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; view: AnnotationView; generation: number; carried: Point[] | null };

function next(prev: Load, result: AnnotationLoad, carried: Point[] | null = null): Load {
  if (!result.ok) return { status: 'error', message: result.error instanceof ApiError ? result.error.message : 'The annotation could not be loaded.' };
  return { status: 'ready', view: result.view, generation: prev.status === 'ready' ? prev.generation + 1 : 0, carried };
}

/**
 * /annotate/:questionId — shows the caller's own annotation in the editor. The first load was
 * started with the route (see annotationLoad.ts); "Load latest" always asks the server again.
 */
export default function EditorPage({ params }: PageProps) {
  const questionId = params.questionId ?? '';
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [baseTextChanged, setBaseTextChanged] = useState(false);

  const fetchView = useCallback(
    (unsaved: Point[] | null) => {
      void fetchAnnotation(questionId).then((result) => setLoad((prev) => next(prev, result, unsaved)));
    },
    [questionId],
  );

  // The statement changed under the editor: load the new text rather than save stale offsets, and say so.
  useEffect(
    () =>
      onBaseTextChanged((changed) => {
        if (changed !== questionId) return;
        setBaseTextChanged(true);
        fetchView(null);
      }),
    [questionId, fetchView],
  );

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    void takeAnnotation(questionId).then((result) => {
      if (current) setLoad((prev) => next(prev, result));
    });
    return () => {
      current = false;
    };
  }, [questionId]);

  if (load.status === 'loading') return <p className="loading">Loading the annotation…</p>;
  if (load.status === 'error') return <LoadError error={load.message} back={<Link href="/queue">Back to the queue</Link>} />;
  return (
    <>
      {baseTextChanged && (
        <p className="error" role="alert" data-testid="base-text-changed">
          The statement of this problem changed after you opened it (it was re-imported). Your last changes pointed into the old text and were not saved; the editor
          now shows the new text.
        </p>
      )}
      <Editor key={`${load.view.questionId}-${load.generation}`} view={load.view} carried={load.carried} onReload={fetchView} opening={load.generation === 0} />
      <DiscussionPanel questionId={load.view.questionId} />
    </>
  );
}
