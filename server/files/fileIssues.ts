/**
 * The findings of a file checked line by line, bounded: the first MAX_LISTED_ISSUES issues are
 * kept (line-numbered), after that only the lines with errors are counted — so a file of a
 * million bad lines costs no more memory, and its check no more per line, than it must.
 */
import type { ImportIssue } from '../../shared/schemas/lcb';

/** Issues kept for the report (the CLI and the import pages list them all); the rest are counted by line. */
export const MAX_LISTED_ISSUES = 50;

/** One line's issues, or how to word them: only called while the list has room. */
export type LineIssues = readonly ImportIssue[] | (() => readonly ImportIssue[]);

export class IssueList {
  readonly listed: ImportIssue[] = [];
  /** Lines with at least one error. */
  linesWithErrors = 0;
  /** Lines with errors none of whose issues is listed. */
  unlistedLines = 0;

  get full(): boolean {
    return this.listed.length >= MAX_LISTED_ISSUES;
  }

  get empty(): boolean {
    return this.linesWithErrors === 0;
  }

  /** Report one line's issues (once per line; an empty list is no error). */
  add(issues: LineIssues): void {
    if (this.full) {
      if (typeof issues === 'function' || issues.length > 0) {
        this.linesWithErrors++;
        this.unlistedLines++;
      }
      return;
    }
    const found = typeof issues === 'function' ? issues() : issues;
    if (found.length === 0) return;
    this.linesWithErrors++;
    this.listed.push(...found.slice(0, MAX_LISTED_ISSUES - this.listed.length));
  }
}
