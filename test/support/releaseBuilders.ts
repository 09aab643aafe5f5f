import type { DB } from '../../db/database';
import { insertAdjudication } from '../../db/adjudications';
import { insertGoldPoint } from '../../db/points';
import { insertTaskId, writeOverride } from '../../db/taskRows';
import type { Point } from '../../shared/edits';

export type GoldFixture = Pick<Point, 'deletions' | 'question' | 'answer'> & Partial<Pick<Point, 'repairs' | 'type'>> & { provenance?: 'A' | 'B' | 'merged' | 'new' | 'legacy' };

/** Store a resolved adjudication with its gold points, as the adjudication service (or a legacy import) leaves it. */
export function buildGold(db: DB, problemId: number, points: readonly GoldFixture[], options: { source?: 'adjudication' | 'legacy'; resolvedAt?: string } = {}): void {
  insertAdjudication(db, problemId, { status: 'resolved', version: 1, source: options.source ?? 'adjudication', resolvedAt: options.resolvedAt ?? '2025-03-01T10:00:00.000Z' });
  points.forEach((p, idx) => {
    insertGoldPoint(db, problemId, idx, { ...p, type: p.type === undefined ? 'Behavior' : p.type, provenance: p.provenance ?? 'A' });
  });
}

export function buildOverride(db: DB, problemId: number, subset: string, override: { text?: string; questions?: string[]; answers?: string[]; keywords?: string[]; kind?: 'edit' | 'rewrite' }): void {
  writeOverride(db, problemId, null, {
    subset,
    text: override.text ?? null,
    questions: override.questions ?? null,
    answers: override.answers ?? null,
    keywords: override.keywords ?? null,
    kind: override.kind ?? 'edit',
    repairs: [],
  });
}

export function keepTaskId(db: DB, problemId: number, subset: string, taskId: string, position: number): void {
  insertTaskId(db, problemId, subset, taskId, position);
}
