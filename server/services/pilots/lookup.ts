import type { DB } from '../../../db/database';
import { studyByName, type StudyRow } from '../../../db/pilots';
import { pilotErrors } from './errors';

export function requireStudy(db: DB, name: string): StudyRow {
  const row = studyByName(db, name);
  if (!row) throw pilotErrors.noStudy(name);
  return row;
}
