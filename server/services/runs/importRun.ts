/**
 * Import a run file: the one importer behind the CLI and the upload route (which streams the
 * body to a temporary file first). In one transaction the release's tasks are stored, an earlier
 * run of the same model is replaced (only when asked to), and the file is read as a stream and
 * checked line by line, each good record written as it is read, with one event. A bad line rolls
 * it all back; the file is then checked again in slices that let other requests through, to
 * report the first bad lines and count the rest (runFile.ts). Memory stays flat
 * whatever the file's size: SQLite keeps the pending transaction in its journal, not in memory.
 */
import path from 'node:path';
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { scoreTask } from '../../../shared/runs/metrics';
import { DomainError } from '../../domain/errors';
import { aliasRow } from '../../../db/pilots';
import type { RunImportSummary } from '../../../shared/api/runs';
import type { ProgressListener } from '../lineReader';
import { fileRunRelease, storedRunRelease, type RunRelease } from './release';
import { releaseIndex, reportRunFile, RunFileRejected, scanRunFile } from './runFile';
import { withReleaseMatch } from './releaseMatch';
import { deleteRun, runRow, runWriter, saveRunRelease } from '../../../db/runs';
import { setRunJudge } from '../../../db/judgeAudits';

export type ReleaseRef = { release: string } | { releaseFile: string };

export interface RunImportOptions {
  model: string;
  replace?: boolean;
  onProgress?: ProgressListener;
  /** The name recorded for the file (an upload is streamed to a temporary file first). */
  sourceName?: string;
  /** The judge model that labelled the run's hits (not recorded when absent). */
  judge?: string;
}

export type { RunImportSummary } from '../../../shared/api/runs';

export function resolveRunRelease(db: DB, ref: ReleaseRef): RunRelease {
  return 'release' in ref ? storedRunRelease(db, ref.release) : fileRunRelease(db, ref.releaseFile);
}

const modelTaken = (model: string) => new DomainError('name_taken', `A run of model "${model}" is already stored; import with --replace (or tick "replace") to replace it.`);

export async function importRunFile(db: DB, file: string, ref: ReleaseRef, actor: Actor, options: RunImportOptions): Promise<RunImportSummary> {
  const { model } = options;
  if (model.startsWith('human:') && aliasRow(db, model.slice('human:'.length))) throw new DomainError('name_taken', `"${model}" is a pilot's run (made from a pilot study); import under another name.`);
  if (!options.replace && runRow(db, model)) throw modelTaken(model);
  const release = resolveRunRelease(db, ref);
  const tasks = releaseIndex(release);
  const sourceFile = options.sourceName ?? path.basename(file);
  try {
    return storeRunFile(db, file, release, tasks, actor, { ...options, sourceFile });
  } catch (err) {
    if (!(err instanceof RunFileRejected)) throw err;
    // The transaction stopped at the first bad line; the paced second pass lists the findings.
    return reportRunFile(file, tasks, options.onProgress).catch(async (report: unknown) => {
      throw await withReleaseMatch(db, file, { name: release.name, tasks }, report);
    });
  }
}

/** The one transaction of an import; throws RunFileRejected at the file's first bad line. */
function storeRunFile(db: DB, file: string, release: RunRelease, tasks: ReturnType<typeof releaseIndex>, actor: Actor, options: RunImportOptions & { sourceFile: string }): RunImportSummary {
  const { model, sourceFile } = options;
  return transaction(db, () => {
    const existing = runRow(db, model);
    if (existing && !options.replace) throw modelTaken(model);
    if (!release.kept) saveRunRelease(db, release);
    if (existing) deleteRun(db, existing.id);
    const writer = runWriter(db, model, release.sha256, sourceFile, actor.id);
    if (options.judge) setRunJudge(db, writer.id, options.judge);
    let unfinished = 0;
    scanRunFile(
      file,
      tasks,
      (r) => {
        writer.add(r, scoreTask(r.k, r.turnsTotal, r.hitDict));
        if (!r.finished) unfinished++;
      },
      options.onProgress,
    );
    const count = writer.finish();
    const summary: RunImportSummary = {
      model,
      release: release.name,
      release_sha256: release.sha256,
      tasks: count,
      unfinished,
      replaced: existing ? { tasks: existing.tasks, release_sha256: existing.release_sha256 } : null,
    };
    appendEvent(db, actor, {
      action: existing ? 'run.replace' : 'run.import',
      entityType: 'run',
      entityId: model,
      before: existing ? { tasks: existing.tasks, release: existing.release_name, release_sha256: existing.release_sha256, file: existing.source_file } : undefined,
      after: { tasks: count, release: release.name, release_sha256: release.sha256, file: sourceFile, ...(options.judge ? { judge: options.judge } : {}) },
    });
    return summary;
  });
}
