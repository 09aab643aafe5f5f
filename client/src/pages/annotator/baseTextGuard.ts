import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { annotations } from '../../../../shared/api/annotations';
import type { AnnotationView, SaveAnnotationBody } from '../../../../shared/schemas/annotation';
import type { AcknowledgedFinding } from '../../../../shared/writing/findings';
import { announceSaved } from '../../drafts/savedElsewhere';

/**
 * Every save and submit names the base text it was made on (the hash GET returned). When the
 * server answers 409 `base_text_changed` (the problem was re-imported with another statement),
 * the editor page is told, reloads the new text and says why: stale offsets are never applied.
 */
type Listener = (questionId: string) => void;
const listeners = new Set<Listener>();

export function onBaseTextChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function guarded<T>(questionId: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'base_text_changed') listeners.forEach((l) => l(questionId));
    throw err;
  }
}

/** A save or submit that went through is announced to this browser's other tabs (savedElsewhere.ts). */
async function announced<T extends { version: number }>(questionId: string, sent: Promise<T>): Promise<T> {
  const done = await sent;
  announceSaved(questionId, done.version);
  return done;
}

export const saveDraftOn = (view: AnnotationView, body: SaveAnnotationBody, keepalive?: boolean) =>
  guarded(view.questionId, () =>
    announced(view.questionId, call(annotations.save, { params: { questionId: view.questionId }, body: { ...body, baseTextHash: view.baseTextHash }, keepalive: keepalive === true })),
  );

export const submitOn = (view: AnnotationView, version: number, acknowledged: AcknowledgedFinding[] = []) =>
  guarded(view.questionId, () => announced(view.questionId, call(annotations.submit, { params: { questionId: view.questionId }, body: { version, baseTextHash: view.baseTextHash, acknowledged } })));
