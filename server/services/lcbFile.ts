import { createHash } from 'node:crypto';
import { normalizeBaseText } from '../../shared/baseText';
import type { ProblemContent } from '../../shared/schemas/backoffice';
import { formatImportIssue, lcbRecord, type Difficulty, type ImportIssue } from '../../shared/schemas/lcb';
import { DomainError } from '../domain/errors';
import { jsonLineDecoder, parseJsonLine, schemaIssues, tooLongIssue } from '../files/jsonLines';
import { MAX_LINE_BYTES, readLines, type ProgressListener } from '../files/lineReader';
import { Pacer } from '../files/eventLoopPacer';
import { IssueList, type LineIssues } from '../files/fileIssues';

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

/** How many lines had errors, and how many of them the issues do not list (a bounded check, server/files/fileIssues.ts). */
export interface IssueCounts {
  linesWithErrors: number;
  unlistedLines: number;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} more ${word}${n === 1 ? '' : 's'}`;

/** A file that cannot be imported: nothing was written. Carries the (bounded) `line N: field: message` issues. */
export class ImportError extends DomainError {
  readonly linesWithErrors: number;
  readonly unlistedLines: number;

  constructor(
    readonly issues: ImportIssue[],
    counts?: IssueCounts,
    summary?: string,
  ) {
    const linesWithErrors = counts?.linesWithErrors ?? new Set(issues.map((i) => i.line)).size;
    const unlistedLines = counts?.unlistedLines ?? 0;
    const head = issues[0];
    const first = head ? formatImportIssue(head) : 'the file cannot be imported';
    const sameLine = head ? issues.filter((i) => i.line === head.line).length - 1 : 0;
    const more = linesWithErrors > 1 ? ` (and ${plural(linesWithErrors - 1, 'line')} with errors)` : sameLine > 0 ? ` (and ${plural(sameLine, 'error')} on that line)` : '';
    super('validation_failed', summary ?? `Nothing was imported: ${first}${more}.`, {
      issues: issues.map((i) => ({ ...i, path: i.field ? `line ${i.line}: ${i.field}` : `line ${i.line}` })),
      linesWithErrors,
      unlistedLines,
    });
    this.linesWithErrors = linesWithErrors;
    this.unlistedLines = unlistedLines;
  }

  /** The error of a bounded check: its listed issues in line order, with the counts. */
  static of(list: IssueList): ImportError {
    return new ImportError([...list.listed].sort((a, b) => a.line - b.line), { linesWithErrors: list.linesWithErrors, unlistedLines: list.unlistedLines });
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type LineResult = { problem: ParsedProblem } | { issues: LineIssues } | null;

/** Decode, parse and validate one line; null for a blank line. */
export function parseLine(number: number, bytes: Buffer, decoder = jsonLineDecoder()): LineResult {
  const line = parseJsonLine(number, bytes, decoder);
  if (line === null || 'issues' in line) return line;
  const { json } = line;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { issues: [{ line: number, field: '', message: 'expected a JSON object (one LiveCodeBench record per line)' }] };
  }
  const parsed = lcbRecord.safeParse(json);
  // Worded only when they will be listed: wording costs more than checking.
  if (!parsed.success) return { issues: () => schemaIssues(number, parsed.error, '(record)') };
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
 * Pass 1 of an import: read the file as a stream and validate every line, in slices that let
 * other requests through (server/files/eventLoopPacer.ts). Returns the problems in file order, or throws an
 * ImportError with the first bad lines and the count of the rest.
 */
export async function readLcbFile(file: string, onProgress?: ProgressListener): Promise<ParsedProblem[]> {
  const problems: ParsedProblem[] = [];
  const issues = new IssueList();
  const pacer = new Pacer();
  const seen = new Map<string, number>();
  const decoder = jsonLineDecoder();
  for await (const { number, bytes, tooLong } of readLines(file, onProgress)) {
    await pacer.step();
    if (tooLong) {
      issues.add([tooLongIssue(number, MAX_LINE_BYTES)]);
      continue;
    }
    const result = parseLine(number, bytes, decoder);
    if (result === null) continue;
    if ('issues' in result) {
      issues.add(result.issues);
      continue;
    }
    const firstLine = seen.get(result.problem.questionId);
    if (firstLine !== undefined) {
      issues.add([{ line: number, field: 'question_id', message: `"${result.problem.questionId}" already appears on line ${firstLine}` }]);
      continue;
    }
    seen.set(result.problem.questionId, number);
    // A file with errors is not imported: keep checking, but hold no more problems.
    if (issues.empty) problems.push(result.problem);
  }
  if (!issues.empty) throw ImportError.of(issues);
  if (problems.length === 0) {
    throw new ImportError([], undefined, 'Nothing was imported: the file holds no problems (it is empty or has only blank lines).');
  }
  return problems;
}
