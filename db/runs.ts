/** The runs' SQL (runs, run_records, run_releases, run_release_tasks): named functions with parameterised statements. */
import { z } from 'zod';
import { all, get, run, type DB } from './database';
import { decodeJson, decodeList, isStringList, stringList } from './storedJson';
import type { HitDict } from '../shared/runs/metrics';
import type { KeyQuestion, ReleaseTask } from '../shared/runs/report';
import type { TaskScore } from '../shared/runs/metrics';
import type { RunRecord } from '../shared/runs/runLine';

/** A run record as the importer read it: its line number and its dialogue's JSON text. */
export type RunRecordInput = RunRecord & { line: number; messagesJson: string };

/** A release a run is checked against, with the tasks to store. */
export interface RunReleaseTasks {
  sha256: string;
  name: string;
  source: 'stored' | 'file';
  tasks: readonly (ReleaseTask & { text: string })[];
}

export interface RunRow {
  id: number;
  model: string;
  release_sha256: string;
  release_name: string;
  release_source: 'stored' | 'file';
  source_file: string;
  tasks: number;
  imported_by: string | null;
  imported_at: string;
}

const SELECT_RUN = `SELECT r.id, r.model, r.release_sha256, rr.name AS release_name, rr.source AS release_source, r.source_file, r.tasks,
    u.username AS imported_by, r.imported_at
  FROM runs r JOIN run_releases rr ON rr.sha256 = r.release_sha256 LEFT JOIN users u ON u.id = r.imported_by
  WHERE r.staged = 0`;

export const listRunRows = (db: DB): RunRow[] => all<RunRow>(db, `${SELECT_RUN} ORDER BY r.model`);
export const runRow = (db: DB, model: string): RunRow | undefined => get<RunRow>(db, `${SELECT_RUN} AND r.model = ?`, [model]);

/**
 * How key questions are typed: 1 = by the identity of the point each was written for.
 * A release kept under an older rule is typed again (and its tasks stored again) at its next run import.
 */
export const TYPES_RULE = 1;

/** The release's tasks, replaced whole so types follow the gold points at the latest import. */
export function saveRunRelease(db: DB, release: RunReleaseTasks): void {
  run(
    db,
    `INSERT INTO run_releases (sha256, name, source, tasks, types_rule) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (sha256) DO UPDATE SET name = excluded.name, source = excluded.source, tasks = excluded.tasks, types_rule = excluded.types_rule`,
    [release.sha256, release.name, release.source, release.tasks.length, TYPES_RULE],
  );
  run(db, 'DELETE FROM run_release_tasks WHERE release_sha256 = ?', [release.sha256]);
  release.tasks.forEach((t, position) =>
    run(db, 'INSERT INTO run_release_tasks (release_sha256, task_id, position, question_id, text, key_questions) VALUES (?, ?, ?, ?, ?, ?)', [
      release.sha256,
      t.taskId,
      position,
      t.questionId,
      t.text,
      JSON.stringify(t.keyQuestions),
    ]),
  );
}

export function deleteRun(db: DB, id: number): void {
  run(db, 'DELETE FROM runs WHERE id = ?', [id]);
}

/** A staged run made visible under its model's name, all its records at once (inside the final transaction). */
export function publishStagedRun(db: DB, id: number, model: string): void {
  run(db, "UPDATE runs SET model = ?, staged = 0, imported_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND staged = 1", [model, id]);
}

/** Delete the staged runs left by imports that stopped (their records go with them); returns how many. */
export const deleteStagedRuns = (db: DB): number => run(db, 'DELETE FROM runs WHERE staged = 1').changes;

export const runReleaseStored = (db: DB, sha256: string): boolean => get<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM run_releases WHERE sha256 = ?', [sha256])!.n > 0;

/** Drop a release's kept tasks that an import stored and then gave up, unless something else uses them by now. */
export function dropUnusedRunRelease(db: DB, sha256: string): void {
  const used = get<{ n: number }>(db, 'SELECT (SELECT COUNT(*) FROM runs WHERE release_sha256 = ?) + (SELECT COUNT(*) FROM pilot_studies WHERE release_sha256 = ?) AS n', [sha256, sha256])!.n;
  if (used > 0) return;
  run(db, 'DELETE FROM run_release_tasks WHERE release_sha256 = ?', [sha256]);
  run(db, 'DELETE FROM run_releases WHERE sha256 = ?', [sha256]);
}

