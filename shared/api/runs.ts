import { z } from 'zod';
import type { JudgeCheck } from '../runs/judge';
import type { Curation } from '../runs/report';
import { flagBody, judgeQuery, modelName, runImportQuery, taskQuery, type RunSummary, type TaskDetail, type TaskScoreRow } from '../runs/views';
import { taskScoreListQuery, type TaskScoreListPage } from '../runs/taskTable';
import { paperTableParams, paperTableQuery } from '../runs/paperTable';
import { resource, type FileResponse } from './endpoint';

// Maintainers load runs and flag tasks; adjudicators read everything the Runs page shows.
const READERS = ['adjudicator', 'maintainer'] as const;
const MAINTAINERS = ['maintainer'] as const;
const oneModel = z.object({ model: modelName });
const oneTask = z.object({ taskId: z.string().min(1).max(300) });

export interface RunImportSummary {
  model: string;
  release: string;
  release_sha256: string;
  tasks: number;
  unfinished: number;
  replaced: { tasks: number; release_sha256: string } | null;
}

export interface FlagResult {
  taskId: string;
  questionId: string;
  reason: string;
}

export const runs = resource('runs', (endpoint) => ({
  import: endpoint<RunImportSummary>()({ method: 'post', path: '/api/runs/import', access: MAINTAINERS, upload: true, query: runImportQuery, status: 201 }),
  list: endpoint<{ runs: RunSummary[] }>()({ method: 'get', path: '/api/runs', access: READERS }),
  curation: endpoint<Curation>()({ method: 'get', path: '/api/runs/curation', access: READERS }),
  /** Every run's task scores in one table: filtered, sorted and paged. */
  taskScoreList: endpoint<TaskScoreListPage>()({ method: 'get', path: '/api/runs/task-scores', access: READERS, query: taskScoreListQuery }),
  taskScores: endpoint<TaskScoreRow[]>()({ method: 'get', path: '/api/runs/models/:model/task-scores', access: READERS, params: oneModel }),
  judgeCheck: endpoint<JudgeCheck & { model: string; release_sha256: string }>()({
    method: 'get',
    path: '/api/runs/models/:model/judge-check',
    access: READERS,
    params: oneModel,
    query: judgeQuery,
  }),
  /** One table of the paper over one release's runs, as CSV, LaTeX or Markdown text (what `runs tables` prints). */
  table: endpoint<FileResponse>()({ method: 'get', path: '/api/runs/tables/:table', access: READERS, params: paperTableParams, query: paperTableQuery }),
  task: endpoint<TaskDetail>()({ method: 'get', path: '/api/runs/tasks/:taskId', access: READERS, params: oneTask, query: taskQuery }),
  /** Send the task's problem back to adjudication (reopens it). */
  flag: endpoint<FlagResult>()({ method: 'post', path: '/api/runs/tasks/:taskId/flag', access: MAINTAINERS, params: oneTask, body: flagBody, invalidates: ['adjudications'] }),
}));
