import type { DB } from '../../../db/database';
import { releaseNameExists } from '../../../db/releases';
import type { ReleaseCheck } from '../../../shared/schemas/release';
import { problemListQuery, type ProblemListPage } from '../../../shared/schemas/backoffice';
import { listProblems } from '../problems';
import { nameTakenMessage } from './store';
import { missingCardSettings } from '../../../shared/release/cardSettings';
import { readReleaseSettings } from './settings';

/** Every problem with where it stands, read page by page through the one problem list. */
function everyProblem(db: DB) {
  const query = problemListQuery.parse({ limit: 200 });
  const rows: ProblemListPage['items'] = [];
  for (let offset = 0; ; offset += query.limit) {
    const page = listProblems(db, { ...query, offset });
    rows.push(...page.items);
    if (page.items.length < query.limit || rows.length >= page.total) return rows;
  }
}

/**
 * What a cut would run into besides validation: the name already used (the cut would fail
 * with 409), every problem left out because its adjudication is not resolved, with its state,
 * and every card setting left empty.
 */
export function checkRelease(db: DB, name: string | undefined): ReleaseCheck {
  const problems = everyProblem(db);
  const leftOut = problems.filter((p) => p.adjudication !== 'resolved').map((p) => ({ questionId: p.questionId, title: p.title, state: p.adjudication }));
  const taken = name !== undefined && releaseNameExists(db, name);
  return {
    nameTaken: taken ? nameTakenMessage(name) : null,
    problems: { total: problems.length, released: problems.length - leftOut.length },
    leftOut,
    cardWarnings: missingCardSettings(readReleaseSettings(db)),
  };
}
