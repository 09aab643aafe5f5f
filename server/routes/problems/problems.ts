import { problemListQuery } from '../../../shared/schemas/backoffice';
import { route } from '../../http/route';
import { MAX_UPLOAD_BYTES, uploadQuery, withUploadedFile } from '../../http/upload';
import { importLcbFile } from '../../services/lcbImport';
import { getProblem, listProblems } from '../../services/problems';

export const problemRoutes = [
  route({
    method: 'post',
    path: '/api/problems/import',
    access: ['maintainer'],
    rawBody: true,
    query: uploadQuery,
    handle: ({ req, db, actor, query }) =>
      withUploadedFile(req, MAX_UPLOAD_BYTES, (file) => importLcbFile(db, file, actor, { sourceName: query.name ?? 'upload.jsonl' })),
  }),
  route({
    method: 'get',
    path: '/api/problems',
    access: ['maintainer'],
    query: problemListQuery,
    handle: ({ db, query }) => listProblems(db, query),
  }),
  route({
    method: 'get',
    path: '/api/problems/:questionId',
    access: ['maintainer', 'adjudicator'],
    handle: ({ db, params }) => getProblem(db, params.questionId ?? ''),
  }),
];
