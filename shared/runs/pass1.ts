/**
 * pass@1 through LiveCodeBench's custom evaluator (lcb_runner/runner/custom_evaluator.py): the
 * list of {question_id, code_list} it reads, and the `_eval_all.json` it writes back, checked
 * entry by entry. Pure functions; the services read and write the files and the database.
 *
 * Order rule: one entry per problem, sorted by question_id (as the evaluator sorts); a problem's
 * code_list holds the final code of each of the run's tasks of that problem in release order, so
 * graded_list[i] belongs to the i-th of those tasks.
 *
 * Width rule: the evaluator asserts that every problem carries as many codes as the first one, so
 * every code_list of one export is as long as the run's largest problem (its number of tasks); a
 * problem's slots past its own tasks hold PADDING_CODE, and a window problem the run has no task
 * of holds PLACEHOLDER_CODE in every slot. Both are graded (as failures) and passed over on import.
 */
import { z } from 'zod';
import { plural } from '../plural';

/** The code of a window problem the run has no task of: graded, and ignored on import. */
export const PLACEHOLDER_CODE = '# ccb-studio placeholder: this problem is not part of the run';

/** The code of a slot past a problem's own tasks (the width rule): graded, and ignored on import. */
export const PADDING_CODE = '# ccb-studio padding: this slot is not a task of the run';

/** One entry of the evaluator's input. */
export interface LcbEntry {
  question_id: string;
  code_list: string[];
}

/** A run's task as exported: its problem and the code prepare_pass1.py takes from its record. */
export interface ExportTask {
  taskId: string;
  questionId: string;
  code: string;
}

/** The exported problems: question_id → its tasks in code_list order. */
export type ExportedProblems = ReadonlyMap<string, readonly ExportTask[]>;

/** Group a run's tasks (already in problem, then release order) by problem. */
export function exportedProblems(tasks: readonly ExportTask[]): ExportedProblems {
  const out = new Map<string, ExportTask[]>();
  for (const t of tasks) {
    let list = out.get(t.questionId);
    if (!list) out.set(t.questionId, (list = []));
    list.push(t);
  }
  return out;
}

const byQuestionId = (a: LcbEntry, b: LcbEntry) => (a.question_id < b.question_id ? -1 : a.question_id > b.question_id ? 1 : 0);

/** How many codes every entry of the export carries: the run's largest number of tasks of one problem. */
export const exportWidth = (problems: ExportedProblems): number => Math.max(1, ...[...problems.values()].map((t) => t.length));

/** A problem's code_list: its tasks' codes, then padding up to the export's width. */
const paddedCodes = (tasks: readonly ExportTask[], width: number): string[] => [...tasks.map((t) => t.code), ...Array<string>(width - tasks.length).fill(PADDING_CODE)];

/**
 * The evaluator's input: one entry per exported problem, plus (given the window's question ids)
 * a placeholder entry for every other problem of the window, so its count assertion holds; every
 * code_list as long as the widest problem's, so its per-problem length assertion holds too.
 * Returns the run's problems the window lacks instead when there are any (the evaluator would
 * pair codes with the wrong problems).
 */
export function lcbEntries(problems: ExportedProblems, window?: readonly string[]): { entries: LcbEntry[] } | { missing: string[] } {
  const width = exportWidth(problems);
  const entries: LcbEntry[] = [...problems].map(([questionId, tasks]) => ({ question_id: questionId, code_list: paddedCodes(tasks, width) }));
  if (window) {
    const inWindow = new Set(window);
    const missing = [...problems.keys()].filter((q) => !inWindow.has(q));
    if (missing.length > 0) return { missing };
    for (const q of inWindow) if (!problems.has(q)) entries.push({ question_id: q, code_list: Array<string>(width).fill(PLACEHOLDER_CODE) });
  }
  return { entries: entries.sort(byQuestionId) };
}

/** What the importer reads of one `_eval_all.json` entry (the evaluator writes many more fields). */
export const evalEntrySchema = z.object({
  question_id: z.string().min(1, 'must be a non-empty string'),
  code_list: z.array(z.string()),
  graded_list: z.array(z.boolean()),
  'pass@1': z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1'),
  // One JSON text per code (json.dumps of run_test's dict); absent in files from other graders.
  metadata: z.array(z.string()).optional(),
});
export type EvalEntry = z.infer<typeof evalEntrySchema>;

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isBooleans = (v: unknown): v is boolean[] => Array.isArray(v) && v.every((x) => typeof x === 'boolean');

/**
 * The fast path of evalEntrySchema for a well-formed entry: the value its parse gives, or null
 * when anything is unusual (then the schema decides and words the issues).
 */
