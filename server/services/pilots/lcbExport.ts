/** `pilots export-lcb`: the LiveCodeBench evaluator's input for each pilot's run of a study. */
import path from 'node:path';
import type { DB } from '../../../db/database';
import { aliasesOfStudy } from '../../../db/pilots';
import { runRow } from '../../../db/runs';
import { pilotModelName } from '../../../shared/schemas/pilots';
import { lcbExport, writeLcbExport, type LcbExport } from '../runs/pass1';
import { requireStudy } from './lookup';

/** One `<alias>.json` per pilot with a run (submitted sessions) in `dir`; returns what was written. */
export async function exportStudyLcb(db: DB, name: string, dir: string, problemsFile?: string): Promise<{ study: string; files: (LcbExport & { file: string })[] }> {
  const study = requireStudy(db, name);
  const exports: (LcbExport & { file: string })[] = [];
  for (const a of aliasesOfStudy(db, study.id)) {
    const model = pilotModelName(a.alias);
    if (!runRow(db, model)) continue;
    exports.push({ ...(await lcbExport(db, model, problemsFile)), file: path.join(dir, `${a.alias}.json`) });
  }
  // Every file is checked before the first is written.
  for (const e of exports) writeLcbExport(e.file, e.entries);
  return { study: study.name, files: exports };
}
