import type { DB } from '../../../db/database';
import { readTaskExclusions } from '../../../db/releases';

/**
 * Subsets a release leaves out on purpose (task_exclusions, migration 060), as
 * "problemId:subset" keys: task generation skips them, so exporting an imported legacy
 * release gives back exactly its tasks (the public release has no pair task for abc398_f).
 */
export function excludedSubsets(db: DB): Set<string> {
  return new Set(readTaskExclusions(db).map((r) => `${r.problem_id}:${r.subset}`));
}

export const exclusionKey = (problemId: number, subset: string) => `${problemId}:${subset}`;
