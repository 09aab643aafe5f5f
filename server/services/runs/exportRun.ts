/**
 * `runs export`: a stored run written back in the benchmark evaluator's run-output schema (the
 * schema `runs import` reads and the benchmark's compute_metrics.py scores), one record per line
 * in the order of the imported file. Each line holds every field the import kept — the task and
 * its problem, K, the dialogue as it was read, the hit labels, the turns, the final code, whether
 * it finished — so importing it again, or scoring it with compute_metrics.py, gives the same figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../../../db/database';
import { exportRecords, type ExportRecord } from '../../../db/runExport';
import { runRow } from '../../../db/runs';
import { pythonJson } from '../../../shared/release/format';
import { invalid, notFound } from '../../domain/errors';

export interface RunExportSummary {
  model: string;
  release: string;
  tasks: number;
  file: string;
}

/** The assistant turns of a dialogue, when they are the record's responses (one per turn). */
function responseContents(record: ExportRecord): string[] | undefined {
  const responses = record.messages.filter((m) => m.role === 'assistant').map((m) => m.content);
  return responses.length === record.turnsTotal ? responses : undefined;
}

/**
 * One record as the evaluator writes it (its field order, Python's separators). `prompt` is the
 * task's text in the release; `messages` is the dialogue's own JSON text, as the import read it;
 * `response_contents` is written only where the dialogue's assistant turns are the record's turns.
 */
export function exportLine(row: ExportRecord): string {
  const json = (v: unknown) => pythonJson(v);
  const responses = responseContents(row);
  const fields = [
    `"id": ${json(row.questionId)}`,
    `"task_id": ${json(row.taskId)}`,
    `"key_question_num": ${row.k}`,
    `"prompt": ${json(row.text)}`,
    `"messages": ${row.messagesJson}`,
    ...(responses ? [`"response_contents": ${json(responses)}`] : []),
    `"hit_dict": ${json(row.hitDict)}`,
    `"hit_questions": ${json(row.hitQuestions)}`,
    `"turns": ${row.turnsTotal}`,
    `"final_code": ${json(row.finalCode)}`,
    `"finished": ${row.finished ? 'true' : 'false'}`,
  ];
  return `{${fields.join(', ')}}`;
}

const FLUSH_BYTES = 1 << 20;

/** Write each record as a line, in chunks; returns how many were written. */
function writeRecords(fd: number, rows: Iterable<ExportRecord>): number {
  let count = 0;
  let pending = '';
  for (const row of rows) {
    pending += `${exportLine(row)}\n`;
    count++;
    if (pending.length >= FLUSH_BYTES) {
      fs.writeSync(fd, pending);
      pending = '';
    }
  }
  fs.writeSync(fd, pending);
  return count;
}

/** Write the run of `model` to `out` (through a temporary file beside it, so `out` is never half written). */
export function exportRunFile(db: DB, model: string, out: string): RunExportSummary {
  const run = runRow(db, model);
  if (!run) throw notFound(`No run of model "${model}".`);
  if (fs.existsSync(out) && fs.statSync(out).isDirectory()) throw invalid(`out: ${out} is a folder; give a file name (e.g. ${path.join(out, `${model.replace(/[^A-Za-z0-9._-]+/g, '-')}.jsonl`)})`);
  const temp = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.tmp`);
  let tasks = 0;
  try {
    const fd = fs.openSync(temp, 'w');
    try {
      tasks = writeRecords(fd, exportRecords(db, run.id, run.release_sha256));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, out);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
  return { model, release: run.release_name, tasks, file: out };
}
