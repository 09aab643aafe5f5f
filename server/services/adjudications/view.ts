import type { DB } from '../../../db/database';
import type { CaseView } from '../../../shared/adjudicationView';
import { loadCase } from './caseFile';
import { presentCase } from './presenter';
import { revealNames } from './store';

/** One problem's case as the cross-check shows it; every state change answers with it, so the client holds the new version. */
export const caseView = (db: DB, questionId: string): CaseView => presentCase(loadCase(db, questionId), revealNames(db));
