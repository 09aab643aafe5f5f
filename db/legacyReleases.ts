/** What importing a legacy release (import-release) reads and writes of a problem's gold work. */
import { all, get, run, type DB } from './database';
import type { Actor } from './events';
import type { Repair } from '../shared/edits';
import type { GoldPointLike, TaskOverride } from '../shared/tasks';

/** A problem's work recovered from a legacy release (server/services/releases/legacyRecover.ts makes it). */
export interface RecoveredWork {
  points: readonly GoldPointLike[];
  tasks: readonly { taskId: string; subset: string; kind: string; override: (TaskOverride & { repairs: Repair[] }) | null }[];
  /** Subsets the policy generates but the release leaves out. */
  exclusions: readonly string[];
}

export interface KnownProblem {
  id: number;
  questionId: string;
  baseText: string;
  /** The source of its adjudication, if it has one. */
  adjudication: 'adjudication' | 'legacy' | null;
}

export function knownProblems(db: DB, questionIds: readonly string[]): Map<string, KnownProblem> {
  const out = new Map<string, KnownProblem>();
  for (const questionId of questionIds) {
    const row = get<{ id: number; base_text: string; source: 'adjudication' | 'legacy' | null }>(
      db,
      'SELECT p.id, p.base_text, a.source FROM problems p LEFT JOIN adjudications a ON a.problem_id = p.id WHERE p.question_id = ?',
      [questionId],
    );
    if (row) out.set(questionId, { id: row.id, questionId, baseText: row.base_text, adjudication: row.source });
  }
  return out;
}

/** The kept task ids of a problem, as "task_id subset" strings, sorted. */
export function storedTaskIds(db: DB, problemId: number): string[] {
  return all<{ task_id: string; subset: string }>(db, 'SELECT task_id, subset FROM task_ids WHERE problem_id = ? ORDER BY task_id', [problemId]).map(
    (r) => `${r.task_id} ${r.subset}`,
  );
}

/** Who holds a task id already, if anyone. */
export function taskIdOwner(db: DB, taskId: string): { questionId: string; subset: string } | null {
  const row = get<{ question_id: string; subset: string }>(
    db,
    'SELECT p.question_id, t.subset FROM task_ids t JOIN problems p ON p.id = t.problem_id WHERE t.task_id = ?',
    [taskId],
  );
  return row ? { questionId: row.question_id, subset: row.subset } : null;
}

const NO_SOURCES = JSON.stringify({ from: { a: null, b: null } });
const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** Write a recovered problem: a resolved legacy adjudication, its gold points, overrides, exclusions and kept ids. */
export function writeRecoveredProblem(db: DB, actor: Actor, problemId: number, release: string, recovered: RecoveredWork, positions: Map<string, number>): void {
  const rewrites = recovered.tasks.filter((t) => t.kind === 'rewrite').map((t) => t.taskId);
  const notes = `Recovered from the legacy release "${release}".${rewrites.length ? ` Rewritten tasks (kept as overrides): ${rewrites.join(', ')}.` : ''}`;
  run(
    db,
    `INSERT INTO adjudications (problem_id, status, version, notes, source, legacy_release, updated_by, resolved_by, resolved_at)
     VALUES (?, 'resolved', 1, ?, 'legacy', ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    [problemId, notes, release, actor.id, actor.id],
  );
  recovered.points.forEach((p, idx) => {
    const single = recovered.tasks.find((t) => t.subset === String(idx));
    const note = single?.kind === 'rewrite' ? `Its task ${single.taskId} is a rewrite: the override keeps its exact text.` : '';
    run(
      db,
      `INSERT INTO gold_points (problem_id, idx, deletions, repairs, question, answer, type, provenance, sources, note)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'legacy', ?, ?)`,
      [problemId, idx, JSON.stringify(p.deletions), JSON.stringify(p.repairs), p.question, p.answer, p.type, NO_SOURCES, note],
    );
  });
  for (const task of recovered.tasks) {
    const o = task.override;
    if (o) {
      run(
        db,
        `INSERT INTO task_overrides (problem_id, subset, text, questions, answers, keywords, qa_order, kind, repairs, created_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [problemId, o.subset, o.text, json(o.questions), json(o.answers), json(o.keywords), o.qaOrder ? JSON.stringify(o.qaOrder) : null, o.kind, JSON.stringify(o.repairs), actor.id],
      );
    }
    run(db, 'INSERT INTO task_ids (problem_id, subset, task_id, position) VALUES (?, ?, ?, ?)', [problemId, task.subset, task.taskId, positions.get(task.taskId)!]);
  }
  for (const subset of recovered.exclusions) {
    run(db, 'INSERT INTO task_exclusions (problem_id, subset, reason) VALUES (?, ?, ?)', [problemId, subset, `not in the legacy release "${release}"`]);
  }
}

