/**
 * Import a run file: the one importer behind the CLI and the upload route (which streams the
 * body to a temporary file first). The file is read as a stream and checked line by line, and
 * the good records are written in chunks (each its own short transaction, other requests answered
 * in between) into a staged run no reader sees; one short final transaction then replaces an
 * earlier run of the same model (only when asked to) and makes the run visible, with one event.
 * All or nothing: a bad line deletes the staged run; the file is then checked again in slices to
 * report the first bad lines and count the rest (runFile.ts). Memory stays flat whatever the
 * file's size: at most one chunk of records is held.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { scoreTask } from '../../../shared/runs/metrics';
import { DomainError } from '../../domain/errors';
import { aliasRow } from '../../../db/pilots';
import type { RunImportSummary } from '../../../shared/api/runs';
import type { ProgressListener } from '../../files/lineReader';
import { fileRunRelease, storedRunRelease, type RunRelease } from './release';
import { checkedRecords, releaseIndex, reportRunFile, RunFileRejected, type ParsedRunRecord } from './runFile';
import { ImportError } from '../lcbFile';
import { withReleaseMatch } from './releaseMatch';
import { deleteRun, deleteStagedRuns, dropUnusedRunRelease, publishStagedRun, runReleaseStored, runRow, runWriter, saveRunRelease } from '../../../db/runs';
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
    return await storeRunFile(db, file, release, tasks, actor, { ...options, sourceFile });
  } catch (err) {
    if (!(err instanceof RunFileRejected)) throw err;
    // The transaction stopped at the first bad line; the paced second pass lists the findings.
    return reportRunFile(file, tasks, options.onProgress).catch(async (report: unknown) => {
      throw await withReleaseMatch(db, file, { name: release.name, tasks }, report);
    });
  }
}

/** A staged run's name until it is published (a unique placeholder: the final transaction renames it to the model). */
const STAGED_PREFIX = 'staged:';

/** Records written per short transaction: a chunk ends at this many bytes of dialogue or CHUNK_RECORDS records. */
const CHUNK_BYTES = 1024 * 1024;
const CHUNK_RECORDS = 500;

/**
 * Write the file as a staged run, chunk by chunk (each chunk one short transaction, the event
 * loop turning in between), then make it visible in one short final transaction: readers see
 * the whole run or none of it. Any failure deletes the staged run; a process that stops midway
 * leaves only a staged run no reader sees, deleted at the next server start.
 */
async function storeRunFile(db: DB, file: string, release: RunRelease, tasks: ReturnType<typeof releaseIndex>, actor: Actor, options: RunImportOptions & { sourceFile: string }): Promise<RunImportSummary> {
  const { sourceFile } = options;
  const staging = transaction(db, () => {
    // The staged run names its release; a release no run or study kept yet is stored for it, and dropped again on failure.
    const newRelease = !runReleaseStored(db, release.sha256);
    if (newRelease) saveRunRelease(db, release);
    return { newRelease, writer: runWriter(db, `${STAGED_PREFIX}${randomUUID()}`, release.sha256, sourceFile, actor.id, true) };
  });
  try {
    const unfinished = await writeChunks(db, file, tasks, staging.writer, options.onProgress);
    return transaction(db, () => publish(db, staging.writer, release, actor, { ...options, sourceFile, unfinished, newRelease: staging.newRelease }));
  } catch (err) {
    transaction(db, () => {
      deleteRun(db, staging.writer.id);
      if (staging.newRelease) dropUnusedRunRelease(db, release.sha256);
    });
    throw err;
  }
}

/** Read, check and write the records in chunks; throws RunFileRejected at the first bad line. Returns how many are unfinished. */
async function writeChunks(db: DB, file: string, tasks: ReturnType<typeof releaseIndex>, writer: ReturnType<typeof runWriter>, onProgress?: RunImportOptions['onProgress']): Promise<number> {
  let chunk: ParsedRunRecord[] = [];
  let bytes = 0;
  let unfinished = 0;
  let accepted = 0;
  const write = async () => {
    const records = chunk;
    chunk = [];
    bytes = 0;
    transaction(db, () => {
      for (const r of records) writer.add(r, scoreTask(r.k, r.turnsTotal, r.hitDict));
    });
    await nextTurn();
  };
  for (const record of checkedRecords(file, tasks, onProgress)) {
    chunk.push(record);
    bytes += record.messagesJson.length;
    accepted++;
    if (!record.finished) unfinished++;
    if (bytes >= CHUNK_BYTES || chunk.length >= CHUNK_RECORDS) await write();
  }
  if (chunk.length > 0) await write();
  if (accepted === 0) throw new ImportError([], undefined, 'Nothing was imported: the file holds no run records (it is empty or has only blank lines).');
  return unfinished;
}

/** The final short transaction: replace the model's earlier run (only when asked to), rename the staged run to the model, one event. */
function publish(
  db: DB,
  writer: ReturnType<typeof runWriter>,
  release: RunRelease,
  actor: Actor,
  options: RunImportOptions & { sourceFile: string; unfinished: number; newRelease: boolean },
): RunImportSummary {
  const { model, sourceFile } = options;
  const existing = runRow(db, model);
  if (existing && !options.replace) throw modelTaken(model);
  // A release kept under an older typing rule is typed again with this import, as before.
  if (!release.kept && !options.newRelease) saveRunRelease(db, release);
  if (existing) deleteRun(db, existing.id);
  const count = writer.finish();
  publishStagedRun(db, writer.id, model);
  if (options.judge) setRunJudge(db, writer.id, options.judge);
  const summary: RunImportSummary = {
    model,
    release: release.name,
    release_sha256: release.sha256,
    tasks: count,
    unfinished: options.unfinished,
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
}

/** At server start: delete the staged runs of imports that stopped midway (no reader ever saw them). */
export const removeStagedRuns = (db: DB): number => transaction(db, () => deleteStagedRuns(db));
