/** The release a study is on, kept as the runs keep it (run_release_tasks): texts and key questions. */
import { transaction, type DB } from '../../../db/database';
import { storedRunRelease } from '../runs/release';
import { releaseTasks, saveRunRelease, type StoredTask } from '../../../db/runs';
import { readReleaseRow } from '../../../db/releases';

/** When the stored release was published (null: unpublished or no such release; studyRelease says which). */
export const releasePublishedAt = (db: DB, name: string): string | null => readReleaseRow(db, name)?.published_at ?? null;

/** A stored release's tasks, saving them for the runs first if no run import kept them yet. */
export function studyRelease(db: DB, name: string): { sha256: string; tasks: StoredTask[] } {
  const release = storedRunRelease(db, name);
  return transaction(db, () => {
    if (!release.kept) saveRunRelease(db, release);
    return { sha256: release.sha256, tasks: releaseTasks(db, release.sha256) };
  });
}
