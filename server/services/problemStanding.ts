import type { DB } from '../../db/database';
import { findBatchOfProblem } from '../../db/batches';
import { readGoldPoints } from '../../db/points';
import { findLatestReopen, problemNeedsAnnotators } from '../../db/problemRecord';
import { storedReleaseFiles } from '../../db/releaseMatch';
import { RELEASE_FILE } from '../../shared/release/format';
import { parseRelease } from '../../shared/release/validate';
import type { ProblemGoldPoint, ProblemStanding } from '../../shared/schemas/backoffice';

/** The stored releases with tasks of this problem, oldest first; a release file is only parsed when it names the problem. */
function releasesHolding(db: DB, questionId: string): ProblemStanding['releases'] {
  const out: ProblemStanding['releases'] = [];
  const needle = JSON.stringify(questionId);
  for (const { name, content } of storedReleaseFiles(db, RELEASE_FILE)) {
    const text = content.toString('utf8');
    if (!text.includes(needle)) continue;
    const tasks = parseRelease(text).records.filter(({ record }) => record.question_id === questionId).length;
    if (tasks > 0) out.push({ name, tasks });
  }
  return out;
}

function goldPoints(db: DB, problemId: number, baseText: string): ProblemGoldPoint[] {
  return readGoldPoints(db, problemId).map((p) => ({
    question: p.question,
    answer: p.answer,
    type: p.type,
    deleted: [...p.deletions].sort((a, b) => a[0] - b[0]).map(([start, end]) => baseText.slice(start, end)),
  }));
}

/** What the Problem page shows beside the content: the next step's facts, the batch, and for resolved work its gold and releases. */
export function problemStanding(db: DB, problem: { id: number; questionId: string; baseText: string; resolved: boolean }): ProblemStanding {
  const batch = findBatchOfProblem(db, problem.questionId);
  const reopen = findLatestReopen(db, problem.questionId);
  return {
    needsAnnotators: problemNeedsAnnotators(db, problem.id),
    batch: batch ? { name: batch.name, due: batch.due_date } : null,
    gold: problem.resolved ? goldPoints(db, problem.id, problem.baseText) : [],
    releases: releasesHolding(db, problem.questionId),
    reopen: reopen ? { at: reopen.at, by: reopen.actor, reason: reopen.reason } : null,
  };
}
