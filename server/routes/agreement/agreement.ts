import { z } from 'zod';
import { route } from '../../http/route';
import { withUploadedFile } from '../../http/upload';
import { agreementQuery } from '../../../shared/schemas/agreementPage';
import { agreementPage } from '../../services/agreementCache';
import { importAnnotationsFile } from '../../services/annotationImport';

/** Annotation files are small (a few KB per annotation); 50 MB is far beyond any real one. */
const MAX_ANNOTATION_FILE_BYTES = 50 * 1024 ** 2;

const importQuery = z.object({ name: z.string().trim().min(1).max(200).optional() });

export const agreementRoutes = [
  route({
    method: 'get',
    path: '/api/agreement',
    access: ['maintainer'],
    query: agreementQuery,
    handle: ({ db, query }) => agreementPage(db, query),
  }),
  route({
    method: 'post',
    path: '/api/annotations/import',
    access: ['maintainer'],
    rawBody: true,
    query: importQuery,
    handle: ({ req, db, actor, query }) =>
      withUploadedFile(req, MAX_ANNOTATION_FILE_BYTES, (file) => importAnnotationsFile(db, actor, file, { sourceName: query.name ?? 'upload.jsonl' })),
  }),
];
