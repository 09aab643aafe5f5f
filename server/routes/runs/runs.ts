import { flagBody, judgeQuery, runImportQuery, taskQuery } from '../../../shared/runs/views';
import { modelName } from '../../../shared/runs/views';
import { route } from '../../http/route';
import { MAX_UPLOAD_BYTES, withUploadedFile } from '../../http/upload';
import { validationFailed } from '../../http/errors';
import { flagTask } from '../../services/runs/flag';
import { importRunFile } from '../../services/runs/importRun';
import { runJudgeCheck, runsCuration, runsReport, taskDetail, taskScores } from '../../services/runs/reports';
import { taskScoreList } from '../../services/runs/taskList';
import { taskScoreListQuery } from '../../../shared/runs/taskTable';

// Maintainers load runs and flag tasks; adjudicators read everything the Runs page shows.
const READERS = ['adjudicator', 'maintainer'] as const;
const MAINTAINERS = ['maintainer'] as const;

function model(value: string | undefined): string {
  const parsed = modelName.safeParse(value ?? '');
  if (!parsed.success) throw validationFailed([{ path: 'model', message: parsed.error.issues[0]!.message }]);
  return parsed.data;
}

export const runRoutes = [
  route({
    method: 'post',
    path: '/api/runs/import',
    access: MAINTAINERS,
    rawBody: true,
    query: runImportQuery,
    status: 201,
    handle: ({ req, db, actor, query }) =>
      withUploadedFile(req, MAX_UPLOAD_BYTES, (file) =>
        importRunFile(db, file, { release: query.release }, actor, {
          model: query.model,
          replace: query.replace === '1' || query.replace === 'true',
          sourceName: query.name ?? 'upload.jsonl',
        }),
      ),
  }),
  route({
    method: 'get',
    path: '/api/runs',
    access: READERS,
    handle: ({ db }) => runsReport(db),
  }),
  route({
    method: 'get',
    path: '/api/runs/curation',
    access: READERS,
    handle: ({ db }) => runsCuration(db),
  }),
  route({
    method: 'get',
    path: '/api/runs/task-scores',
    access: READERS,
    query: taskScoreListQuery,
    handle: ({ db, query }) => taskScoreList(db, query),
  }),
  route({
    method: 'get',
    path: '/api/runs/models/:model/task-scores',
    access: READERS,
    handle: ({ db, params }) => taskScores(db, model(params.model)),
  }),
  route({
    method: 'get',
    path: '/api/runs/models/:model/judge-check',
    access: READERS,
    query: judgeQuery,
    handle: ({ db, params, query }) => runJudgeCheck(db, model(params.model), query.threshold),
  }),
  route({
    method: 'get',
    path: '/api/runs/tasks/:taskId',
    access: READERS,
    query: taskQuery,
    handle: ({ db, params, query }) => taskDetail(db, params.taskId ?? '', query.release),
  }),
  route({
    method: 'post',
    path: '/api/runs/tasks/:taskId/flag',
    access: MAINTAINERS,
    body: flagBody,
    handle: ({ db, actor, params, body }) => flagTask(db, actor, params.taskId ?? '', body.reason, body.model),
  }),
];
