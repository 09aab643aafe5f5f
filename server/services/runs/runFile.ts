/**
 * A run file, read as a stream and checked line by line against the schema and the release
 * (task exists, K agrees, problem matches, no task twice). Each good record is handed on as
 * soon as it is read (the importer writes it inside its one transaction), so only the task ids
 * seen so far are held, however large the file. Any bad line makes the whole file fail with
 * `line N: field: message` (every line is still checked, so all issues are reported).
 */
import type { ImportIssue } from '../../../shared/schemas/lcb';
import { quickRunLine, runLineSchema, toRunRecord, type RunRecord } from '../../../shared/runs/runLine';
import { ImportError, MAX_REPORTED_ISSUES } from '../lcbFile';
import { jsonLineDecoder, parseJsonLine, schemaIssues, tooLongIssue } from '../jsonLines';
import { MAX_LINE_BYTES, type ProgressListener } from '../lineReader';
import { readLinesSync } from '../lineReaderSync';
import { memberText } from './jsonSlice';
import type { RunRelease } from './release';

export interface ParsedRunRecord extends RunRecord {
  line: number;
  /** `messages` as JSON: the line's own text of it when it has one (so it is not serialised again). */
  messagesJson: string;
}

/** The record's dialogue as stored: cut from the line, or serialised when the line has none to cut. */
function messagesJson(text: string, messages: RunRecord['messages']): string {
  const raw = messages.length > 0 ? memberText(text, 'messages') : undefined;
  return raw !== undefined && raw.startsWith('[') ? raw : JSON.stringify(messages);
}

function checkLine(number: number, json: unknown, text: string, release: ReleaseIndex): ImportIssue[] | ParsedRunRecord {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return [{ line: number, field: '', message: 'expected a JSON object (one run record per line)' }];
  }
  let data = quickRunLine(json);
  if (data === null) {
    const parsed = runLineSchema.safeParse(json);
    if (!parsed.success) return schemaIssues(number, parsed.error, '(record)');
    data = parsed.data;
  }
  const result = toRunRecord(data);
  if ('problems' in result) return result.problems.map((p) => ({ line: number, ...p }));
  const r = result.record;
  const task = release.get(r.taskId);
  if (!task) return [{ line: number, field: 'task_id', message: `"${r.taskId}" is not a task of the release` }];
  const issues: ImportIssue[] = [];
  if (r.questionId !== task.questionId) issues.push({ line: number, field: 'id', message: `"${r.questionId}" but ${r.taskId} is about problem "${task.questionId}"` });
  if (r.k !== task.k) {
    const field = data.key_question_num != null ? 'key_question_num' : 'qa_pairs';
    issues.push({ line: number, field, message: `K = ${r.k}, but ${r.taskId} has ${task.k} key question${task.k === 1 ? '' : 's'} in the release` });
  }
  return issues.length ? issues : { line: number, ...r, messagesJson: messagesJson(text, r.messages) };
}

/** What checking a line needs of the release: each task's problem and K. */
export type ReleaseIndex = ReadonlyMap<string, { questionId: string; k: number }>;

export const releaseIndex = (release: RunRelease): ReleaseIndex =>
  release.kept ?? new Map(release.tasks.map((t) => [t.taskId, { questionId: t.questionId, k: t.keyQuestions.length }]));

/**
 * Read and check the run file synchronously (so that it can run inside a transaction), passing
 * every good record to `accept` until the first bad line; then keep checking to report every
 * issue and throw them as one ImportError. Returns the number of records accepted.
 */
export function scanRunFile(file: string, tasks: ReleaseIndex, accept: (record: ParsedRunRecord) => void, onProgress?: ProgressListener): number {
  const issues: ImportIssue[] = [];
  let totalIssues = 0;
  const report = (found: ImportIssue[]) => {
    totalIssues += found.length;
    issues.push(...found.slice(0, Math.max(0, MAX_REPORTED_ISSUES - issues.length)));
  };
  const seen = new Map<string, number>();
  let accepted = 0;
  const decoder = jsonLineDecoder();
  for (const { number, bytes, tooLong } of readLinesSync(file, onProgress)) {
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
    const checked = checkLine(number, line.json, line.text, tasks);
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
    // Once a line has failed nothing will be stored: the rest is only checked.
    if (totalIssues === 0) {
      accept(checked);
      accepted++;
    }
  }
  if (totalIssues > 0) throw new ImportError(issues, totalIssues);
  if (accepted === 0) throw new ImportError([], 0, 'Nothing was imported: the file holds no run records (it is empty or has only blank lines).');
  return accepted;
}
