import path from 'node:path';
import { get, run, transaction, type DB } from '../../db/database';
import { appendEvent, type Actor } from '../../db/events';
import type { ImportIssue, ImportSummary } from '../../shared/schemas/lcb';
import { AppError } from '../http/errors';
import { ImportError, readLcbFile, type ParsedProblem } from './lcbFile';
import type { ProgressListener } from './lineReader';

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

interface ExistingProblem {
  id: number;
  record_sha256: string;
  base_text: string;
  worked_on: number;
}

const FIND_EXISTING = `
  SELECT p.id, p.record_sha256, p.base_text,
    (EXISTS (SELECT 1 FROM annotations a WHERE a.problem_id = p.id)
      OR EXISTS (SELECT 1 FROM adjudications j WHERE j.problem_id = p.id)) AS worked_on
  FROM problems p WHERE p.question_id = ?`;

const INSERT = `
  INSERT INTO problems (question_id, title, platform, contest_id, contest_date, difficulty, statement, base_text,
    starter_code, public_test_cases, metadata, private_tests_bytes, private_tests_sha256, record_sha256, import_order)
  VALUES (@questionId, @title, @platform, @contestId, @contestDate, @difficulty, @statement, @baseText,
    @starterCode, @publicTestCases, @metadata, @privateTestsBytes, @privateTestsSha256, @recordSha256, @importOrder)`;

const UPDATE = `
  UPDATE problems SET title = @title, platform = @platform, contest_id = @contestId, contest_date = @contestDate,
    difficulty = @difficulty, statement = @statement, base_text = @baseText, starter_code = @starterCode,
    public_test_cases = @publicTestCases, metadata = @metadata, private_tests_bytes = @privateTestsBytes,
    private_tests_sha256 = @privateTestsSha256, record_sha256 = @recordSha256,
    updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE question_id = @questionId`;

function columns(p: ParsedProblem): Record<string, unknown> {
  const { line: _line, ...rest } = p;
  return rest;
}

/** Pass 2: one transaction upserting every problem by question_id, plus one audit event. */
function writeProblems(db: DB, actor: Actor, problems: ParsedProblem[], sourceName: string, lcbVersion: string | undefined): ImportSummary {
  return transaction(db, () => {
    let nextOrder = (get<{ m: number | null }>(db, 'SELECT MAX(import_order) AS m FROM problems')?.m ?? 0) + 1;
    const inserted: string[] = [];
    const updated: string[] = [];
    const blocked: ImportIssue[] = [];
    for (const p of problems) {
      const existing = get<ExistingProblem>(db, FIND_EXISTING, [p.questionId]);
      if (!existing) {
        run(db, INSERT, { ...columns(p), importOrder: nextOrder++ });
        inserted.push(p.questionId);
      } else if (existing.record_sha256 !== p.recordSha256) {
        // Annotations are character offsets into the base text: it must not move under them.
        if (existing.worked_on && existing.base_text !== p.baseText) {
          blocked.push({ line: p.line, field: 'question_content', message: `the base text of ${p.questionId} would change, but it is already annotated` });
          continue;
        }
        run(db, UPDATE, columns(p));
        updated.push(p.questionId);
      }
    }
    if (blocked.length > 0) throw new ImportError(blocked);
    // Only a file that names its release sets it; an import without --lcb-version keeps what is recorded.
    if (lcbVersion) for (const p of problems) run(db, 'UPDATE problems SET lcb_version = ? WHERE question_id = ?', [lcbVersion, p.questionId]);
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
    throw new AppError(400, 'validation_failed', 'lcbVersion: use a LiveCodeBench release tag such as v6 (letters, digits, dots, dashes, underscores)');
  }
  const problems = await readLcbFile(filePath, options.onProgress);
  return writeProblems(db, actor, problems, options.sourceName ?? path.basename(filePath), options.lcbVersion);
}
