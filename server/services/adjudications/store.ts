import { all, get, run, type DB } from '../../../db/database';
import type { Point, Range, Repair } from '../../../shared/edits';
import { sourcesSchema, type AdjudicationSource, type GoldPoint, type Provenance } from '../../../shared/schemas/adjudication';
import type { TaskOverride } from '../../../shared/tasks';
import type { AmbiguityType } from '../../../shared/taxonomy';

export interface ProblemRow {
  id: number;
  question_id: string;
  title: string;
  difficulty: string;
  base_text: string;
}

/** One annotator's submitted work on a problem, by assignment slot (1 → A, 2 → B). */
export interface SideWork {
  userId: number;
  username: string;
  annotationId: number;
  status: 'draft' | 'submitted';
  submittedAt: string | null;
  points: Point[];
}

export interface AdjudicationRow {
  problem_id: number;
  status: 'draft' | 'resolved';
  source: AdjudicationSource;
  version: number;
  notes: string;
  updated_at: string;
  resolved_at: string | null;
  resolved_by_name: string | null;
}

interface PointRow {
  deletions: string;
  repairs: string;
  question: string;
  answer: string;
  type: string | null;
}

const toPoint = (r: PointRow): Point => ({
  deletions: JSON.parse(r.deletions) as Range[],
  repairs: JSON.parse(r.repairs) as Repair[],
  question: r.question,
  answer: r.answer,
  type: r.type as AmbiguityType | null,
});

export function findProblem(db: DB, questionId: string): ProblemRow | undefined {
  return get<ProblemRow>(db, 'SELECT id, question_id, title, difficulty, base_text FROM problems WHERE question_id = ?', [questionId]);
}

/** The annotations of both slots of a problem (undefined for a slot with no annotation yet). */
export function loadSides(db: DB, problemId: number): { A?: SideWork; B?: SideWork } {
  const rows = all<{ slot: number; user_id: number; username: string; id: number | null; status: 'draft' | 'submitted' | null; submitted_at: string | null }>(
    db,
    `SELECT s.slot, s.user_id, u.username, a.id, a.status, a.submitted_at
       FROM assignments s JOIN users u ON u.id = s.user_id
       LEFT JOIN annotations a ON a.problem_id = s.problem_id AND a.user_id = s.user_id
      WHERE s.problem_id = ? ORDER BY s.slot`,
    [problemId],
  );
  const sides: { A?: SideWork; B?: SideWork } = {};
  for (const r of rows) {
    if (r.id === null || r.status === null) continue;
    const points = all<PointRow>(db, 'SELECT deletions, repairs, question, answer, type FROM annotation_points WHERE annotation_id = ? ORDER BY idx', [r.id]).map(toPoint);
    const side: SideWork = { userId: r.user_id, username: r.username, annotationId: r.id, status: r.status, submittedAt: r.submitted_at, points };
    if (r.slot === 1) sides.A = side;
    else sides.B = side;
  }
  return sides;
}

export function findAdjudication(db: DB, problemId: number): AdjudicationRow | undefined {
  return get<AdjudicationRow>(
    db,
    `SELECT j.problem_id, j.status, j.source, j.version, j.notes, j.updated_at, j.resolved_at, u.username AS resolved_by_name
       FROM adjudications j LEFT JOIN users u ON u.id = j.resolved_by WHERE j.problem_id = ?`,
    [problemId],
  );
}

interface GoldRow extends PointRow {
  provenance: Provenance;
  sources: string;
  plausible: number;
  ambiguous: number;
  sufficient: number;
  note: string;
}

export function loadGoldPoints(db: DB, problemId: number): GoldPoint[] {
  return all<GoldRow>(db, 'SELECT * FROM gold_points WHERE problem_id = ? ORDER BY idx', [problemId]).map((r) => ({
    ...toPoint(r),
    provenance: r.provenance,
    sources: sourcesSchema.parse(JSON.parse(r.sources)),
    checklist: { plausible: r.plausible === 1, ambiguous: r.ambiguous === 1, sufficient: r.sufficient === 1 },
    note: r.note,
  }));
}