export function quickEvalEntry(item: unknown): EvalEntry | null {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
  const { question_id, code_list, graded_list, 'pass@1': pass1, metadata } = item as Record<string, unknown>;
  if (typeof question_id !== 'string' || question_id === '' || !isStrings(code_list) || !isBooleans(graded_list)) return null;
  if (typeof pass1 !== 'number' || !(pass1 >= 0 && pass1 <= 1)) return null;
  if (metadata === undefined) return { question_id, code_list, graded_list, 'pass@1': pass1 };
  return isStrings(metadata) ? { question_id, code_list, graded_list, 'pass@1': pass1, metadata } : null;
}

/** A reason a file cannot be imported; entry is 1-based, null for the file as a whole. */
export interface Pass1Issue {
  entry: number | null;
  field: string;
  message: string;
}

export const formatPass1Issue = (i: Pass1Issue): string => `${i.entry === null ? '' : `entry ${i.entry}: `}${i.field ? `${i.field}: ` : ''}${i.message}`;

/** What LiveCodeBench's metadata says of one graded code: why it failed (both null when it passed). */
export interface CodeMetadata {
  errorCode: number | null;
  errorMessage: string | null;
}

/** error_message is kept to this many characters: enough to tell a syntax error, not a whole traceback. */
export const ERROR_MESSAGE_MAX = 500;

/**
 * One code's metadata text as LiveCodeBench writes it: json.dumps of run_test's dict, which holds
 * only "execution time" for a passing code and error_code with error_message for a failing one.
 * Returns the reason when the text is not such a dict.
 */
export function codeMetadata(text: string): CodeMetadata | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON (LiveCodeBench writes one json.dumps dict per code)';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const { error_code: code, error_message: message } = value as Record<string, unknown>;
  if (code !== undefined && !Number.isInteger(code)) return 'error_code: must be an integer';
  if (message !== undefined && typeof message !== 'string') return 'error_message: must be a string';
  return { errorCode: (code as number | undefined) ?? null, errorMessage: message === undefined ? null : message.slice(0, ERROR_MESSAGE_MAX) };
}

export interface GradedTask {
  taskId: string;
  questionId: string;
  code: string;
  passed: boolean;
  /** null when the entry carried no metadata: the code's failure category is unknown. */
  metadata: CodeMetadata | null;
}


/** Why a code_list is not the one export-lcb wrote for the problem (its tasks, then padding to `width`), or null when it is. */
function codeListIssue(codes: readonly string[], tasks: readonly ExportTask[], width: number): string | null {
  if (codes.length !== width) {
    const padding = width - tasks.length;
    return `${plural(codes.length, 'code')}, but export-lcb wrote ${width} (${tasks.map((t) => t.taskId).join(', ')}${padding > 0 ? `, then ${padding} padding` : ''})`;
  }
  for (let i = 0; i < width; i++) {
    if (i < tasks.length && codes[i] !== tasks[i]!.code) return `code ${i + 1} is not the code export-lcb wrote for ${tasks[i]!.taskId}`;
    if (i >= tasks.length && codes[i] !== PADDING_CODE) return `code ${i + 1} is not the padding export-lcb wrote (codes ${tasks.length + 1}–${width} of this problem are padding)`;
  }
  return null;
}

/** The metadata of an entry's first `n` codes (null when the entry has none), or why it cannot be read. */
function entryMetadata(e: EvalEntry, n: number): CodeMetadata[] | null | string {
  if (e.metadata === undefined) return null;
  if (e.metadata.length !== e.code_list.length) return `${e.metadata.length} metadata for ${e.code_list.length} codes`;
  const out: CodeMetadata[] = [];
  for (let j = 0; j < n; j++) {
    const m = codeMetadata(e.metadata[j]!);
    if (typeof m === 'string') return `code ${j + 1}: ${m}`;
    out.push(m);
  }
  return out;
}

type EntryIssue = Omit<Pass1Issue, 'entry'>;

/** An entry of a problem outside the run: it must be a placeholder entry as export-lcb wrote it. */
function placeholderIssue(e: EvalEntry, width: number): EntryIssue | null {
  const placeholders = e.code_list.length > 0 && e.code_list.every((c) => c === PLACEHOLDER_CODE);
  if (!placeholders) return { field: 'question_id', message: `"${e.question_id}" is not a problem of the run (nor a placeholder entry)` };
  if (e.code_list.length !== width) return { field: 'code_list', message: `a placeholder entry of ${plural(e.code_list.length, 'code')}, but export-lcb wrote ${width}` };
  if (e.graded_list.length !== width) return { field: 'graded_list', message: `${e.graded_list.length} grades for ${width} codes` };
  return null;
}