const INSERT_RECORD = `INSERT INTO run_records (run_id, position, line, task_id, k, turns_total, finished, hit_dict, hit_questions, questions, messages, final_code, pass1_code, tkqr, ora, turns, diff)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * A run stored record by record as its file is read (inside the caller's transaction): the run
 * row first, each record as it comes, and the task count once the file is through.
 */
export function runWriter(db: DB, model: string, sha256: string, sourceFile: string, userId: number | null, staged = false) {
  const id = Number(
    run(db, 'INSERT INTO runs (model, release_sha256, source_file, tasks, imported_by, staged) VALUES (?, ?, ?, 0, ?, ?)', [model, sha256, sourceFile, userId, staged ? 1 : 0]).lastInsertRowid,
  );
  // One statement for every record, run directly (the helper's lookup and copy per row add up).
  const insert = db.prepare(INSERT_RECORD);
  let position = 0;
  return {
    id,
    add(r: RunRecordInput, s: TaskScore): void {
      insert.run(
        id,
        position++,
        r.line,
        r.taskId,
        r.k,
        r.turnsTotal,
        r.finished ? 1 : 0,
        JSON.stringify(r.hitDict),
        JSON.stringify(r.hitQuestions),
        JSON.stringify(r.questions),
        r.messagesJson,
        r.finalCode,
        r.pass1Code,
        s.tkqr,
        s.ora,
        s.turns,
        s.diff,
      );
    },
    finish(): number {
      run(db, 'UPDATE runs SET tasks = ? WHERE id = ?', [position, id]);
      return position;
    },
  };
}

interface ScoreRow {
  run_id: number;
  task_id: string;
  k: number;
  finished: number;
  hit_questions: string;
  hit_dict: string;
  tkqr: number;
  ora: number;
  turns: number;
  diff: number;
  pass1: number | null;
}

/** A stored record's scores and hit labels, without its dialogue. */
export interface StoredScore extends TaskScore {
  runId: number;
  taskId: string;
  k: number;
  finished: boolean;
  hitQuestions: string[];
  /** LiveCodeBench's grade of the record's current code (true passed, false failed), null when not graded. */
  pass1: boolean | null;
}

/*
 * The run_records JSON columns. hit_questions, questions and messages are positional (the j-th hit
 * turn hit the j-th hit question; turns are counted over the messages), so a damaged one reads as
 * empty whole rather than with entries dropped; a damaged hit_dict reads as no labels.
 */
const hitDictSchema = z.record(z.string(), z.number());
const messageSchema = z.object({ role: z.string(), content: z.string() });
const messageList = z.array(messageSchema);
export type StoredMessage = z.infer<typeof messageSchema>;

const NO_LABELS: HitDict = {};
/** Exactly what hitDictSchema accepts: a plain object of numbers. */
const isHitDict = (json: unknown): json is HitDict =>
  typeof json === 'object' && json !== null && !Array.isArray(json) && Object.values(json).every((v) => typeof v === 'number' && Number.isFinite(v));
export const hitDictOf = (text: string): HitDict => decodeJson(text, hitDictSchema, NO_LABELS, isHitDict);
const questionsOf = (text: string): string[] => decodeJson(text, stringList, [], isStringList);
const messagesOf = (text: string): StoredMessage[] => decodeJson(text, messageList, []);

const scoreOf = (r: ScoreRow): StoredScore => ({
  runId: r.run_id,
  taskId: r.task_id,
  k: r.k,
  finished: r.finished === 1,
  hitQuestions: questionsOf(r.hit_questions),
  tkqr: r.tkqr,
  ora: r.ora,
  turns: r.turns,
  diff: r.diff,
  pass1: r.pass1 === null ? null : r.pass1 === 1,
});

/** The code a record gives pass@1 (SQL): a non-empty final_code, else the extracted pass1_code. */
export const PASS1_CODE_SQL = "CASE WHEN rr.final_code <> '' THEN rr.final_code ELSE rr.pass1_code END";

/** Every run's scored records, without the dialogues and the per-turn labels, in file order. */
export const scoreRows = (db: DB, runId?: number): StoredScore[] => selectScores(db, runId).map(scoreOf);

/** Every run's scored records with their per-turn hit labels (curation), in file order. */
export const labelledScoreRows = (db: DB): (StoredScore & { hitDict: HitDict })[] => selectScores(db).map((r) => ({ ...scoreOf(r), hitDict: hitDictOf(r.hit_dict) }));

const selectScores = (db: DB, runId?: number): ScoreRow[] =>
  all<ScoreRow>(
    db,
    `SELECT rr.run_id, rr.task_id, rr.k, rr.finished, rr.hit_questions, rr.hit_dict, rr.tkqr, rr.ora, rr.turns, rr.diff,
        (SELECT p.passed FROM run_pass1 p JOIN run_pass1_codes c ON c.model = p.model AND c.task_id = p.task_id
          WHERE p.model = u.model AND p.task_id = rr.task_id AND p.release_sha256 = u.release_sha256 AND c.code = ${PASS1_CODE_SQL}) AS pass1
      FROM run_records rr JOIN runs u ON u.id = rr.run_id AND u.staged = 0
      ${runId === undefined ? '' : 'WHERE rr.run_id = ?'} ORDER BY rr.run_id, rr.position`,
    runId === undefined ? undefined : [runId],
  );

/** What the judge check reads of each record: the questions asked and their hit labels, in file order. */
export const judgeRows = (db: DB, runId: number): { taskId: string; questions: string[]; hitDict: HitDict }[] =>
  all<{ task_id: string; questions: string; hit_dict: string }>(db, 'SELECT task_id, questions, hit_dict FROM run_records WHERE run_id = ? ORDER BY position', [runId]).map((r) => ({
    taskId: r.task_id,
    questions: questionsOf(r.questions),
    hitDict: hitDictOf(r.hit_dict),
  }));

export type StoredTask = ReleaseTask & { text: string; position: number };

// A key question that breaks the schema is dropped: K is counted from the release, not from this list.
const keyQuestionSchema: z.ZodType<KeyQuestion> = z.object({ question: z.string(), answer: z.string(), type: z.string().nullable() });
const keyQuestionList = z.array(keyQuestionSchema);
/** Exactly what keyQuestionSchema returns unchanged: the three fields and no others (zod would drop others). */
function isKeyQuestion(json: unknown): json is KeyQuestion {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const q = json as Record<string, unknown>;
  return Object.keys(q).length === 3 && typeof q.question === 'string' && typeof q.answer === 'string' && (q.type === null || typeof q.type === 'string');
}
/** A kept release task's key questions, read for every task of every run a report covers. */
export const keyQuestionsOf = (text: string): KeyQuestion[] => decodeList(text, keyQuestionSchema, keyQuestionList, isKeyQuestion);

interface TaskRow {
  task_id: string;
  question_id: string;
  text: string;
  position: number;
  key_questions: string;
}

const toTask = (r: TaskRow): StoredTask => ({
  taskId: r.task_id,
  questionId: r.question_id,
  text: r.text,
  position: r.position,
  keyQuestions: keyQuestionsOf(r.key_questions),
});

export const releaseTasks = (db: DB, sha256: string): StoredTask[] =>
  all<TaskRow>(db, 'SELECT task_id, question_id, text, position, key_questions FROM run_release_tasks WHERE release_sha256 = ? ORDER BY position', [sha256]).map(toTask);

// A release's bytes fix its tasks' ids, problems and K, so the index of a kept release (named by
// its SHA-256) never changes: it is read once per database, not at every import.
const keptIndexes = new WeakMap<DB, Map<string, ReadonlyMap<string, { questionId: string; k: number }>>>();

/** Each kept task's problem and K (its number of key questions), without reading the texts. */
export function keptTaskIndex(db: DB, sha256: string): ReadonlyMap<string, { questionId: string; k: number }> {
  let bySha = keptIndexes.get(db);
  if (!bySha) keptIndexes.set(db, (bySha = new Map()));
  const known = bySha.get(sha256);
  if (known) return known;
  const rows = all<{ task_id: string; question_id: string; k: number }>(
    db,
    'SELECT task_id, question_id, json_array_length(key_questions) AS k FROM run_release_tasks WHERE release_sha256 = ?',
    [sha256],
  );
  const index = new Map(rows.map((r) => [r.task_id, { questionId: r.question_id, k: r.k }]));
  bySha.set(sha256, index);
  return index;
}

export function releaseTask(db: DB, sha256: string, taskId: string): StoredTask | undefined {
  const row = get<TaskRow>(db, 'SELECT task_id, question_id, text, position, key_questions FROM run_release_tasks WHERE release_sha256 = ? AND task_id = ?', [sha256, taskId]);
  return row && toTask(row);
}

/** The problems a task id names in the releases of stored runs. */
export const problemsOfTask = (db: DB, taskId: string): string[] =>
  all<{ question_id: string }>(
    db,
    `SELECT DISTINCT t.question_id FROM run_release_tasks t JOIN runs r ON r.release_sha256 = t.release_sha256 AND r.staged = 0 WHERE t.task_id = ? ORDER BY t.question_id`,
    [taskId],
  ).map((r) => r.question_id);

/** A run_records row, as the dialogue and export read it. */
export interface RunRecordRow {
  line: number;
  task_id: string;
  k: number;
  turns_total: number;
  finished: number;
  hit_dict: string;
  hit_questions: string;
  messages: string;
  final_code: string;
  tkqr: number;
  ora: number;
  turns: number;
  diff: number;
}

/** One stored record of a run, decoded: its dialogue (and the dialogue's JSON text as imported), labels and scores. */
export interface StoredRecord {
  line: number;
  taskId: string;
  k: number;
  turnsTotal: number;
  finished: boolean;
  hitDict: HitDict;
  hitQuestions: string[];
  /** The dialogue's own JSON text, as the import read it (`runs export` writes it back byte for byte). */
  messagesJson: string;
  messages: StoredMessage[];
  finalCode: string;
  scores: TaskScore;
}

/** The run_records columns a StoredRecord is read from. */
export const RUN_RECORD_COLUMNS = 'line, task_id, k, turns_total, finished, hit_dict, hit_questions, messages, final_code, tkqr, ora, turns, diff';

export const recordFromRow = (r: RunRecordRow): StoredRecord => ({
  line: r.line,
  taskId: r.task_id,
  k: r.k,
  turnsTotal: r.turns_total,
  finished: r.finished === 1,
  hitDict: hitDictOf(r.hit_dict),
  hitQuestions: questionsOf(r.hit_questions),
  messagesJson: r.messages,
  messages: messagesOf(r.messages),
  finalCode: r.final_code,
  scores: { tkqr: r.tkqr, ora: r.ora, turns: r.turns, diff: r.diff },
});

/** A run's record of a task (its dialogue), or undefined when the run has none. */
export function dialogueRecord(db: DB, runId: number, taskId: string): StoredRecord | undefined {
  const row = get<RunRecordRow>(db, `SELECT ${RUN_RECORD_COLUMNS} FROM run_records WHERE run_id = ? AND task_id = ?`, [runId, taskId]);
  return row && recordFromRow(row);
}

/** Every record of a run, in the order of its file. */
export const recordsOfRun = (db: DB, runId: number): StoredRecord[] =>
  all<RunRecordRow>(db, `SELECT ${RUN_RECORD_COLUMNS} FROM run_records WHERE run_id = ? ORDER BY position`, [runId]).map(recordFromRow);

/** Every run, a staged one (an import under way) too, by id. */
export const runStates = (db: DB): { id: number; model: string; staged: 0 | 1; tasks: number }[] => all(db, 'SELECT id, model, staged, tasks FROM runs ORDER BY id');

/** How many records the runs being imported (staged, seen by no reader) hold so far. */
export const stagedRecordCount = (db: DB): number =>
  get<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM run_records rr JOIN runs r ON r.id = rr.run_id WHERE r.staged = 1')!.n;

/** Where every stored record sits: its run, its position in the run's file, its task. */
export const recordPlaces = (db: DB): { run_id: number; position: number; task_id: string }[] =>
  all(db, 'SELECT run_id, position, task_id FROM run_records ORDER BY run_id, position');

/** The SHA-256 of every release kept for runs. */
export const runReleaseShas = (db: DB): string[] => all<{ sha256: string }>(db, 'SELECT sha256 FROM run_releases ORDER BY sha256').map((r) => r.sha256);

/** Whether an earlier run import kept this release's tasks, typed by the current rule. */
export const runReleaseKept = (db: DB, sha256: string): boolean => get(db, 'SELECT 1 FROM run_releases WHERE sha256 = ? AND types_rule >= ?', [sha256, TYPES_RULE]) !== undefined;

/** Every gold point's type, with its problem, index and question (types of a release's key questions). */
export const readGoldPointTypes = (db: DB): { question_id: string; idx: number; question: string; answer: string; type: string | null }[] =>
  all(db, `SELECT p.question_id, g.idx, g.question, g.answer, g.type FROM gold_points g JOIN problems p ON p.id = g.problem_id ORDER BY p.id, g.idx`);

/** Subsets of the task ids this database keeps from a release it continues. */
export const readKeptTaskSubsets = (db: DB): { task_id: string; subset: string }[] => all(db, 'SELECT task_id, subset FROM task_ids');
