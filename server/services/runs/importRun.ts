/**
 * Import a run file: the one importer behind the CLI and the upload route. The file is read and
 * checked against its release first; then, in one transaction, the release's tasks and the run
 * are stored (replacing an earlier run of the same model only when asked to) with one event.
 */
import path from 'node:path';
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { scoreTask } from '../../../shared/runs/metrics';
import { conflict } from '../../http/errors';
import type { ProgressListener } from '../lineReader';
import { fileRunRelease, storedRunRelease, type RunRelease } from './release';
import { readRunFile } from './runFile';
import { deleteRun, insertRun, runRow, saveRunRelease } from './store';

export type ReleaseRef = { release: string } | { releaseFile: string };

export interface RunImportOptions {
  model: string;
  replace?: boolean;
  onProgress?: ProgressListener;
  /** The name recorded for the file (an upload is streamed to a temporary file first). */
  sourceName?: string;
}

export interface RunImportSummary {
  model: string;
  release: string;
  release_sha256: string;
  tasks: number;
  unfinished: number;
  replaced: { tasks: number; release_sha256: string } | null;
}

export function resolveRunRelease(db: DB, ref: ReleaseRef): RunRelease {
  return 'release' in ref ? storedRunRelease(db, ref.release) : fileRunRelease(db, ref.releaseFile);
}

const modelTaken = (model: string) => conflict(`A run of model "${model}" is already stored; import with --replace (or tick "replace") to replace it.`);

export async function importRunFile(db: DB, file: string, ref: ReleaseRef, actor: Actor, options: RunImportOptions): Promise<RunImportSummary> {
  const { model } = options;
  if (!options.replace && runRow(db, model)) throw modelTaken(model);
  const release = resolveRunRelease(db, ref);
  const parsed = await readRunFile(file, release, options.onProgress);
  const records = parsed.map((r) => ({ ...r, ...scoreTask(r.k, r.turnsTotal, r.hitDict) }));
  const sourceFile = options.sourceName ?? path.basename(file);
  return transaction(db, () => {
    const existing = runRow(db, model);
    if (existing && !options.replace) throw modelTaken(model);
    if (!release.kept) saveRunRelease(db, release);
    if (existing) deleteRun(db, existing.id);
    insertRun(db, model, release.sha256, sourceFile, actor.id, records);
    const summary: RunImportSummary = {
      model,
      release: release.name,
      release_sha256: release.sha256,
      tasks: records.length,
      unfinished: records.filter((r) => !r.finished).length,
      replaced: existing ? { tasks: existing.tasks, release_sha256: existing.release_sha256 } : null,
    };
    appendEvent(db, actor, {
      action: existing ? 'run.replace' : 'run.import',
      entityType: 'run',
      entityId: model,
      before: existing ? { tasks: existing.tasks, release: existing.release_name, release_sha256: existing.release_sha256, file: existing.source_file } : undefined,
      after: { tasks: records.length, release: release.name, release_sha256: release.sha256, file: sourceFile },
    });
    return summary;
  });
}