export function writeGoldPoints(db: DB, problemId: number, points: readonly GoldPoint[]): void {
  run(db, 'DELETE FROM gold_points WHERE problem_id = ?', [problemId]);
  points.forEach((p, idx) => {
    run(
      db,
      `INSERT INTO gold_points (problem_id, idx, deletions, repairs, question, answer, type, provenance, sources, plausible, ambiguous, sufficient, note)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        problemId,
        idx,
        JSON.stringify(p.deletions),
        JSON.stringify(p.repairs),
        p.question,
        p.answer,
        p.type,
        p.provenance,
        JSON.stringify(p.sources),
        p.checklist.plausible ? 1 : 0,
        p.checklist.ambiguous ? 1 : 0,
        p.checklist.sufficient ? 1 : 0,
        p.note,
      ],
    );
  });
}

/** A stored override with its flagged repairs (the tiny edits its text makes to the base text). */
export interface StoredOverride extends TaskOverride {
  repairs: Repair[];
  createdBy: string | null;
  createdAt: string;
}

export function loadOverrides(db: DB, problemId: number): StoredOverride[] {
  const rows = all<{ subset: string; text: string | null; questions: string | null; answers: string | null; keywords: string | null; kind: 'edit' | 'rewrite'; repairs: string; created_by_name: string | null; created_at: string }>(
    db,
    `SELECT o.subset, o.text, o.questions, o.answers, o.keywords, o.kind, o.repairs, u.username AS created_by_name, o.created_at
       FROM task_overrides o LEFT JOIN users u ON u.id = o.created_by WHERE o.problem_id = ? ORDER BY o.subset`,
    [problemId],
  );
  const list = (s: string | null) => (s === null ? null : (JSON.parse(s) as string[]));
  return rows.map((r) => ({
    subset: r.subset,
    text: r.text,
    questions: list(r.questions),
    answers: list(r.answers),
    keywords: list(r.keywords),
    kind: r.kind,
    repairs: JSON.parse(r.repairs) as Repair[],
    createdBy: r.created_by_name,
    createdAt: r.created_at,
  }));
}

/**
 * Insert or replace a task's override: every column takes the new override's value, so an edit
 * of a legacy rewrite becomes an 'edit' and loses the rewrite's answers and keywords.
 */
export function writeOverride(
  db: DB,
  problemId: number,
  userId: number | null,
  o: { subset: string; text: string | null; questions: string[] | null; answers?: string[] | null; keywords?: string[] | null; kind: 'edit' | 'rewrite'; repairs: Repair[] },
): void {
  const list = (value: string[] | null | undefined) => (value == null ? null : JSON.stringify(value));
  run(
    db,
    `INSERT INTO task_overrides (problem_id, subset, text, questions, answers, keywords, kind, repairs, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (problem_id, subset) DO UPDATE SET text = excluded.text, questions = excluded.questions, answers = excluded.answers,
       keywords = excluded.keywords, kind = excluded.kind, repairs = excluded.repairs, created_by = excluded.created_by,
       created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    [problemId, o.subset, o.text, list(o.questions), list(o.answers), list(o.keywords), o.kind, JSON.stringify(o.repairs), userId],
  );
}

export function deleteOverride(db: DB, problemId: number, subset: string): void {
  run(db, 'DELETE FROM task_overrides WHERE problem_id = ? AND subset = ?', [problemId, subset]);
}

/** Subsets ("0,2") that a continued legacy release leaves out: the exporter skips them. */
export function loadExclusions(db: DB, problemId: number): string[] {
  return all<{ subset: string }>(db, 'SELECT subset FROM task_exclusions WHERE problem_id = ? ORDER BY subset', [problemId]).map((r) => r.subset);
}

const REVEAL_NAMES_KEY = 'adjudication.revealNames';

export function revealNames(db: DB): boolean {
  return get<{ value: string }>(db, 'SELECT value FROM settings WHERE key = ?', [REVEAL_NAMES_KEY])?.value === 'true';
}

export function writeRevealNames(db: DB, value: boolean): void {
  run(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [REVEAL_NAMES_KEY, String(value)]);
}
