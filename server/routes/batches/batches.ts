import { batches } from '../../../shared/api/batches';
import { routesOf } from '../../http/route';
import { applyBatchAssign, applyBatchReplace, previewBatchAssign, previewBatchReplace } from '../../services/batchAssign';
import { batchDetail, changeBatchProblems, createBatch, deleteBatch, editBatch, listBatches } from '../../services/batches';

export const batchRoutes = routesOf(batches, {
  list: ({ db }) => listBatches(db),
  create: ({ db, actor, body }) => createBatch(db, actor, body),
  get: ({ db, params }) => batchDetail(db, params.name),
  update: ({ db, actor, params, body }) => editBatch(db, actor, params.name, body),
  changeProblems: ({ db, actor, params, body }) => changeBatchProblems(db, actor, params.name, body),
  remove: ({ db, actor, params }) => deleteBatch(db, actor, params.name),
  previewAssign: ({ db, params, body }) => previewBatchAssign(db, params.name, body),
  assign: ({ db, actor, params, body }) => applyBatchAssign(db, actor, params.name, body),
  previewReplace: ({ db, params, body }) => previewBatchReplace(db, params.name, body),
  replace: ({ db, actor, params, body }) => applyBatchReplace(db, actor, params.name, body),
});
