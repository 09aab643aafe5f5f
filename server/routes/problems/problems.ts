import { problems } from '../../../shared/api/problems';
import { routesOf } from '../../http/route';
import { MAX_UPLOAD_BYTES, withUploadedFile } from '../../http/upload';
import { importLcbFile } from '../../services/lcbImport';
import { getProblem, listProblems } from '../../services/problems';

export const problemRoutes = routesOf(problems, {
  import: ({ req, db, actor, query }) =>
    withUploadedFile(req, MAX_UPLOAD_BYTES, (file) => importLcbFile(db, file, actor, { sourceName: query.name ?? 'upload.jsonl' })),
  list: ({ db, query }) => listProblems(db, query),
  get: ({ db, params, user }) => getProblem(db, params.questionId, user.role),
});
