import { MAX_POINTS } from '../../../shared/edits';
import { parseRelease, type LineRecord } from '../../../shared/release/validate';
import type { ImportIssue } from '../../../shared/schemas/lcb';
import { ImportError } from '../lcbFile';
import { IssueList } from '../../files/fileIssues';

const LINE_PREFIX = /^line \d+: /;

/**
 * Parse a release file for import (the one boundary for it): every record must match the
 * release schema, hold 1 to 3 qa pairs and have its own task_id. Any problem is an
 * ImportError listing the first bad lines and counting the rest; nothing is imported then.
 */
export function parseLegacyRelease(bytes: Buffer): LineRecord[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportError([{ line: 0, field: '', message: 'the file is not valid UTF-8 text' }]);
  }
  const parsed = parseRelease(text);
  const issues: ImportIssue[] = parsed.findings
    .filter((f) => f.severity === 'error')
    .map((f) => ({ line: f.line ?? 0, field: '', message: f.message.replace(LINE_PREFIX, '') }));
  const firstLine = new Map<string, number>();
  for (const { line, record } of parsed.records) {
    const k = record.qa_pairs.length;
    if (k < 1 || k > MAX_POINTS) issues.push({ line, field: 'qa_pairs', message: `must hold 1 to ${MAX_POINTS} question-answer pairs (got ${k})` });
    const earlier = firstLine.get(record.task_id);
    if (earlier !== undefined) issues.push({ line, field: 'task_id', message: `"${record.task_id}" is already the id of line ${earlier}` });
    else firstLine.set(record.task_id, line);
  }
  if (parsed.records.length === 0 && issues.length === 0) issues.push({ line: 0, field: '', message: 'the file holds no tasks' });
  if (issues.length === 0) return parsed.records;
  const byLine = new Map<number, ImportIssue[]>();
  for (const issue of issues.sort((a, b) => a.line - b.line)) {
    const found = byLine.get(issue.line);
    if (found) found.push(issue);
    else byLine.set(issue.line, [issue]);
  }
  const list = new IssueList();
  for (const found of byLine.values()) list.add(found);
  throw ImportError.of(list);
}
