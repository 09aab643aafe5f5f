import { z } from 'zod';
import { problemListQuery, type ProblemDetail, type ProblemListPage } from '../schemas/backoffice';
import type { ImportSummary } from '../schemas/lcb';
import { resource } from './endpoint';
import { questionIdParam, uploadQuery } from './params';

export const problems = resource('problems', (endpoint) => ({
  import: endpoint<ImportSummary>()({ method: 'post', path: '/api/problems/import', access: ['maintainer'], upload: true, query: uploadQuery }),
  list: endpoint<ProblemListPage>()({ method: 'get', path: '/api/problems', access: ['maintainer'], query: problemListQuery }),
  get: endpoint<ProblemDetail>()({
    method: 'get',
    path: '/api/problems/:questionId',
    access: ['maintainer', 'adjudicator'],
    params: z.object({ questionId: questionIdParam }),
  }),
}));