/** Everything an import-release --replace-work replaces on a problem, as its event records it. */
export interface ProblemWork {
  adjudication: { status: string; version: number; notes: string; source: string; resolvedAt: string | null } | null;
  gold: unknown[];
  overrides: unknown[];
  taskIds: string[];
  exclusions: string[];
  submittedAnnotations: { annotator: string; annotationId: number; version: number; submittedAt: string | null }[];
}

export function problemWork(db: DB, problemId: number): ProblemWork {
  const adjudication = get<{ status: string; version: number; notes: string; source: string; resolvedAt: string | null }>(
    db,
    'SELECT status, version, notes, source, resolved_at AS resolvedAt FROM adjudications WHERE problem_id = ?',
    [problemId],
  );
  return {
    adjudication: adjudication ?? null,
    gold: all(db, 'SELECT idx, deletions, repairs, question, answer, type, provenance, sources, plausible, ambiguous, sufficient, note FROM gold_points WHERE problem_id = ? ORDER BY idx', [problemId]),
    overrides: all(db, 'SELECT subset, text, questions, answers, keywords, qa_order, kind, repairs FROM task_overrides WHERE problem_id = ? ORDER BY subset', [problemId]),
    taskIds: storedTaskIds(db, problemId),
    exclusions: all<{ subset: string }>(db, 'SELECT subset FROM task_exclusions WHERE problem_id = ? ORDER BY subset', [problemId]).map((r) => r.subset),
    submittedAnnotations: all<{ annotator: string; annotationId: number; version: number; submittedAt: string | null }>(
      db,
      `SELECT u.username AS annotator, a.id AS annotationId, a.version, a.submitted_at AS submittedAt
         FROM annotations a JOIN users u ON u.id = a.user_id WHERE a.problem_id = ? AND a.status = 'submitted' ORDER BY a.id`,
      [problemId],
    ),
  };
}

/** Remove a problem's gold work before a replacing import writes its own (annotations stay). */
export function removeProblemWork(db: DB, problemId: number): void {
  for (const table of ['gold_points', 'task_overrides', 'task_ids', 'task_exclusions', 'adjudications']) {
    run(db, `DELETE FROM ${table} WHERE problem_id = ?`, [problemId]);
  }
}

/** Every problem's release facts (release statistics). */
export const readProblemFacts = (db: DB): { questionId: string; platform: string; contestDate: string; difficulty: string }[] =>
  all(db, 'SELECT question_id AS questionId, platform, contest_date AS contestDate, difficulty FROM problems');

/** Every problem's base text, by question id. */
export const readAllBaseTexts = (db: DB): Map<string, string> =>
  new Map(all<{ question_id: string; base_text: string }>(db, 'SELECT question_id, base_text FROM problems').map((p) => [p.question_id, p.base_text]));

/** A stored release by name, with its kind and the SHA-256 of its file at `path` (null without one). */
export const findReleaseWithFile = (db: DB, name: string, path: string): { id: number; kind: string; sha256: string | null } | undefined =>
  get(db, `SELECT r.id, r.kind, f.sha256 FROM releases r LEFT JOIN release_files f ON f.release_id = r.id AND f.path = ? WHERE r.name = ?`, [path, name]);

/** Insert an imported legacy release's row (policy and kind 'legacy'); its id. */
/** An imported release came from a public file (the public benchmark): published at its import. */
export const insertLegacyRelease = (db: DB, name: string, notes: string, manifest: string, userId: number | null): number | bigint =>
  run(
    db,
    `INSERT INTO releases (name, notes, policy, kind, manifest, created_by, published_at, published_by)
     VALUES (?, ?, 'legacy', 'legacy', ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?)`,
    [name, notes, manifest, userId, userId],
  ).lastInsertRowid;
