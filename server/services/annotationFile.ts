import type { TextDecoder } from 'node:util';
import type { Point } from '../../shared/edits';
import { importedAnnotationLine } from '../../shared/schemas/annotationImport';
import type { ImportIssue } from '../../shared/schemas/lcb';
import { jsonLineDecoder, parseJsonLine, schemaIssues, tooLongIssue } from './jsonLines';
import { MAX_LINE_BYTES, readLines } from './lineReader';
import { Pacer } from './eventLoopPacer';
import { IssueList, type LineIssues } from './fileIssues';

/** One valid line of an annotation file. */
export interface ParsedAnnotation {
  line: number;
  questionId: string;
  annotator: string;
  points: Point[];
}

type LineResult = { annotation: ParsedAnnotation } | { issues: LineIssues } | null;

/** Decode, parse and validate the shape of one line; null for a blank line. */
export function parseAnnotationLine(number: number, bytes: Buffer, decoder: TextDecoder): LineResult {
  const line = parseJsonLine(number, bytes, decoder);
  if (line === null || 'issues' in line) return line;
  const parsed = importedAnnotationLine.safeParse(line.json);
  // Worded only when they will be listed: wording costs more than checking.
  if (!parsed.success) return { issues: () => schemaIssues(number, parsed.error, '(line)') };
  const { question_id, annotator, points } = parsed.data;
  return { annotation: { line: number, questionId: question_id, annotator, points } };
}

/**
 * Every annotation of a file, or the (bounded) issues of its bad lines; duplicates are issues
 * too. Checked in slices that let other requests through (eventLoopPacer.ts).
 */
export async function readAnnotationFile(file: string): Promise<{ annotations: ParsedAnnotation[]; issues: IssueList }> {
  const annotations: ParsedAnnotation[] = [];
  const issues = new IssueList();
  const pacer = new Pacer();
  const seen = new Map<string, number>();
  const decoder = jsonLineDecoder();
  for await (const { number, bytes, tooLong } of readLines(file)) {
    await pacer.step();
    if (tooLong) {
      issues.add([tooLongIssue(number, MAX_LINE_BYTES)]);
      continue;
    }
    const result = parseAnnotationLine(number, bytes, decoder);
    if (!result) continue;
    if ('issues' in result) {
      issues.add(result.issues);
      continue;
    }
    const a = result.annotation;
    const key = `${a.questionId}\u0000${a.annotator.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) issues.add([{ line: number, field: 'annotator', message: `${a.annotator} already annotates ${a.questionId} on line ${first}` }]);
    else {
      seen.set(key, number);
      annotations.push(a);
    }
  }
  if (annotations.length === 0 && issues.empty) issues.add([{ line: 0, field: '', message: 'the file holds no annotations' } satisfies ImportIssue]);
  return { annotations, issues };
}
