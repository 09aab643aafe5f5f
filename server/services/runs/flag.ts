/** Curation feedback: a task a run exposed sends its problem back to adjudication (the reopen flow). */
import type { DB } from '../../../db/database';
import type { Actor } from '../../../db/events';
import { invalid, notFound } from '../../domain/errors';
import { reopenGold } from '../adjudications/gold';
import { problemsOfTask, releaseTask, runRow } from '../../../db/runs';

import type { FlagResult } from '../../../shared/api/runs';

export type { FlagResult } from '../../../shared/api/runs';

/**
 * Reopen the problem of a task some run covers, with the reason (and the task) in the reopen
 * event, where the adjudication queue shows it. A task id that names different problems in the
 * releases of different runs needs the model whose release is meant.
 */
export function flagTask(db: DB, actor: Actor, taskId: string, reason: string, model?: string): FlagResult {
  let questionId: string;
  if (model) {
    const run = runRow(db, model);
    if (!run) throw notFound(`No run of model "${model}".`);
    const task = releaseTask(db, run.release_sha256, taskId);
    if (!task) throw notFound(`Task "${taskId}" is not in the release of the run of "${model}".`);
    questionId = task.questionId;
  } else {
    const problems = problemsOfTask(db, taskId);
    if (problems.length === 0) throw notFound(`No run covers task "${taskId}".`);
    if (problems.length > 1) throw invalid(`Task "${taskId}" names different problems in different runs' releases (${problems.join(', ')}); say which run with --model.`);
    questionId = problems[0]!;
  }
  reopenGold(db, actor, questionId, reason, { source: 'runs', taskId, ...(model ? { model } : {}) });
  return { taskId, questionId, reason };
}
