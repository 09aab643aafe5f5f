import { annotations } from '../../../shared/api/annotations';
import { routesOf } from '../../http/route';
import { withUploadedFile } from '../../http/upload';
import { presentAnnotation } from '../../presenters/annotations';
import { importAnnotationsFile } from '../../services/annotationImport';
import { getAnnotation, saveDraftInGroup, submitAnnotation } from '../../services/annotations';

/** Annotation files are small (a few KB per annotation); 50 MB is far beyond any real one. */
const MAX_ANNOTATION_FILE_BYTES = 50 * 1024 ** 2;

export const annotationRoutes = routesOf(annotations, {
  import: ({ req, db, actor, query }) =>
    withUploadedFile(req, MAX_ANNOTATION_FILE_BYTES, (file) => importAnnotationsFile(db, actor, file, { sourceName: query.name ?? 'upload.jsonl' })),
  get: ({ db, user, params }) => presentAnnotation(getAnnotation(db, user, params.questionId)),
  save: ({ db, user, actor, params, body }) => saveDraftInGroup(db, user, actor, params.questionId, body),
  submit: ({ db, user, actor, params, body }) => presentAnnotation(submitAnnotation(db, user, actor, params.questionId, body)),
});
