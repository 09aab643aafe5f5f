import { z } from 'zod';
import { batchAssignBody, batchReplaceBody, createBatchBody, type BatchDetail, type BatchPlan, type BatchSummary } from '../schemas/batches';
import { resource } from './endpoint';

const MAINTAINERS = ['maintainer'] as const;
const oneBatch = z.object({ name: z.string().min(1).max(64) });

export const batches = resource('batches', (endpoint) => ({
  list: endpoint<BatchSummary[]>()({ method: 'get', path: '/api/batches', access: MAINTAINERS }),
  create: endpoint<BatchSummary>()({ method: 'post', path: '/api/batches', access: MAINTAINERS, body: createBatchBody, status: 201, invalidates: ['problems'] }),
  get: endpoint<BatchDetail>()({ method: 'get', path: '/api/batches/:name', access: MAINTAINERS, params: oneBatch }),
  /** What assigning the batch would change; writes nothing. */
  previewAssign: endpoint<BatchPlan>()({ method: 'post', path: '/api/batches/:name/assign/preview', access: MAINTAINERS, params: oneBatch, body: batchAssignBody }),
  assign: endpoint<BatchPlan>()({ method: 'post', path: '/api/batches/:name/assign', access: MAINTAINERS, params: oneBatch, body: batchAssignBody, invalidates: ['problems', 'assignments'] }),
  previewReplace: endpoint<BatchPlan>()({ method: 'post', path: '/api/batches/:name/replace/preview', access: MAINTAINERS, params: oneBatch, body: batchReplaceBody }),
  replace: endpoint<BatchPlan>()({ method: 'post', path: '/api/batches/:name/replace', access: MAINTAINERS, params: oneBatch, body: batchReplaceBody, invalidates: ['problems', 'assignments'] }),
}));
