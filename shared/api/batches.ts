import { z } from 'zod';
import { batchAssignBody, batchProblemsBody, batchReplaceBody, createBatchBody, updateBatchBody, type BatchDetail, type BatchPlan, type BatchSummary, type DeletedBatch } from '../schemas/batches';
import { resource } from './endpoint';

const MAINTAINERS = ['maintainer'] as const;
const oneBatch = z.object({ name: z.string().min(1).max(64) });

export const batches = resource('batches', (endpoint) => ({
  list: endpoint<BatchSummary[]>()({ method: 'get', path: '/api/batches', access: MAINTAINERS }),
  create: endpoint<BatchSummary>()({ method: 'post', path: '/api/batches', access: MAINTAINERS, body: createBatchBody, status: 201, invalidates: ['problems'] }),
  get: endpoint<BatchDetail>()({ method: 'get', path: '/api/batches/:name', access: MAINTAINERS, params: oneBatch }),
  /** Rename or re-date. */
  update: endpoint<BatchSummary>()({ method: 'put', path: '/api/batches/:name', access: MAINTAINERS, params: oneBatch, body: updateBatchBody, invalidates: ['problems', 'assignments'] }),
  /** Add or remove problems; submitted work is never moved (409 naming it). */
  changeProblems: endpoint<BatchSummary>()({ method: 'post', path: '/api/batches/:name/problems', access: MAINTAINERS, params: oneBatch, body: batchProblemsBody, invalidates: ['problems', 'assignments'] }),
  /** Its problems stay, in no batch. */
  remove: endpoint<DeletedBatch>()({ method: 'delete', path: '/api/batches/:name', access: MAINTAINERS, params: oneBatch, invalidates: ['problems', 'assignments'] }),
  /** What assigning the batch would change; writes nothing. */
  previewAssign: endpoint<BatchPlan>()({ method: 'post', path: '/api/batches/:name/assign/preview', access: MAINTAINERS, params: oneBatch, body: batchAssignBody }),
  assign: endpoint<BatchPlan>()({ method: 'post', path: '/api/batches/:name/assign', access: MAINTAINERS, params: oneBatch, body: batchAssignBody, invalidates: ['problems', 'assignments'] }),
  previewReplace: endpoint<BatchPlan>()({ method: 'post', path: '/api/batches/:name/replace/preview', access: MAINTAINERS, params: oneBatch, body: batchReplaceBody }),
  replace: endpoint<BatchPlan>()({ method: 'post', path: '/api/batches/:name/replace', access: MAINTAINERS, params: oneBatch, body: batchReplaceBody, invalidates: ['problems', 'assignments'] }),
}));
