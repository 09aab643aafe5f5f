import { createHash } from 'node:crypto';
import type { Point, Range, Repair } from '../../shared/edits';
import { isAmbiguityType } from '../../shared/taxonomy';
import type { AnnotationStatus, AnnotationView, QueueItem, QueueStatus } from '../../shared/schemas/annotation';

export interface AnnotationRow {
  id: number;
  status: AnnotationStatus;
  version: number;
  active_ms: number;
  updated_at: string;
  submitted_at: string | null;
}

export interface PointRow {
  idx: number;
  deletions: string;
  repairs: string;
  question: string;
  answer: string;
  type: string | null;
}

export interface AssignedProblem {
  id: number;
  question_id: string;
  title: string;
  base_text: string;
}

export interface QueueRow {
  question_id: string;
  title: string;
  difficulty: string;
  status: AnnotationStatus | null;
}

/** A stored point row (annotation or gold) as a Point; an unknown type reads as none. */
export function presentPoint(row: PointRow): Point {
  return {
    deletions: (JSON.parse(row.deletions) as Range[] | null) ?? [],
    repairs: (JSON.parse(row.repairs) as Repair[] | null) ?? [],
    question: row.question,
    answer: row.answer,
    type: isAmbiguityType(row.type) ? row.type : null,
  };
}

/** The name of a base text that saves carry: its SHA-256, hex. */
export const baseTextHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** An unstarted annotation (no row yet) is an empty draft at version 0. */
export function presentAnnotation(problem: AssignedProblem, row: AnnotationRow | undefined, points: PointRow[]): AnnotationView {
  return {
    questionId: problem.question_id,
    title: problem.title,
    status: row?.status ?? 'draft',
    version: row?.version ?? 0,
    points: points.map(presentPoint),
    baseText: problem.base_text,
    baseTextHash: baseTextHash(problem.base_text),
    activeMs: row?.active_ms ?? 0,
    updatedAt: row?.updated_at ?? null,
    submittedAt: row?.submitted_at ?? null,
  };
}

const QUEUE_STATUS: Record<AnnotationStatus, QueueStatus> = { draft: 'in-progress', submitted: 'submitted' };

export function presentQueueItem(row: QueueRow): QueueItem {
  return { questionId: row.question_id, title: row.title, difficulty: row.difficulty, status: row.status ? QUEUE_STATUS[row.status] : 'todo' };
}