/** The grades of one entry of a run's problem (its padding passed over), or why it cannot be read. */
function entryGrades(e: EvalEntry, tasks: readonly ExportTask[], width: number): GradedTask[] | EntryIssue {
  const codes = codeListIssue(e.code_list, tasks, width);
  if (codes) return { field: 'code_list', message: `not what was exported for ${e.question_id}: ${codes}` };
  if (e.graded_list.length !== width) return { field: 'graded_list', message: `${e.graded_list.length} grades for ${width} codes` };
  const metadata = entryMetadata(e, tasks.length);
  if (typeof metadata === 'string') return { field: 'metadata', message: metadata };
  return tasks.map((t, j) => ({ taskId: t.taskId, questionId: t.questionId, code: t.code, passed: e.graded_list[j]!, metadata: metadata?.[j] ?? null }));
}

/**
 * Interactive setting: graded_list[i] is the grade of the i-th exported task of the entry's
 * problem; the grades of padding are passed over. The file must carry exactly the exported
 * code_lists, padding included (plus placeholder entries).
 */
export function interactiveGrades(entries: readonly EvalEntry[], problems: ExportedProblems): { grades: GradedTask[] } | { issues: Pass1Issue[] } {
  const issues: Pass1Issue[] = [];
  const grades: GradedTask[] = [];
  const seen = new Map<string, number>();
  const width = exportWidth(problems);
  entries.forEach((e, i) => {
    const entry = i + 1;
    const first = seen.get(e.question_id);
    if (first !== undefined) return issues.push({ entry, field: 'question_id', message: `"${e.question_id}" already appears in entry ${first}` });
    seen.set(e.question_id, entry);
    const tasks = problems.get(e.question_id);
    const result = tasks ? entryGrades(e, tasks, width) : placeholderIssue(e, width);
    if (Array.isArray(result)) grades.push(...result);
    else if (result) issues.push({ entry, ...result });
  });
  for (const [questionId, tasks] of problems) {
    if (!seen.has(questionId)) issues.push({ entry: null, field: '', message: `no entry for problem "${questionId}" (${tasks.map((t) => t.taskId).join(', ')})` });
  }
  return issues.length > 0 ? { issues } : { grades };
}

/**
 * LiveCodeBench's own pass@1 of a graded file (the figure of its `_eval.json`): the mean over the
 * file's problems of each problem's share of passing codes; in an export that counts padding and
 * placeholders as failing codes, so it is not the run's figure.
 */
export const lcbPass1 = (entries: readonly EvalEntry[]): number =>
  entries.reduce((sum, e) => sum + (e.graded_list.length === 0 ? 0 : e.graded_list.filter(Boolean).length / e.graded_list.length), 0) / entries.length;

export interface ProblemPass1 {
  questionId: string;
  pass1: number;
  codes: number;
}

/**
 * Complete setting: the model's own LiveCodeBench run on the original statements; each of the
 * run's problems needs an entry, entries of other problems of the window are passed over.
 */
export function completePass1(entries: readonly EvalEntry[], runProblems: ReadonlySet<string>): { rows: ProblemPass1[]; ignored: number } | { issues: Pass1Issue[] } {
  const issues: Pass1Issue[] = [];
  const rows: ProblemPass1[] = [];
  const seen = new Map<string, number>();
  let ignored = 0;
  entries.forEach((e, i) => {
    const entry = i + 1;
    const first = seen.get(e.question_id);
    if (first !== undefined) return issues.push({ entry, field: 'question_id', message: `"${e.question_id}" already appears in entry ${first}` });
    seen.set(e.question_id, entry);
    if (e.graded_list.length === 0) return issues.push({ entry, field: 'graded_list', message: 'holds no grade' });
    if (e.graded_list.length !== e.code_list.length) return issues.push({ entry, field: 'graded_list', message: `${e.graded_list.length} grades for ${e.code_list.length} codes` });
    const share = e.graded_list.filter(Boolean).length / e.graded_list.length;
    if (Math.abs(share - e['pass@1']) > 1e-9) return issues.push({ entry, field: 'pass@1', message: `${e['pass@1']}, but graded_list passes ${share}` });
    if (runProblems.has(e.question_id)) rows.push({ questionId: e.question_id, pass1: e['pass@1'], codes: e.graded_list.length });
    else ignored++;
  });
  for (const questionId of runProblems) if (!seen.has(questionId)) issues.push({ entry: null, field: '', message: `no entry for problem "${questionId}" of the run` });
  return issues.length > 0 ? { issues } : { rows, ignored };
}
