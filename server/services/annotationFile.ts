import type { Point } from '../../shared/edits';
import { importedAnnotationLine } from '../../shared/schemas/annotationImport';
import type { ImportIssue } from '../../shared/schemas/lcb';
import { jsonLinesOf, schemaIssues } from '../files/jsonLines';
import { IssueList, type LineIssues } from '../files/fileIssues';

/** One valid line of an annotation file. */
export interface ParsedAnnotation {
  line: number;
  questionId: string;
  annotator: string;
  points: Point[];
}

type LineResult = { annotation: ParsedAnnotation } | { issues: LineIssues };

/** Validate the shape of one line's JSON. */
function parseAnnotationLine(number: number, json: unknown): LineResult {
  const parsed = importedAnnotationLine.safeParse(json);
  // Worded only when they will be listed: wording costs more than checking.
  if (!parsed.success) return { issues: () => schemaIssues(number, parsed.error, '(line)') };
  const { question_id, annotator, points } = parsed.data;
  return { annotation: { line: number, questionId: question_id, annotator, points } };
}

/**
 * Every annotation of a file, or the (bounded) issues of its bad lines; duplicates are issues
 * too. Checked in slices that let other requests through (server/files/eventLoopPacer.ts).
 */
export async function readAnnotationFile(file: string): Promise<{ annotations: ParsedAnnotation[]; issues: IssueList }> {
  const annotations: ParsedAnnotation[] = [];
  const issues = new IssueList();
  const seen = new Map<string, number>();
  for await (const { number, json } of jsonLinesOf(file, issues)) {
    const result = parseAnnotationLine(number, json);
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
