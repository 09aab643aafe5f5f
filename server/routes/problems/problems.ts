import { problems } from '../../../shared/api/problems';
import { route } from '../../http/route';
import { MAX_UPLOAD_BYTES, withUploadedFile } from '../../http/upload';
import { importLcbFile } from '../../services/lcbImport';
import { getProblem, listProblems } from '../../services/problems';

export const problemRoutes = [
  route(problems.import, ({ req, db, actor, query }) =>
    withUploadedFile(req, MAX_UPLOAD_BYTES, (file) => importLcbFile(db, file, actor, { sourceName: query.name ?? 'upload.jsonl' })),
  ),
  route(problems.list, ({ db, query }) => listProblems(db, query)),
  route(problems.get, ({ db, params, user }) => getProblem(db, params.questionId, user.role)),
];
