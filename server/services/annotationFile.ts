import type { TextDecoder } from 'node:util';
import type { Point } from '../../shared/edits';
import { importedAnnotationLine } from '../../shared/schemas/annotationImport';
import type { ImportIssue } from '../../shared/schemas/lcb';
import { jsonLineDecoder, parseJsonLine, schemaIssues, tooLongIssue } from './jsonLines';
import { MAX_LINE_BYTES, readLines } from './lineReader';

/** One valid line of an annotation file. */
export interface ParsedAnnotation {
  line: number;
  questionId: string;
  annotator: string;
  points: Point[];
}

type LineResult = { annotation: ParsedAnnotation } | { issues: ImportIssue[] } | null;

/** Decode, parse and validate the shape of one line; null for a blank line. */
export function parseAnnotationLine(number: number, bytes: Buffer, decoder: TextDecoder): LineResult {
  const line = parseJsonLine(number, bytes, decoder);
  if (line === null || 'issues' in line) return line;
  const parsed = importedAnnotationLine.safeParse(line.json);
  if (!parsed.success) return { issues: schemaIssues(number, parsed.error, '(line)') };
  const { question_id, annotator, points } = parsed.data;
  return { annotation: { line: number, questionId: question_id, annotator, points } };
}

/** Every annotation of a file, or the issues of every bad line; duplicates are issues too. */
export async function readAnnotationFile(file: string): Promise<{ annotations: ParsedAnnotation[]; issues: ImportIssue[] }> {
  const annotations: ParsedAnnotation[] = [];
  const issues: ImportIssue[] = [];
  const seen = new Map<string, number>();
  const decoder = jsonLineDecoder();
  for await (const { number, bytes, tooLong } of readLines(file)) {
    if (tooLong) {
      issues.push(tooLongIssue(number, MAX_LINE_BYTES));
      continue;
    }
    const result = parseAnnotationLine(number, bytes, decoder);
    if (!result) continue;
    if ('issues' in result) {
      issues.push(...result.issues);
      continue;
    }
    const a = result.annotation;
    const key = `${a.questionId}\u0000${a.annotator.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) issues.push({ line: number, field: 'annotator', message: `${a.annotator} already annotates ${a.questionId} on line ${first}` });
    else {
      seen.set(key, number);
      annotations.push(a);
    }
  }
  if (annotations.length === 0 && issues.length === 0) issues.push({ line: 0, field: '', message: 'the file holds no annotations' });
  return { annotations, issues };
}
