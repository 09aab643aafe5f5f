/**
 * Pass 1 of a run import: stream the run file, check every line against the schema and the
 * release (task exists, K agrees, problem matches, no task twice) and collect the records.
 * Any bad line makes the whole file fail with `line N: field: message`.
 */
import type { ImportIssue } from '../../../shared/schemas/lcb';
import { runLineSchema, toRunRecord, type RunRecord } from '../../../shared/runs/runLine';
import { ImportError, MAX_REPORTED_ISSUES } from '../lcbFile';
import { jsonLineDecoder, parseJsonLine, schemaIssues, tooLongIssue } from '../jsonLines';
import { MAX_LINE_BYTES, readLines, type ProgressListener } from '../lineReader';
import type { RunRelease } from './release';

export interface ParsedRunRecord extends RunRecord {
  line: number;
}

function checkLine(number: number, json: unknown, release: Map<string, { questionId: string; k: number }>): ImportIssue[] | ParsedRunRecord {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return [{ line: number, field: '', message: 'expected a JSON object (one run record per line)' }];
  }
  const parsed = runLineSchema.safeParse(json);
  if (!parsed.success) return schemaIssues(number, parsed.error, '(record)');
  const result = toRunRecord(parsed.data);
  if ('problems' in result) return result.problems.map((p) => ({ line: number, ...p }));
  const r = result.record;
  const task = release.get(r.taskId);
  if (!task) return [{ line: number, field: 'task_id', message: `"${r.taskId}" is not a task of the release` }];
  const issues: ImportIssue[] = [];
  if (r.questionId !== task.questionId) issues.push({ line: number, field: 'id', message: `"${r.questionId}" but ${r.taskId} is about problem "${task.questionId}"` });
  if (r.k !== task.k) {
    const field = parsed.data.key_question_num != null ? 'key_question_num' : 'qa_pairs';
    issues.push({ line: number, field, message: `K = ${r.k}, but ${r.taskId} has ${task.k} key question${task.k === 1 ? '' : 's'} in the release` });
  }
  return issues.length ? issues : { line: number, ...r };
}

export async function readRunFile(file: string, release: RunRelease, onProgress?: ProgressListener): Promise<ParsedRunRecord[]> {
  const tasks = new Map(release.tasks.map((t) => [t.taskId, { questionId: t.questionId, k: t.keyQuestions.length }]));
  const records: ParsedRunRecord[] = [];
  const issues: ImportIssue[] = [];
  let totalIssues = 0;
  const report = (found: ImportIssue[]) => {
    totalIssues += found.length;
    issues.push(...found.slice(0, Math.max(0, MAX_REPORTED_ISSUES - issues.length)));
  };
  const seen = new Map<string, number>();
  const decoder = jsonLineDecoder();
  for await (const { number, bytes, tooLong } of readLines(file, onProgress)) {
    if (tooLong) {
      report([tooLongIssue(number, MAX_LINE_BYTES)]);
      continue;
    }
    const line = parseJsonLine(number, bytes, decoder);
    if (line === null) continue;
    if ('issues' in line) {
      report(line.issues);
      continue;
    }
    const checked = checkLine(number, line.json, tasks);
    if (Array.isArray(checked)) {
      report(checked);
      continue;
    }
    const first = seen.get(checked.taskId);
    if (first !== undefined) {
      report([{ line: number, field: 'task_id', message: `"${checked.taskId}" already appears on line ${first}` }]);
      continue;
    }
    seen.set(checked.taskId, number);
    records.push(checked);
  }
  if (totalIssues > 0) throw new ImportError(issues, totalIssues);
  if (records.length === 0) throw new ImportError([], 0, 'Nothing was imported: the file holds no run records (it is empty or has only blank lines).');
  return records;
}
