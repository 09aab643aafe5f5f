import type { DB } from '../../../db/database';
import { loadCase, type CaseFile } from './caseFile';
import { revealNames } from './store';

/** One problem's case, and whether the adjudicators see the annotators' names (server/presenters/adjudications.ts shows it). */
export interface CaseState {
  file: CaseFile;
  reveal: boolean;
}

/** One problem's case as the cross-check shows it; every state change answers with it, so the client holds the new version. */
export const caseState = (db: DB, questionId: string): CaseState => ({ file: loadCase(db, questionId), reveal: revealNames(db) });
