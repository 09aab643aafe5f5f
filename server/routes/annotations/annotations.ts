import { saveAnnotationBody, submitBody } from '../../../shared/schemas/annotation';
import { route } from '../../http/route';
import { getAnnotation, getQueue, saveDraft, submitAnnotation } from '../../services/annotations';

// Annotation routes are the annotator's own workspace: other roles get 403, and every
// lookup is scoped to the caller's assignments (404 for anything else).
const ANNOTATOR = ['annotator'] as const;

export const annotationRoutes = [
  route({
    method: 'get',
    path: '/api/assignments',
    access: ANNOTATOR,
    handle: ({ db, user }) => getQueue(db, user),
  }),
  route({
    method: 'get',
    path: '/api/annotations/:questionId',
    access: ANNOTATOR,
    handle: ({ db, user, params }) => getAnnotation(db, user, params.questionId ?? ''),
  }),
  route({
    method: 'put',
    path: '/api/annotations/:questionId',
    access: ANNOTATOR,
    body: saveAnnotationBody,
    handle: ({ db, user, actor, params, body }) => saveDraft(db, user, actor, params.questionId ?? '', body),
  }),
  route({
    method: 'post',
    path: '/api/annotations/:questionId/submit',
    access: ANNOTATOR,
    body: submitBody,
    handle: ({ db, user, actor, params, body }) => submitAnnotation(db, user, actor, params.questionId ?? '', body),
  }),
];
