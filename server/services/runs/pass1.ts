/**
 * pass@1 through LiveCodeBench: a run's codes out (`runs export-lcb`, `pilots export-lcb`) and the
 * evaluator's `_eval_all.json` back in (`runs import-pass1`), all or nothing, with one event.
 */
import fs from 'node:fs';
import path from 'node:path';
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { pass1CodeRows, pass1Count, replaceCompletePass1, replacePass1Grades } from '../../../db/runPass1';
import { runRow, type RunRow } from '../../../db/runs';
import {
  completePass1,
  evalEntrySchema,
  exportedProblems,
  formatPass1Issue,
  interactiveGrades,
  lcbEntries,
  lcbPass1,
  quickEvalEntry,
  type EvalEntry,
  type ExportedProblems,
  type LcbEntry,
  type Pass1Issue,
} from '../../../shared/runs/pass1';
import { jsonSyntaxError } from '../../../shared/jsonSyntax';
import { DomainError, notFound } from '../../domain/errors';
import { readLcbFile } from '../lcbFile';
import { readTextFile } from '../../files/textFile';

export type Pass1Setting = 'interactive' | 'complete';

/** A file that cannot be imported: nothing was stored. Carries every `entry N: field: message`. */
export class Pass1FileError extends DomainError {
  /** truncated: the check stopped at MAX_PASS1_ISSUES, so there are more than `issues` holds. */
  constructor(
    readonly issues: Pass1Issue[],
    readonly truncated = false,
  ) {
    const more = truncated ? ' (and more errors)' : issues.length > 1 ? ` (and ${issues.length - 1} more error${issues.length > 2 ? 's' : ''})` : '';
    super('validation_failed', `Nothing was imported: ${formatPass1Issue(issues[0]!)}${more}.`, {
      issues: issues.map((i) => ({ path: [i.entry === null ? '' : `entry ${i.entry}`, i.field].filter(Boolean).join(': '), message: i.message })),
    });
  }
}

function requireRun(db: DB, model: string): RunRow {
  const row = runRow(db, model);
  if (!row) throw notFound(`No run of model "${model}".`);
  return row;
}

/** The run's tasks by problem, with the code prepare_pass1.py takes from each record. */
function runProblems(db: DB, run: RunRow): ExportedProblems {
  const rows = pass1CodeRows(db, run.id);
  const unknown = rows.filter((r) => r.code === null).map((r) => r.task_id);
  if (unknown.length > 0) {
    const list = `${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? `, … (${unknown.length} in all)` : ''}`;
    throw new DomainError(
      'not_ready',
      `The run of "${run.model}" was imported before pass@1 support and has records without final_code (${list}): import it again (runs import --replace) so their code is extracted as prepare_pass1.py does.`,
    );
  }
  return exportedProblems(rows.map((r) => ({ taskId: r.task_id, questionId: r.question_id, code: r.code! })));
}

export interface LcbExport {
  model: string;
  entries: LcbEntry[];
  problems: number;
  tasks: number;
  placeholders: number;
}

/** The evaluator's input for one run; with `problemsFile` (the window's LiveCodeBench JSONL), placeholders for the rest. */
export async function lcbExport(db: DB, model: string, problemsFile?: string): Promise<LcbExport> {
  const run = requireRun(db, model);
  const problems = runProblems(db, run);
  const window = problemsFile === undefined ? undefined : (await readLcbFile(problemsFile)).map((p) => p.questionId);
  const result = lcbEntries(problems, window);
  if ('missing' in result) {
    const list = result.missing.slice(0, 10).join(', ');
    throw new DomainError('bad_request', `--problems: the run of "${model}" has tasks of ${result.missing.length} problem(s) the file does not hold (${list}); the evaluator's window must hold every problem of the run.`);
  }
  const tasks = [...problems.values()].reduce((n, t) => n + t.length, 0);
  return { model, entries: result.entries, problems: problems.size, tasks, placeholders: result.entries.length - problems.size };
}

/** Write the evaluator's input (one JSON list, as prepare_pass1.py writes it) via a temporary file. */
export function writeLcbExport(file: string, entries: readonly LcbEntry[]): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(entries));
  fs.renameSync(tmp, file);
}

/** A JSON.parse failure, with the line and column where the text stops being JSON. */
function jsonErrorIssue(text: string, err: unknown): Pass1Issue {
  const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 160);
  let where: { line: number; column: number } | null = null;
  try {
    where = jsonSyntaxError(text);
  } catch {
    // Nesting too deep to walk: the reason alone.
  }
  return { entry: null, field: '', message: `malformed JSON${where ? ` at line ${where.line}, column ${where.column}` : ''}: ${reason}` };
}

/** The issues a refused file lists (as many as are printed): past them the check stops, so a huge bad file costs no more. */
export const MAX_PASS1_ISSUES = 50;

