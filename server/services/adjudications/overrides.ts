import { transaction, type DB } from '../../../db/database';
import { bumpAdjudicationVersion } from '../../../db/adjudications';
import { appendEvent, type Actor } from '../../../db/events';
import { checkOverrideQuestions, checkOverrideText } from '../../../shared/adjudication';
import type { Finding } from '../../../shared/edits';
import type { OverrideBody } from '../../../shared/schemas/adjudication';
import { subsetKey, subsetsFor } from '../../../shared/subsets';
import { notFound, validationFailed } from '../../domain/errors';
import { checkEditable, checkVersion, loadCase, type CaseFile } from './caseFile';
import { deleteOverride, writeOverride } from './store';

/** The subset's point indexes, if it names a task of the current gold points ("0,2"). */
function taskSubset(file: CaseFile, subset: string): number[] {
  const found = subsetsFor(file.gold.length).find((s) => subsetKey(s) === subset);
  if (!found) {
    const keys = subsetsFor(file.gold.length).map(subsetKey);
    throw notFound(`No task "${subset}" among the current gold points${keys.length ? ` (tasks: ${keys.join(' | ')})` : ''}.`);
  }
  return found;
}

/** Bump the version so a stale gold draft in another tab gets 409 instead of silently winning. */
function touch(db: DB, file: CaseFile, actor: Actor): void {
  bumpAdjudicationVersion(db, file.problem.id, actor.id);
}

/** Store a per-task override of the text or question wording, re-validated against the base text. */
export function putOverride(db: DB, actor: Actor, questionId: string, subset: string, body: OverrideBody): void {
  transaction(db, () => {
    const file = loadCase(db, questionId);
    checkEditable(file);
    checkVersion(file, body.version);
    const indexes = taskSubset(file, subset);
    const existing = file.overrides.find((o) => o.subset === subset);
    const text = body.text === undefined ? (existing?.text ?? null) : body.text;
    const questions = body.questions === undefined ? (existing?.questions ?? null) : body.questions;
    const findings: Finding[] = [];
    const textCheck = text === null ? { repairs: [], findings: [] } : checkOverrideText(file.problem.base_text, text);
    findings.push(...textCheck.findings);
    if (questions !== null) findings.push(...checkOverrideQuestions(questions, indexes.length));
    if (text === null && questions === null) findings.push({ path: 'text', message: 'give a text or questions to override (DELETE removes the override)' });
    if (findings.length > 0) throw validationFailed(findings);
    // A validated text is deletion-only plus flagged repairs: the override is an 'edit', whatever it replaces.
    writeOverride(db, file.problem.id, actor.id, { subset, text, questions, kind: 'edit', repairs: textCheck.repairs });
    touch(db, file, actor);
    appendEvent(db, actor, {
      action: 'adjudication.override',
      entityType: 'adjudication',
      entityId: questionId,
      before: existing ? { subset, text: existing.text, questions: existing.questions, answers: existing.answers, keywords: existing.keywords, kind: existing.kind } : null,
      after: { subset, text, questions, answers: null, keywords: null, kind: 'edit', flaggedRepairs: textCheck.repairs },
    });
  });
}

export function removeOverride(db: DB, actor: Actor, questionId: string, subset: string, version: number): void {
  transaction(db, () => {
    const file = loadCase(db, questionId);
    checkEditable(file);
    checkVersion(file, version);
    const existing = file.overrides.find((o) => o.subset === subset);
    if (!existing) throw notFound(`Task "${subset}" of "${questionId}" has no override.`);
    deleteOverride(db, file.problem.id, subset);
    touch(db, file, actor);
    appendEvent(db, actor, {
      action: 'adjudication.override.remove',
      entityType: 'adjudication',
      entityId: questionId,
      before: { subset, text: existing.text, questions: existing.questions },
      after: null,
    });
  });
}
