import { saveAnnotationBody, submitBody } from '../../../shared/schemas/annotation';
import { route } from '../../http/route';
import { uploadQuery, withUploadedFile } from '../../http/upload';
import { importAnnotationsFile } from '../../services/annotationImport';
import { getAnnotation, saveDraft, submitAnnotation } from '../../services/annotations';

/** Annotation files are small (a few KB per annotation); 50 MB is far beyond any real one. */
const MAX_ANNOTATION_FILE_BYTES = 50 * 1024 ** 2;

// The annotation routes under :questionId are the annotator's own workspace: other roles get
// 403, and every lookup is scoped to the caller's assignments (404 for anything else).
const ANNOTATOR = ['annotator'] as const;

export const annotationRoutes = [
  // A maintainer's upload of external double annotations (before the :questionId routes).
  route({
    method: 'post',
    path: '/api/annotations/import',
    access: ['maintainer'],
    rawBody: true,
    query: uploadQuery,
    handle: ({ req, db, actor, query }) =>
      withUploadedFile(req, MAX_ANNOTATION_FILE_BYTES, (file) => importAnnotationsFile(db, actor, file, { sourceName: query.name ?? 'upload.jsonl' })),
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
