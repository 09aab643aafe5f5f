import { run, type DB } from '../../db/database';
import type { Point } from '../../shared/edits';

export type GoldFixture = Pick<Point, 'deletions' | 'question' | 'answer'> & Partial<Pick<Point, 'repairs' | 'type'>> & { provenance?: 'A' | 'B' | 'merged' | 'new' | 'legacy' };

/** Store a resolved adjudication with its gold points, as the adjudication service (or a legacy import) leaves it. */
export function buildGold(db: DB, problemId: number, points: readonly GoldFixture[], options: { source?: 'adjudication' | 'legacy'; resolvedAt?: string } = {}): void {
  run(db, `INSERT INTO adjudications (problem_id, status, version, source, resolved_at) VALUES (?, 'resolved', 1, ?, ?)`, [
    problemId,
    options.source ?? 'adjudication',
    options.resolvedAt ?? '2025-03-01T10:00:00.000Z',
  ]);
  points.forEach((p, idx) => {
    run(db, 'INSERT INTO gold_points (problem_id, idx, deletions, repairs, question, answer, type, provenance, plausible, ambiguous, sufficient) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 1, 1)', [
      problemId,
      idx,
      JSON.stringify(p.deletions),
      JSON.stringify(p.repairs ?? []),
      p.question,
      p.answer,
      p.type === undefined ? 'Behavior' : p.type,
      p.provenance ?? 'A',
    ]);
  });
}

export function buildOverride(db: DB, problemId: number, subset: string, override: { text?: string; questions?: string[]; answers?: string[]; keywords?: string[]; kind?: 'edit' | 'rewrite' }): void {
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  run(db, 'INSERT INTO task_overrides (problem_id, subset, text, questions, answers, keywords, kind) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    problemId,
    subset,
    override.text ?? null,
    json(override.questions),
    json(override.answers),
    json(override.keywords),
    override.kind ?? 'edit',
  ]);
}

export function keepTaskId(db: DB, problemId: number, subset: string, taskId: string, position: number): void {
  run(db, 'INSERT INTO task_ids (problem_id, subset, task_id, position) VALUES (?, ?, ?, ?)', [problemId, subset, taskId, position]);
}
