/**
 * The release a run is about, as the runs need it: its SHA-256 and, per task, the problem,
 * the underspecified text and the key questions with their ambiguity types.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../../../db/database';
import { findReleaseFileSha, findReleaseNameBySha, readReleaseFile } from '../../../db/releases';
import { RELEASE_FILE, type ReleaseRecord } from '../../../shared/release/format';
import { parseRelease } from '../../../shared/release/validate';
import type { KeyQuestion, ReleaseTask } from '../../../shared/runs/report';
import { attributeKeyQuestions, singlePointTasks, type TypedPoint } from '../../../shared/runs/attribution';
import { notFound } from '../../domain/errors';
import { ImportError } from '../lcbFile';
import { keptTaskIndex, readGoldPointTypes, readKeptTaskSubsets, runReleaseKept } from '../../../db/runs';

export interface RunRelease {
  sha256: string;
  name: string;
  source: 'stored' | 'file';
  /** The tasks to store with the run; empty when `kept`. */
  tasks: (ReleaseTask & { text: string })[];
  /**
   * Its tasks are already kept from an earlier run import (releases are immutable, so they are
   * reused as kept): then only what checking a run needs of them is read, each task's problem and K.
   */
  kept?: ReadonlyMap<string, { questionId: string; k: number }>;
}

/** The release as an earlier run import kept it (its tasks stay stored, with their types as attributed then). */
function keptRelease(db: DB, sha256: string, name: string, source: 'stored' | 'file'): RunRelease | null {
  if (!runReleaseKept(db, sha256)) return null;
  return { sha256, name, source, tasks: [], kept: keptTaskIndex(db, sha256) };
}

/** Each problem's gold points in this database, by index: what a release cut or imported here was made from. */
function goldPoints(db: DB): Map<string, TypedPoint[]> {
  const out = new Map<string, TypedPoint[]>();
  for (const r of readGoldPointTypes(db)) {
    let list = out.get(r.question_id);
    if (!list) out.set(r.question_id, (list = []));
    list[r.idx] = { question: r.question, answer: r.answer, type: r.type };
  }
  return out;
}

/** Subsets ("0,2") of the tasks whose ids this database keeps from a release it continues. */
function keptSubsets(db: DB): Map<string, number[]> {
  const rows = readKeptTaskSubsets(db);
  return new Map(rows.map((r) => [r.task_id, r.subset.split(',').map(Number)]));
}

/** Each record's key questions, typed by identity (shared/runs/attribution): with this database's gold points when `db` is given. */
function attributeAll(records: readonly ReleaseRecord[], db: DB | null): KeyQuestion[][] {
  const gold = db ? goldPoints(db) : null;
  const subsets = db ? keptSubsets(db) : null;
  const singles = singlePointTasks(records);
  return records.map((record) =>
    attributeKeyQuestions(record, {
      gold: gold?.get(record.question_id),
      subset: record.provenance?.subset ?? subsets?.get(record.task_id),
      singles: singles.get(record.question_id) ?? [],
    }),
  );
}

function fromText(text: string, sha256: string, name: string, source: 'stored' | 'file', db: DB | null): RunRelease {
  const { records, findings } = parseRelease(text);
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    throw new ImportError(
      errors.map((f) => ({ line: f.line ?? 0, field: '', message: f.message.replace(/^line \d+: /, '') })),
      undefined,
      `The release ${name} cannot be read: ${errors[0]!.message}.`,
    );
  }
  const plain = records.map(({ record }) => record);
  const typed = attributeAll(plain, db);
  return {
    sha256,
    name,
    source,
    tasks: plain.map((record, i) => ({
      taskId: record.task_id,
      questionId: record.question_id,
      text: record.modified_content,
      keyQuestions: typed[i]!,
    })),
  };
}

/** A release stored in this database (cut here or imported with import-release). */
export function storedRunRelease(db: DB, name: string): RunRelease {
  const stored = findReleaseFileSha(db, name, RELEASE_FILE);
  if (!stored) throw notFound(`No release named "${name}".`);
  const kept = keptRelease(db, stored.sha256, name, 'stored');
  if (kept) return kept;
  const file = readReleaseFile(db, stored.id, RELEASE_FILE)!;
  return fromText(file.content.toString('utf8'), stored.sha256, name, 'stored', db);
}

/**
 * A release file. When its bytes are a release stored here, it is that release (with the types
 * of its gold points); otherwise types come from the file alone.
 */
export function fileRunRelease(db: DB, file: string): RunRelease {
  const bytes = fs.readFileSync(file);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const storedName = findReleaseNameBySha(db, RELEASE_FILE, sha256);
  if (storedName !== undefined) return storedRunRelease(db, storedName);
  return keptRelease(db, sha256, path.basename(file), 'file') ?? fromText(bytes.toString('utf8'), sha256, path.basename(file), 'file', null);
}
