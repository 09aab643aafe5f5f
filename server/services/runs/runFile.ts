/**
 * A run file, read as a stream and checked line by line against the schema and the release
 * (task exists, K agrees, problem matches, no task twice). Each good record is handed on as
 * soon as it is read (the importer writes it in chunks), so only the task ids seen so far are
 * held, however large the file. The scan stops at the first bad line (RunFileRejected); the report — `line N: field: message` for the first bad lines and the
 * count of the rest — is then gathered by reportRunFile, in slices that let other requests through.
 */
import type { ImportIssue } from '../../../shared/schemas/lcb';
import { quickRunLine, runLineSchema, toRunRecord, type RunRecord } from '../../../shared/runs/runLine';
import { ImportError } from '../lcbFile';
import { Pacer } from '../../files/eventLoopPacer';
import { IssueList, type LineIssues } from '../../files/fileIssues';
import { jsonLineDecoder, parseJsonLine, schemaIssues, tooLongIssue } from '../../files/jsonLines';
import { MAX_LINE_BYTES, readLines, type ProgressListener, type RawLine } from '../../files/lineReader';
import { readLinesSync } from '../../files/lineReaderSync';
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

function checkLine(number: number, json: unknown, text: string, release: ReleaseIndex): LineIssues | ParsedRunRecord {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return [{ line: number, field: '', message: 'expected a JSON object (one run record per line)' }];
  }
  let data = quickRunLine(json);
  if (data === null) {
    const parsed = runLineSchema.safeParse(json);
    // Worded only when they will be listed: wording costs more than checking.
    if (!parsed.success) return () => schemaIssues(number, parsed.error, '(record)');
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

const isIssues = (r: ParsedRunRecord | LineIssues): r is LineIssues => typeof r === 'function' || Array.isArray(r);

/** Checks the lines of one run file in order; holds the task ids seen (a task twice is an error). */
class RunLineChecker {
  private readonly seen = new Map<string, number>();
  private readonly decoder = jsonLineDecoder();
  constructor(private readonly tasks: ReleaseIndex) {}

  /** The line's record, its issues, or null for a blank line. */
  check({ number, bytes, tooLong }: RawLine): ParsedRunRecord | LineIssues | null {
    if (tooLong) return [tooLongIssue(number, MAX_LINE_BYTES)];
    const line = parseJsonLine(number, bytes, this.decoder);
    if (line === null) return null;
    if ('issues' in line) return line.issues;
    const record = checkLine(number, line.json, line.text, this.tasks);
    if (isIssues(record)) return record;
    const first = this.seen.get(record.taskId);
    if (first !== undefined) return [{ line: number, field: 'task_id', message: `"${record.taskId}" already appears on line ${first}` }];
    this.seen.set(record.taskId, number);
    return record;
  }
}

/** The synchronous scan met a bad line: nothing is stored, and reportRunFile words why. */
export class RunFileRejected extends Error {
  constructor() {
    super('the run file has a bad line');
  }
}

/**
 * Read and check the run file as a stream, yielding every good record in order; throws
 * RunFileRejected at the first bad line (the importer then deletes what it staged and
 * reportRunFile words why). Read synchronously in chunks (several times faster than the
 * asynchronous reader): the importer pauses the generator between its chunks of records, and
 * the event loop turns there.
 */
export function* checkedRecords(file: string, tasks: ReleaseIndex, onProgress?: ProgressListener): Generator<ParsedRunRecord> {
  const checker = new RunLineChecker(tasks);
  for (const raw of readLinesSync(file, onProgress)) {
    const result = checker.check(raw);
    if (result === null) continue;
    if (isIssues(result)) throw new RunFileRejected();
    yield result;
  }
}

/**
 * Check the whole run file again, off the event loop's critical path (slices, server/files/eventLoopPacer.ts),
 * and throw its ImportError: the first bad lines with their issues, the count of the rest.
 */
export async function reportRunFile(file: string, tasks: ReleaseIndex, onProgress?: ProgressListener): Promise<never> {
  const checker = new RunLineChecker(tasks);
  const issues = new IssueList();
  const pacer = new Pacer();
  for await (const raw of readLines(file, onProgress)) {
    await pacer.step();
    const result = checker.check(raw);
    if (result !== null && isIssues(result)) issues.add(result);
  }
  if (issues.empty) throw new ImportError([], undefined, 'Nothing was imported: the file changed while it was read; import it again.');
  throw ImportError.of(issues);
}
