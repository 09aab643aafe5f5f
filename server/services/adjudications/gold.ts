import { transaction, type DB } from '../../../db/database';
import { upsertAdjudication as writeAdjudication } from '../../../db/adjudications';
import { appendEvent, type Actor } from '../../../db/events';
import { deriveProvenance, legacyPoints, resolveFindings, splitLegacyFindings } from '../../../shared/adjudication';
import { validatePoints } from '../../../shared/edits';
import type { GoldPoint, SaveGoldBody } from '../../../shared/schemas/adjudication';
import { DomainError, validationFailed } from '../../domain/errors';
import { checkEditable, checkVersion, goldSnapshot, loadCase, type CaseFile } from './caseFile';
import { followPointEdits, followUpDetails } from './followPoints';
import { writeGoldPoints } from './store';

/**
 * Recompute each point's provenance and field sources from its content (labels from the client
 * are not trusted); a point identical to a stored legacy point stays 'legacy'.
 */
function withProvenance(file: CaseFile, points: readonly GoldPoint[]): GoldPoint[] {
  const legacy = legacyPoints(file.gold);
  return points.map((p) => ({ ...p, ...deriveProvenance(p, p.sources.from, file.A?.points ?? [], file.B?.points ?? [], legacy) }));
}

function upsertAdjudication(db: DB, file: CaseFile, actor: Actor, fields: { status: 'draft' | 'resolved'; notes: string }): number {
  const version = (file.adjudication?.version ?? 0) + 1;
  writeAdjudication(db, file.problem.id, actor.id, { ...fields, version });
  return version;
}

/** Save a gold draft (PUT): structural rules only, the checklist may still be incomplete. */
export function saveGold(db: DB, actor: Actor, questionId: string, body: SaveGoldBody): void {
  transaction(db, () => {
    const file = loadCase(db, questionId);
    checkEditable(file);
    checkVersion(file, body.version);
    const points = withProvenance(file, body.points);
    // Unchanged legacy points may break the editor's rules (the release was made without them).
    const findings = splitLegacyFindings(validatePoints(file.problem.base_text, points, 'draft'), points).blocking;
    if (findings.length > 0) throw validationFailed(findings);
    // Overrides, kept ids and exclusions follow their points: shifted keys move, changed tasks lose them.
    const followed = followPointEdits(db, file.problem.id, file.gold, points);
    const next = upsertAdjudication(db, file, actor, { status: 'draft', notes: body.notes });
    writeGoldPoints(db, file.problem.id, points);
    appendEvent(db, actor, {
      action: 'adjudication.save',
      entityType: 'adjudication',
      entityId: questionId,
      before: goldSnapshot(file),
      after: { status: 'draft', version: next, notes: body.notes, points },
      details: followUpDetails(followed),
    });
  });
}

/** Resolve the stored gold draft: every rule of resolveFindings must hold. */
export function resolveGold(db: DB, actor: Actor, questionId: string, version: number): void {
  transaction(db, () => {
    const file = loadCase(db, questionId);
    checkEditable(file);
    checkVersion(file, version);
    const findings = resolveFindings(file.problem.base_text, file.gold);
    if (findings.length > 0) throw validationFailed(findings);
    const next = upsertAdjudication(db, file, actor, { status: 'resolved', notes: file.adjudication?.notes ?? '' });
    appendEvent(db, actor, {
      action: 'adjudication.resolve',
      entityType: 'adjudication',
      entityId: questionId,
      before: { status: 'draft', version },
      after: { status: 'resolved', version: next, points: file.gold },
    });
  });
}

/** One action when A and B agree exactly: gold = the agreed points, checklist confirmed, resolved. */
export function acceptAgreement(db: DB, actor: Actor, questionId: string, version: number): void {
  transaction(db, () => {
    const file = loadCase(db, questionId);
    checkEditable(file);
    checkVersion(file, version);
    const { A, crossCheck } = file;
    if (!A || !crossCheck) throw new DomainError('not_ready', `Problem "${questionId}" has no two submitted annotations to accept.`);
    if (!crossCheck.exactAgreement) {
      throw new DomainError('not_agreed', 'Annotators A and B do not agree exactly on this problem; adjudicate the differences instead.');
    }
    const agreed = A.points.map((p, i): GoldPoint => ({
      ...p,
      provenance: 'A',
      sources: { from: { a: i, b: crossCheck.alignment.pairs.find((pair) => pair.a === i)!.b } },
      checklist: { plausible: true, ambiguous: true, sufficient: true },
      note: '',
    }));
    const points = withProvenance(file, agreed);
    const notes = file.adjudication?.notes || 'Accepted: both annotators agree exactly.';
    const followed = followPointEdits(db, file.problem.id, file.gold, points);
    const next = upsertAdjudication(db, file, actor, { status: 'resolved', notes });
    writeGoldPoints(db, file.problem.id, points);
    appendEvent(db, actor, {
      action: 'adjudication.accept',
      entityType: 'adjudication',
      entityId: questionId,
      before: goldSnapshot(file),
      after: { status: 'resolved', version: next, notes, points },
      details: followUpDetails(followed),
    });
  });
}

/** Maintainers only: a resolved problem becomes an editable draft again. */
export function reopenGold(db: DB, actor: Actor, questionId: string, reason: string, context?: Record<string, unknown>): void {
  transaction(db, () => {
    const file = loadCase(db, questionId);
    if (file.adjudication?.status !== 'resolved') throw new DomainError('not_resolved', `Problem "${questionId}" is not resolved; there is nothing to reopen.`);
    const next = upsertAdjudication(db, file, actor, { status: 'draft', notes: file.adjudication.notes });
    appendEvent(db, actor, {
      action: 'adjudication.reopen',
      entityType: 'adjudication',
      entityId: questionId,
      before: { status: 'resolved', version: file.adjudication.version, resolvedBy: file.adjudication.resolved_by_name, resolvedAt: file.adjudication.resolved_at },
      after: { status: 'draft', version: next },
      details: reason || context ? { ...(reason ? { reason } : {}), ...context } : undefined,
    });
  });
}
