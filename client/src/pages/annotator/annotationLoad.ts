import { call } from '../../apiCall';
import { annotations } from '../../../../shared/api/annotations';
import type { AnnotationView } from '../../../../shared/schemas/annotation';

/** The outcome of loading the caller's own annotation of one problem. */
export type AnnotationLoad = { ok: true; view: AnnotationView } | { ok: false; error: unknown };

interface Entry {
  questionId: string;
  promise: Promise<AnnotationLoad>;
  taken: boolean;
}

let latest: Entry | null = null;

export function fetchAnnotation(questionId: string): Promise<AnnotationLoad> {
  return call(annotations.get, { params: { questionId } }).then(
    (view): AnnotationLoad => ({ ok: true, view }),
    (error: unknown): AnnotationLoad => ({ ok: false, error }),
  );
}

/**
 * Start loading an annotation when the editor route is entered, so the request runs while
 * the editor's code is still downloading instead of after it. Each call (one per navigation)
 * starts a fresh request.
 */
export function prefetchAnnotation(questionId: string): void {
  latest = { questionId, promise: fetchAnnotation(questionId), taken: false };
}

/**
 * The load the editor page starts from: the prefetched one for this problem, used once (a
 * second mount or a reload never sees an old copy), or a new request. A prefetch that failed
 * (e.g. started before the caller logged in) is asked again.
 */
export function takeAnnotation(questionId: string): Promise<AnnotationLoad> {
  const entry = latest;
  if (entry && !entry.taken && entry.questionId === questionId) {
    entry.taken = true;
    return entry.promise.then((load) => (load.ok ? load : fetchAnnotation(questionId)));
  }
  return fetchAnnotation(questionId);
}
