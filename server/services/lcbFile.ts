import { createHash } from 'node:crypto';
import { normalizeBaseText } from '../../shared/baseText';
import type { ProblemContent } from '../../shared/schemas/backoffice';
import { formatImportIssue, lcbRecord, type Difficulty, type ImportIssue } from '../../shared/schemas/lcb';
import { DomainError } from '../domain/errors';
import { jsonLineDecoder, parseJsonLine, schemaIssues, tooLongIssue } from './jsonLines';
import { MAX_LINE_BYTES, readLines, type ProgressListener } from './lineReader';

/** The parts of a record we keep: everything but the hidden tests, of which only size and digest are kept. */
export interface ParsedProblem extends ProblemContent {
  line: number;
  questionId: string;
  title: string;
  platform: string;
  contestDate: string;
  difficulty: Difficulty;
  recordSha256: string;
}

/** Issues kept for reporting; the total is still counted beyond this. */
export const MAX_REPORTED_ISSUES = 1000;

/** A file that cannot be imported: nothing was written. Carries every `line N: field: message`. */
export class ImportError extends DomainError {
  constructor(
    readonly issues: ImportIssue[],
    readonly totalIssues = issues.length,
    summary?: string,
  ) {
    const first = issues[0] ? formatImportIssue(issues[0]) : 'the file cannot be imported';
    const more = totalIssues > 1 ? ` (and ${totalIssues - 1} more error${totalIssues > 2 ? 's' : ''})` : '';
    super('validation_failed', summary ?? `Nothing was imported: ${first}${more}.`, {
      issues: issues.map((i) => ({ ...i, path: i.field ? `line ${i.line}: ${i.field}` : `line ${i.line}` })),
      totalIssues,
    });
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type LineResult = { problem: ParsedProblem } | { issues: ImportIssue[] } | null;

/** Decode, parse and validate one line; null for a blank line. */
export function parseLine(number: number, bytes: Buffer, decoder = jsonLineDecoder()): LineResult {
  const line = parseJsonLine(number, bytes, decoder);
  if (line === null || 'issues' in line) return line;
  const { json } = line;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { issues: [{ line: number, field: '', message: 'expected a JSON object (one LiveCodeBench record per line)' }] };
  }
  const parsed = lcbRecord.safeParse(json);
  if (!parsed.success) {
    return { issues: schemaIssues(number, parsed.error, '(record)') };
  }
  const r = parsed.data;
  const baseText = normalizeBaseText(r.question_content);
  if (baseText === '') {
    return { issues: [{ line: number, field: 'question_content', message: 'nothing is left before the examples section ("Sample Input 1")' }] };
  }
  const privateTests = r.private_test_cases;
  const kept = {
    questionId: r.question_id,
    title: r.question_title.trim(),
    platform: r.platform.trim(),
    contestId: r.contest_id,
    contestDate: r.contest_date,
    difficulty: r.difficulty,
    statement: r.question_content,
    starterCode: r.starter_code,
    publicTestCases: r.public_test_cases,
    metadata: r.metadata ?? '{}',
    privateTestsBytes: privateTests === undefined ? 0 : Buffer.byteLength(privateTests, 'utf8'),
    privateTestsSha256: privateTests === undefined ? null : sha256(privateTests),
  };
  return { problem: { line: number, ...kept, baseText, recordSha256: sha256(JSON.stringify(kept)) } };
}

/**
 * Pass 1 of an import: read the file as a stream and validate every line. Returns the
 * problems in file order, or throws an ImportError naming every bad line.
 */
export async function readLcbFile(file: string, onProgress?: ProgressListener): Promise<ParsedProblem[]> {
  const problems: ParsedProblem[] = [];
  const issues: ImportIssue[] = [];
  let totalIssues = 0;
  const report = (found: ImportIssue[]) => {
    totalIssues += found.length;
    issues.push(...found.slice(0, Math.max(0, MAX_REPORTED_ISSUES - issues.length)));
  };
  const seen = new Map<string, number>();
  const decoder = jsonLineDecoder();
  for await (const { number, bytes, tooLong } of readLines(file, onProgress)) {
    if (tooLong) {
      report([tooLongIssue(number, MAX_LINE_BYTES)]);
      continue;
    }
    const result = parseLine(number, bytes, decoder);
    if (result === null) continue;
    if ('issues' in result) {
      report(result.issues);
      continue;
    }
    const firstLine = seen.get(result.problem.questionId);
    if (firstLine !== undefined) {
      report([{ line: number, field: 'question_id', message: `"${result.problem.questionId}" already appears on line ${firstLine}` }]);
      continue;
    }
    seen.set(result.problem.questionId, number);
    problems.push(result.problem);
  }
  if (totalIssues > 0) throw new ImportError(issues, totalIssues);
  if (problems.length === 0) {
    throw new ImportError([], 0, 'Nothing was imported: the file holds no problems (it is empty or has only blank lines).');
  }
  return problems;
}