/** The file's entries, each checked against what the importer reads of it (a UTF-8 BOM is passed over, as every importer does). */
export function readEvalEntries(fileText: string): EvalEntry[] {
  const text = fileText.charCodeAt(0) === 0xfeff ? fileText.slice(1) : fileText;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Pass1FileError([jsonErrorIssue(text, err)]);
  }
  if (!Array.isArray(json)) throw new Pass1FileError([{ entry: null, field: '', message: "expected a JSON list of entries (LiveCodeBench's …_eval_all.json)" }]);
  if (json.length === 0) throw new Pass1FileError([{ entry: null, field: '', message: 'the list holds no entry' }]);
  const issues: Pass1Issue[] = [];
  const entries: EvalEntry[] = [];
  for (let i = 0; i < json.length; i++) {
    const item: unknown = json[i];
    const quick = quickEvalEntry(item);
    if (quick) {
      entries.push(quick);
      continue;
    }
    const parsed = evalEntrySchema.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
    else for (const issue of parsed.error.issues) issues.push({ entry: i + 1, field: issue.path.join('.') || '(entry)', message: issue.message });
    if (issues.length > MAX_PASS1_ISSUES) throw new Pass1FileError(issues.slice(0, MAX_PASS1_ISSUES), true);
  }
  if (issues.length > 0) throw new Pass1FileError(issues);
  return entries;
}

export interface Pass1ImportSummary {
  model: string;
  setting: Pass1Setting;
  /** Interactive: the tasks graded; complete: the run's problems given a pass@1. */
  stored: number;
  /**
   * The tool's pass@1, the report's figure: the mean over the run's tasks (`tasks` of them) of
   * each task's grade (interactive) or of its problem's complete pass@1 (complete).
   */
  pass1: number;
  tasks: number;
  /**
   * LiveCodeBench's own pass@1 of the file (its _eval.json figure): the mean over the file's
   * problems (`lcb_problems` of them) of each problem's share of passing codes; in an export's
   * grading, padding and placeholders count as failing codes.
   */
  lcb_pass1: number;
  lcb_problems: number;
  /** Entries passed over: placeholders (interactive) or problems outside the run (complete). */
  ignored: number;
  /** How many of this setting's values the import replaced, or null for a first import. */
  replaced: number | null;
}

/**
 * Check the whole file against the run, then store it with one event (a re-import replaces): the
 * check and the write are one transaction, so the codes checked are the codes the grades keep.
 */
export function importPass1(db: DB, file: string, model: string, setting: Pass1Setting, actor: Actor, sourceName = path.basename(file)): Pass1ImportSummary {
  requireRun(db, model);
  const entries = readEvalEntries(readTextFile(file));
  return transaction(db, () => {
    const run = requireRun(db, model);
    const before = pass1Count(db, model, setting);
    const { stored, pass1, tasks, ignored } = setting === 'interactive' ? storeInteractive(db, run, entries) : storeComplete(db, run, entries);
    appendEvent(db, actor, {
      action: before > 0 ? 'run.pass1.replace' : 'run.pass1.import',
      entityType: 'run',
      entityId: model,
      before: before > 0 ? { setting, values: before } : undefined,
      after: { setting, values: stored, file: sourceName },
    });
    return { model, setting, stored, pass1, tasks, lcb_pass1: lcbPass1(entries), lcb_problems: entries.length, ignored, replaced: before > 0 ? before : null };
  });
}

interface Stored {
  stored: number;
  pass1: number;
  tasks: number;
  ignored: number;
}

function storeInteractive(db: DB, run: RunRow, entries: readonly EvalEntry[]): Stored {
  const problems = runProblems(db, run);
  const result = interactiveGrades(entries, problems);
  if ('issues' in result) throw new Pass1FileError(result.issues);
  replacePass1Grades(db, run.model, run.id, run.release_sha256, result.grades);
  const passed = result.grades.filter((g) => g.passed).length;
  return { stored: result.grades.length, pass1: passed / result.grades.length, tasks: result.grades.length, ignored: entries.length - problems.size };
}

function storeComplete(db: DB, run: RunRow, entries: readonly EvalEntry[]): Stored {
  // Only the run's problems matter here, not its codes (a run kept before pass1_code existed will do).
  const tasksOf = new Map<string, number>();
  for (const r of pass1CodeRows(db, run.id)) tasksOf.set(r.question_id, (tasksOf.get(r.question_id) ?? 0) + 1);
  const result = completePass1(entries, new Set(tasksOf.keys()));
  if ('issues' in result) throw new Pass1FileError(result.issues);
  replaceCompletePass1(db, run.model, result.rows);
  // Weighted by the run's tasks of each problem, as the report averages it.
  const tasks = result.rows.reduce((n, r) => n + tasksOf.get(r.questionId)!, 0);
  const pass1 = result.rows.reduce((sum, r) => sum + r.pass1 * tasksOf.get(r.questionId)!, 0) / tasks;
  return { stored: result.rows.length, pass1, tasks, ignored: result.ignored };
}
