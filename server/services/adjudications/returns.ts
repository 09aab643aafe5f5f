import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { markReturned } from '../../../db/pointFindings';
import type { ReturnedAnnotation } from '../../../shared/schemas/adjudication';
import { DomainError } from '../../domain/errors';
import { loadCase } from './caseFile';

/**
 * An adjudicator sends one side's submitted annotation back to its annotator with a note: that
 * side is a draft again (the note on top of its editor), the other side stays submitted, and the
 * case leaves the queue until both are submitted again. Not once the gold is resolved.
 */
export function returnToAnnotator(db: DB, actor: Actor, questionId: string, side: 'A' | 'B', note: string): ReturnedAnnotation {
  return transaction(db, () => {
    const file = loadCase(db, questionId);
    if (file.adjudication?.status === 'resolved') throw new DomainError('read_only', `Problem "${questionId}" is resolved; reopen it before sending work back.`);
    const work = file[side];
    if (!work) throw new DomainError('not_ready', `Problem "${questionId}" does not have two submitted annotations to send one back.`);
    markReturned(db, work.annotationId, note);
    appendEvent(db, actor, {
      action: 'annotation.return',
      entityType: 'annotation',
      entityId: work.annotationId,
      before: { status: 'submitted' },
      after: { status: 'draft' },
      details: { questionId, annotator: side, note },
    });
    return { questionId, annotator: side, status: 'draft' };
  });
}
