import path from 'node:path';
import { transaction, type DB } from '../../db/database';
import { findImportTarget, insertProblem, maxImportOrder, setLcbVersion, updateProblem } from '../../db/problems';
import { appendEvent, type Actor } from '../../db/events';
import type { ImportIssue, ImportSummary } from '../../shared/schemas/lcb';
import { DomainError } from '../domain/errors';
import { ImportError, readLcbFile, type ParsedProblem } from './lcbFile';
import type { ProgressListener } from '../files/lineReader';

export { ImportError } from './lcbFile';

export interface ImportOptions {
  onProgress?: ProgressListener;
  /** The name to record in the audit log (an upload is streamed to a temporary file first). */
  sourceName?: string;
  /** The LiveCodeBench release the file comes from (e.g. v6): recorded on every problem of the file. */
  lcbVersion?: string;
}

/** A LiveCodeBench release tag as given to --lcb-version: v6, release_v6, v5.1 … */
export const LCB_VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

function columns(p: ParsedProblem): Record<string, unknown> {
  const { line: _line, ...rest } = p;
  return rest;
}

/** Pass 2: one transaction upserting every problem by question_id, plus one audit event. */
function writeProblems(db: DB, actor: Actor, problems: ParsedProblem[], sourceName: string, lcbVersion: string | undefined): ImportSummary {
  return transaction(db, () => {
    let nextOrder = maxImportOrder(db) + 1;
    const inserted: string[] = [];
    const updated: string[] = [];
    const blocked: ImportIssue[] = [];
    for (const p of problems) {
      const existing = findImportTarget(db, p.questionId);
      if (!existing) {
        insertProblem(db, { ...columns(p), importOrder: nextOrder++ });
        inserted.push(p.questionId);
      } else if (existing.record_sha256 !== p.recordSha256) {
        // Annotations are character offsets into the base text: it must not move under them.
        if (existing.worked_on && existing.base_text !== p.baseText) {
          blocked.push({ line: p.line, field: 'question_content', message: `the base text of ${p.questionId} would change, but it is already annotated` });
          continue;
        }
        updateProblem(db, columns(p));
        updated.push(p.questionId);
      }
    }
    if (blocked.length > 0) throw new ImportError(blocked);
    // Only a file that names its release sets it; an import without --lcb-version keeps what is recorded.
    if (lcbVersion) for (const p of problems) setLcbVersion(db, p.questionId, lcbVersion);
    const summary = { total: problems.length, inserted: inserted.length, updated: updated.length, unchanged: problems.length - inserted.length - updated.length };
    appendEvent(db, actor, {
      action: 'problem.import',
      entityType: 'problem',
      details: { file: sourceName, ...(lcbVersion ? { lcbVersion } : {}), ...summary, insertedIds: inserted, updatedIds: updated },
    });
    return summary;
  });
}

/**
 * Import a LiveCodeBench code_generation_lite JSONL file: the one importer behind both the
 * CLI and the upload route. Either every line is valid and the whole file is upserted in
 * one transaction, or an ImportError names the bad lines and nothing is written.
 */
export async function importLcbFile(db: DB, filePath: string, actor: Actor, options: ImportOptions = {}): Promise<ImportSummary> {
  if (options.lcbVersion !== undefined && !LCB_VERSION.test(options.lcbVersion)) {
    throw new DomainError('validation_failed', 'lcbVersion: use a LiveCodeBench release tag such as v6 (letters, digits, dots, dashes, underscores)');
  }
  const problems = await readLcbFile(filePath, options.onProgress);
  return writeProblems(db, actor, problems, options.sourceName ?? path.basename(filePath), options.lcbVersion);
}
