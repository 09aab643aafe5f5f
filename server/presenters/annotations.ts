import type { AnnotationStatus, AnnotationView, QueueItem, QueueStatus } from '../../shared/schemas/annotation';
import { isPastDue } from '../../shared/schemas/batches';
import { baseTextHash } from '../domain/baseText';
import type { AnnotationState, Queue } from '../services/annotations';

/** An unstarted annotation (no row yet) is an empty draft at version 0. */
export function presentAnnotation({ problem, row, stored, served, quality }: AnnotationState): AnnotationView {
  return {
    questionId: problem.question_id,
    title: problem.title,
    status: row?.status ?? 'draft',
    version: row?.version ?? 0,
    points: stored.points,
    baseText: problem.base_text,
    baseTextHash: baseTextHash(problem.base_text),
    activeMs: row?.active_ms ?? 0,
    updatedAt: row?.updated_at ?? null,
    submittedAt: row?.submitted_at ?? null,
    returnNote: row?.return_note ?? null,
    findings: quality.findings,
    acknowledged: quality.acknowledged,
    origins: stored.origins,
    ...(served ? { suggestions: served.suggestions, dismissed: served.dismissed } : {}),
  };
}

const QUEUE_STATUS: Record<AnnotationStatus, QueueStatus> = { draft: 'in-progress', submitted: 'submitted' };

/** The queue's items in the order read; `today` (YYYY-MM-DD) decides whether work of a batch is overdue. */
export function presentQueue({ rows, today }: Queue): QueueItem[] {
  return rows.map((row) => {
    const status = row.status ? QUEUE_STATUS[row.status] : 'todo';
    const item: QueueItem = { questionId: row.question_id, title: row.title, difficulty: row.difficulty, status };
    if (row.skip_reason !== null) item.skipped = row.skip_reason;
    if (row.status === 'submitted' && row.adjudication_status === 'resolved') item.feedback = 'ready';
    else if (row.status === 'submitted' && row.adjudication_status === 'draft' && row.reopened === 1) item.feedback = 'reopened';
    if (row.batch_name !== null && row.batch_due !== null) item.batch = { name: row.batch_name, due: row.batch_due, overdue: status !== 'submitted' && isPastDue(row.batch_due, today) };
    return item;
  });
}
