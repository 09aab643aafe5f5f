import { batches } from '../../../shared/api/batches';
import { route } from '../../http/route';
import { applyBatchAssign, applyBatchReplace, previewBatchAssign, previewBatchReplace } from '../../services/batchAssign';
import { batchDetail, changeBatchProblems, createBatch, deleteBatch, editBatch, listBatches } from '../../services/batches';

export const batchRoutes = [
  route(batches.list, ({ db }) => listBatches(db)),
  route(batches.create, ({ db, actor, body }) => createBatch(db, actor, body)),
  route(batches.get, ({ db, params }) => batchDetail(db, params.name)),
  route(batches.update, ({ db, actor, params, body }) => editBatch(db, actor, params.name, body)),
  route(batches.changeProblems, ({ db, actor, params, body }) => changeBatchProblems(db, actor, params.name, body)),
  route(batches.remove, ({ db, actor, params }) => deleteBatch(db, actor, params.name)),
  route(batches.previewAssign, ({ db, params, body }) => previewBatchAssign(db, params.name, body)),
  route(batches.assign, ({ db, actor, params, body }) => applyBatchAssign(db, actor, params.name, body)),
  route(batches.previewReplace, ({ db, params, body }) => previewBatchReplace(db, params.name, body)),
  route(batches.replace, ({ db, actor, params, body }) => applyBatchReplace(db, actor, params.name, body)),
];
